import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { findSession, rotateSession } from '#app/.server/session.ts';
import { testContext } from '#app/.server/test-context.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { MACHINES_LIMIT, YARD_MESSAGES } from './yard.constants.ts';
import * as yard from './yard.server.ts';

let t: TestDatabase;
interface DemoModel { id: number; name: string; slug: string; line_id: number; line_slug: string; mf_slug: string }
let models: DemoModel[];

beforeAll(async () => {
  t = await createTestDatabase();
  const { rows } = await sql<DemoModel>`
    select m.id, m.name, m.slug, l.id as line_id, l.slug as line_slug, mf.slug as mf_slug
    from catalog_model m join catalog_model_line l on l.id = m.model_line_id join catalog_manufacturer mf on mf.id = l.manufacturer_id
    order by m.id limit 3`.execute(t.db);
  models = rows;
}, 120_000);
afterAll(async () => { await t?.destroy(); });

let n = 0;
async function signedIn(services = t.services) {
  const userId = await createUser(t.db, { name: 'Степан', email: `yard${++n}@agro.test`, password: 'secret1' });
  const ctx = testContext(services);
  await ctx.signIn(userId, 'browser');
  return ctx;
}
const m = (i: number) => models[i]!;
const values = (modelId: number, serial: string, extra: { year?: number | null; name?: string | null } = {}) =>
  ({ modelId, serial, year: extra.year ?? null, name: extra.name ?? null });

describe('a guest', () => {
  it('has no machines and can change nothing, without a query', async () => {
    const { services, counter } = countingServices(t.services);
    const ctx = testContext(services);
    expect(await yard.listMachines(ctx)).toBeNull();
    expect(await yard.machinesForPicker(ctx)).toBeNull();
    expect(counter.count).toBe(0);
    for (const outcome of [
      await yard.addMachine(ctx, values(m(0).id, 'A1')),
      await yard.updateMachine(ctx, 1, values(m(0).id, 'A1')),
      await yard.deleteMachine(ctx, 1),
    ]) expect(outcome).toEqual({ ok: false, code: 'sign-in', message: YARD_MESSAGES.signIn });
    expect(counter.count).toBe(0);
  });
});

describe('a signed-in user', () => {
  it('adds machines and lists them newest first with their model, line and parts link, in one statement', async () => {
    const { services, counter } = countingServices(t.services);
    const ctx = await signedIn(services);
    const first = await yard.addMachine(ctx, values(m(0).id, 'SN-0001', { year: 2019, name: 'Синий' }));
    expect(first).toMatchObject({ ok: true, message: YARD_MESSAGES.added, id: expect.any(Number) });
    await yard.addMachine(ctx, values(m(1).id, '20240500'));
    counter.count = 0;
    const list = await yard.listMachines(ctx);
    expect(counter.count).toBe(1);
    expect(list!.map((x) => x.serial)).toEqual(['20240500', 'SN-0001']);
    expect(list![1]).toMatchObject({
      name: 'Синий', year: 2019, model: { id: m(0).id, name: m(0).name }, line: { id: m(0).line_id },
      partsLink: `/zapchasti/${m(0).mf_slug}/${m(0).line_slug}?serial=SN-0001&models[]=${m(0).slug}`,
    });
    counter.count = 0;
    const picker = await yard.machinesForPicker(ctx);
    expect(counter.count).toBe(1);
    expect(picker).toEqual([
      { id: list![0]!.id, title: m(1).name, modelName: m(1).name, serial: '20240500', lineId: m(1).line_id, partsLink: list![0]!.partsLink },
      { id: list![1]!.id, title: 'Синий', modelName: m(0).name, serial: 'SN-0001', lineId: m(0).line_id, partsLink: list![1]!.partsLink },
    ]);
  });

  it('gives the picker from the session on a page view: the same machines, no statement of its own', async () => {
    const userId = await createUser(t.db, { name: 'Фрол', email: `yard${++n}@agro.test`, password: 'secret1' });
    const { token, session } = await rotateSession(t.db, null, userId, 'browser');
    const writer = testContext(t.services, { session });
    await yard.addMachine(writer, values(m(0).id, 'SN-0002', { name: 'Красный' }));
    await yard.addMachine(writer, values(m(1).id, 'SN-0003'));
    const expected = await yard.machinesForPicker(writer);
    expect(expected).toHaveLength(2);
    const { services, counter } = countingServices(t.services);
    const page = testContext(services, { session: await findSession(t.db, token, { withFacts: true }) });
    // The first call fills this handle's line directory (two statements a minute for every page).
    expect(await yard.machinesForPicker(page)).toEqual(expected);
    counter.count = 0;
    expect(await yard.machinesForPicker(page)).toEqual(expected);
    expect(counter.count).toBe(0);
  });

  it('reads the machines with their models when one is newer than the kept line directory', async () => {
    const userId = await createUser(t.db, { name: 'Ефим', email: `yard${++n}@agro.test`, password: 'secret1' });
    const { token, session } = await rotateSession(t.db, null, userId, 'browser');
    const writer = testContext(t.services, { session });
    await yard.machinesForPicker(writer); // the directory is kept from here on
    const { rows: [fresh] } = await sql<{ id: number }>`
      insert into catalog_model (id, slug, name, product_code, model_line_id)
      values ((select max(id) + 1 from catalog_model), 'novinka-yard', 'Новинка', 'YARDNEW1', ${m(0).line_id}) returning id`.execute(t.db);
    await yard.addMachine(writer, values(fresh!.id, 'SN-NEW'));
    const page = testContext(t.services, { session: await findSession(t.db, token, { withFacts: true }) });
    expect(await yard.machinesForPicker(page)).toEqual([
      expect.objectContaining({ title: 'Новинка', modelName: 'Новинка', serial: 'SN-NEW', lineId: m(0).line_id, partsLink: expect.stringContaining('models[]=novinka-yard') }),
    ]);
  });

  it('refuses an unknown model and the same machine twice', async () => {
    const ctx = await signedIn();
    expect(await yard.addMachine(ctx, values(999_999_999, 'X1'))).toMatchObject({ ok: false, code: 'unknown-model' });
    expect((await yard.addMachine(ctx, values(m(0).id, 'X1'))).ok).toBe(true);
    expect(await yard.addMachine(ctx, values(m(0).id, 'X1'))).toEqual({ ok: false, code: 'duplicate', message: YARD_MESSAGES.duplicate });
    // The same serial on another model is another machine.
    expect((await yard.addMachine(ctx, values(m(1).id, 'X1'))).ok).toBe(true);
    expect(await yard.listMachines(ctx)).toHaveLength(2);
  });

  it('edits and deletes his machines', async () => {
    const ctx = await signedIn();
    const added = await yard.addMachine(ctx, values(m(0).id, 'E1'));
    const other = await yard.addMachine(ctx, values(m(1).id, 'E2'));
    if (!added.ok || !other.ok) throw new Error('not added');
    expect(await yard.updateMachine(ctx, added.id, values(m(2).id, 'E1-B', { year: 2001, name: 'Старый' }))).toEqual({ ok: true, message: YARD_MESSAGES.updated });
    expect((await yard.listMachines(ctx))!.find((x) => x.id === added.id)).toMatchObject({ serial: 'E1-B', year: 2001, name: 'Старый', model: { id: m(2).id } });
    expect(await yard.updateMachine(ctx, added.id, values(m(1).id, 'E2'))).toMatchObject({ ok: false, code: 'duplicate' });
    expect(await yard.updateMachine(ctx, added.id, values(999_999_999, 'E9'))).toMatchObject({ ok: false, code: 'unknown-model' });
    expect(await yard.updateMachine(ctx, 999_999_999, values(m(1).id, 'E9'))).toMatchObject({ ok: false, code: 'not-found' });
    expect(await yard.deleteMachine(ctx, added.id)).toEqual({ ok: true, message: YARD_MESSAGES.deleted });
    expect(await yard.deleteMachine(ctx, added.id)).toMatchObject({ ok: false, code: 'not-found' });
    expect((await yard.listMachines(ctx))!.map((x) => x.id)).toEqual([other.id]);
  });
});

describe('ownership', () => {
  it('a user never sees, edits or deletes another user\'s machine', async () => {
    const anna = await signedIn();
    const boris = await signedIn();
    const hers = await yard.addMachine(anna, values(m(0).id, 'ANNA-1', { name: 'Аннин' }));
    if (!hers.ok) throw new Error('not added');
    expect(await yard.listMachines(boris)).toEqual([]);
    expect(await yard.machinesForPicker(boris)).toEqual([]);
    expect(await yard.updateMachine(boris, hers.id, values(m(1).id, 'BORIS'))).toMatchObject({ ok: false, code: 'not-found' });
    expect(await yard.deleteMachine(boris, hers.id)).toMatchObject({ ok: false, code: 'not-found' });
    // Boris may keep a machine with the same model and serial: his own row.
    expect((await yard.addMachine(boris, values(m(0).id, 'ANNA-1'))).ok).toBe(true);
    expect(await yard.listMachines(anna)).toMatchObject([{ id: hers.id, serial: 'ANNA-1', name: 'Аннин', model: { id: m(0).id } }]);
  });
});

describe(`the limit of ${MACHINES_LIMIT} machines`, () => {
  it('is kept with adds in a row', async () => {
    const ctx = await signedIn();
    for (let i = 0; i < MACHINES_LIMIT; i++) expect((await yard.addMachine(ctx, values(m(i % 3).id, `L${i}`))).ok).toBe(true);
    expect(await yard.addMachine(ctx, values(m(0).id, 'ONE-MORE'))).toEqual({ ok: false, code: 'limit', message: YARD_MESSAGES.limit });
    // A slot freed is a slot to fill.
    const [last] = (await yard.listMachines(ctx))!;
    await yard.deleteMachine(ctx, last!.id);
    expect((await yard.addMachine(ctx, values(m(0).id, 'ONE-MORE'))).ok).toBe(true);
  });

  it(`is never passed by parallel adds of one user`, async () => {
    const ctx = await signedIn();
    // 45 already there, then 30 adds at once (five of them the same machine): exactly 5 get in.
    await sql`insert into parts_machine (user_id, model_id, serial_number)
      select ${ctx.session!.userId}, ${m(0).id}, 'PRE' || g from generate_series(1, ${MACHINES_LIMIT - 5}) g`.execute(t.db);
    const serials = [...Array.from({ length: 25 }, (_, i) => `P${i}`), 'SAME', 'SAME', 'SAME', 'SAME', 'SAME'];
    const results = await Promise.all(serials.map((s) => yard.addMachine(ctx, values(m(1).id, s))));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && (r.code === 'limit' || r.code === 'duplicate'))).toBe(true);
    const { rows: [row] } = await sql<{ n: number; same: number }>`
      select count(*)::int as n, count(*) filter (where serial_number = 'SAME')::int as same
      from parts_machine where user_id = ${ctx.session!.userId}`.execute(t.db);
    expect(row!.n).toBe(MACHINES_LIMIT);
    expect(row!.same).toBeLessThanOrEqual(1);
  });
});

describe('the table\'s own checks', () => {
  it('refuse what the forms refuse, whoever writes', async () => {
    const ctx = await signedIn();
    const userId = ctx.session!.userId!;
    const insert = (serial: string, year: number | null = null, name: string | null = null) =>
      sql`insert into parts_machine (user_id, model_id, serial_number, year, name) values (${userId}, ${m(0).id}, ${serial}, ${year}, ${name})`.execute(t.db);
    await expect(insert('')).rejects.toThrow();
    await expect(insert(' A1')).rejects.toThrow();
    await expect(insert('A\u00011')).rejects.toThrow();
    await expect(insert('A'.repeat(33))).rejects.toThrow();
    await expect(insert('A2', 1949)).rejects.toThrow();
    await expect(insert('A3', null, '')).rejects.toThrow();
    await expect(insert('A4', 2000, 'Жёлтый')).resolves.toBeDefined();
  });
});
