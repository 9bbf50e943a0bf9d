import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { signedInContext, testContext } from '#app/.server/test-context.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { configurePartsPorts } from '#app/modules/parts/parts.server.ts';
import { loadPartPage, searchPartsLanding } from '#app/modules/parts/pages/pages.server.ts';
import { loadPartsLinePage } from '#app/modules/parts/line/line.server.ts';
import { lookupPartNumber } from '#app/modules/parts/parts.server.ts';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { supplierSettingsInput } from '../suppliers.schema.ts';
import { updateSettings } from '../suppliers.server.ts';
import { createFile, finishProcessing, matchByHand, publishFile, STAGE_CHUNK, stageRows, supplierOffersForParts, type StagedRow } from './intake.server.ts';

/*
 * A price list from rows to the storefront (issue 32 §5–§6, ADR 096) on both engines: rows matched
 * and staged, published in one transaction with the organisation's rule for missing rows, manual
 * matches remembered, the marked-up best offer on the part page, and every step scoped to the
 * organisation. On PostgreSQL, readers during a publication see the old list or the new one.
 */

let t: TestDatabase;
let restorePorts = () => {};
let orgA: number;
let orgB: number;
const part = new Map<string, number>();

async function organisation(name: string, over: Record<string, unknown> = {}) {
  const { id } = await t.db.insertInto('suppliers_organisation')
    .values({ name, currency: 'RUB', lead_time_days: 7, markup_rules: JSON.stringify([{ from: 0, percent: 20 }]), ...over }).returning('id').executeTakeFirstOrThrow();
  return id;
}

function row(rowNumber: number, code: string, brand: string, price: number | null, over: Partial<StagedRow> = {}): StagedRow {
  return { rowNumber, code, brand, name: `Позиция ${rowNumber}`, price, currency: null, stock: 10, multiplicity: 1, minOrder: 1, leadTimeDays: null, problems: [], ...over };
}

async function list(org: number, rows: StagedRow[], kind: 'full' | 'delta' = 'full') {
  const file = await createFile(t.db, org, { source: 'upload', name: 'price.csv', kind });
  const staged = await stageRows(t.services, org, file, rows);
  await finishProcessing(t.db, org, file, { state: 'held', report: { codes: {} } });
  return { file, ...staged };
}

async function offersOf(org: number) {
  return t.db.selectFrom('suppliers_offer').select(['part_id', 'price', 'active', 'lead_time_days']).where('organisation_id', '=', org).orderBy('part_id').execute();
}

beforeAll(async () => {
  t = await createTestDatabase();
  for (const code of ['RE59754', 'RE504836', 'AB12345', 'RE57394']) {
    part.set(code, (await t.db.selectFrom('parts_part').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);
  }
  orgA = await organisation('ООО «Агродеталь»');
  orgB = await organisation('ООО «Сибзапчасть»', { missing_rows: 'delete', lead_time_days: 3 });
  restorePorts = configurePartsPorts({ supplierOffers: supplierOffersForParts });
}, 120_000);
afterAll(async () => {
  restorePorts();
  await t?.destroy();
});

describe('staging and matching', () => {
  it('stages every row, matched or not, with the organisation\'s currency and lead time filling the gaps', async () => {
    const { file, matched } = await list(orgA, [
      row(2, 'RE59754', 'John Deere', 150_000),
      row(3, 'ку504836', '', 90_000, { leadTimeDays: 2 }),
      row(4, 'НЕТ-ТАКОГО-999', 'Noname', 1_000),
      row(5, '', 'John Deere', 1_000, { problems: ['empty_code'] }),
    ]);
    expect(matched).toBe(2);
    const rows = await t.db.selectFrom('suppliers_position').select(['row_number', 'part_id', 'matched_by', 'currency', 'lead_time_days', 'problems'])
      .where('file_id', '=', file).orderBy('row_number').execute();
    expect(rows).toEqual([
      { row_number: 2, part_id: part.get('RE59754'), matched_by: 'code_brand', currency: 'RUB', lead_time_days: 7, problems: [] },
      { row_number: 3, part_id: part.get('RE504836'), matched_by: 'code', currency: 'RUB', lead_time_days: 2, problems: [] },
      { row_number: 4, part_id: null, matched_by: null, currency: 'RUB', lead_time_days: 7, problems: [] },
      { row_number: 5, part_id: null, matched_by: null, currency: 'RUB', lead_time_days: 7, problems: ['empty_code'] },
    ]);
    const f = await t.db.selectFrom('suppliers_file').select(['state', 'rows_total', 'rows_matched', 'rows_bad']).where('id', '=', file).executeTakeFirstOrThrow();
    expect(f).toEqual({ state: 'held', rows_total: 4, rows_matched: 2, rows_bad: 1 });
  });

  it('remembers a manual match for the organisation\'s next lists, and refuses another organisation\'s position', async () => {
    const first = await list(orgA, [row(2, 'ZX-77-01', 'Агросиб', 5_000)]);
    expect(first.matched).toBe(0);
    expect(await matchByHand(t.db, orgB, first.file, 2, part.get('AB12345')!, null)).toBe(false);
    expect(await matchByHand(t.db, orgA, first.file, 2, 2 ** 31 - 1, null)).toBe(false);
    expect(await matchByHand(t.db, orgA, first.file, 2, part.get('AB12345')!, null)).toBe(true);
    const next = await list(orgA, [row(7, 'zx 77 01', 'АГРОСИБ', 5_500)]);
    expect(next.matched).toBe(1);
    const pos = await t.db.selectFrom('suppliers_position').select(['part_id', 'matched_by']).where('file_id', '=', next.file).executeTakeFirstOrThrow();
    expect(pos).toEqual({ part_id: part.get('AB12345'), matched_by: 'manual' });
    // Another organisation's same code is not matched by A's memory.
    expect((await list(orgB, [row(2, 'ZX-77-01', 'Агросиб', 5_000)])).matched).toBe(0);
  });

  it('stages a list longer than a batch whole, each row with its own values and empties as nulls (columns reused from batch to batch)', async () => {
    const rows = Array.from({ length: STAGE_CHUNK + 3 }, (_, i) => i === STAGE_CHUNK + 1
      ? row(i + 1, 'RE59754', 'John Deere', null, { line: null, stock: null, problems: ['bad_price', 'bad_stock'] })
      : row(i + 1, i === 1 ? 'RE504836' : `NOPE-${i}`, i === 1 ? 'John Deere' : `Бренд ${i % 7}`, 100 + i, { line: i + 2, stock: i % 3, leadTimeDays: i % 2 ? 4 : null, currency: i === 2 ? 'USD' : null }));
    const { file, matched } = await list(orgA, rows);
    // The row with a bad price is neither matched nor counted; RE504836 matches.
    expect(matched).toBe(1);
    const staged = await t.db.selectFrom('suppliers_position').select(['row_number', 'line', 'code', 'brand', 'price', 'currency', 'stock', 'lead_time_days', 'problems', 'part_id'])
      .where('file_id', '=', file).where('row_number', 'in', [2, 3, STAGE_CHUNK, STAGE_CHUNK + 1, STAGE_CHUNK + 2, STAGE_CHUNK + 3]).orderBy('row_number').execute();
    expect(staged.map((r) => ({ ...r, price: r.price === null ? null : Number(r.price) }))).toEqual([
      { row_number: 2, line: 3, code: 'RE504836', brand: 'John Deere', price: 101, currency: 'RUB', stock: 1, lead_time_days: 4, problems: [], part_id: part.get('RE504836') },
      { row_number: 3, line: 4, code: 'NOPE-2', brand: 'Бренд 2', price: 102, currency: 'USD', stock: 2, lead_time_days: 7, problems: [], part_id: null },
      { row_number: STAGE_CHUNK, line: STAGE_CHUNK + 1, code: `NOPE-${STAGE_CHUNK - 1}`, brand: `Бренд ${(STAGE_CHUNK - 1) % 7}`, price: 100 + STAGE_CHUNK - 1, currency: 'RUB', stock: (STAGE_CHUNK - 1) % 3, lead_time_days: 4, problems: [], part_id: null },
      { row_number: STAGE_CHUNK + 1, line: STAGE_CHUNK + 2, code: `NOPE-${STAGE_CHUNK}`, brand: `Бренд ${STAGE_CHUNK % 7}`, price: 100 + STAGE_CHUNK, currency: 'RUB', stock: STAGE_CHUNK % 3, lead_time_days: 7, problems: [], part_id: null },
      { row_number: STAGE_CHUNK + 2, line: null, code: 'RE59754', brand: 'John Deere', price: null, currency: 'RUB', stock: null, lead_time_days: 7, problems: ['bad_price', 'bad_stock'], part_id: null },
      { row_number: STAGE_CHUNK + 3, line: STAGE_CHUNK + 4, code: `NOPE-${STAGE_CHUNK + 2}`, brand: `Бренд ${(STAGE_CHUNK + 2) % 7}`, price: 100 + STAGE_CHUNK + 2, currency: 'RUB', stock: (STAGE_CHUNK + 2) % 3, lead_time_days: 7, problems: [], part_id: null },
    ]);
    const count = await t.db.selectFrom('suppliers_position').select((eb) => eb.fn.countAll<number>().as('n')).where('file_id', '=', file).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(STAGE_CHUNK + 3);
  }, 60_000);
});

describe('publishing', () => {
  it('writes the cheapest row per part, withdraws what a full list no longer has, and keeps what a delta does not name', async () => {
    const org = await organisation('ООО «Публикация»');
    const one = await list(org, [row(2, 'RE59754', 'John Deere', 150_000), row(3, 'RE59754', 'John Deere', 140_000), row(4, 'RE504836', 'John Deere', 90_000)]);
    expect(await publishFile(t.db, org, one.file)).toEqual({ ok: true, offers: 2, withdrawn: 0 });
    expect(await publishFile(t.db, org, one.file)).toEqual({ ok: false, reason: 'already_published' });
    expect(await offersOf(org)).toEqual([
      { part_id: part.get('RE59754'), price: 140_000, active: true, lead_time_days: 7 },
      { part_id: part.get('RE504836'), price: 90_000, active: true, lead_time_days: 7 },
    ].sort((a, b) => a.part_id! - b.part_id!));
    const delta = await list(org, [row(2, 'AB12345', '', 1_000)], 'delta');
    expect(await publishFile(t.db, org, delta.file)).toMatchObject({ ok: true, offers: 1, withdrawn: 0 });
    expect((await offersOf(org)).filter((o) => o.active)).toHaveLength(3);
    const two = await list(org, [row(2, 'RE59754', 'John Deere', 145_000)]);
    expect(await publishFile(t.db, org, two.file)).toMatchObject({ ok: true, offers: 1, withdrawn: 2 });
    expect((await offersOf(org)).filter((o) => o.active).map((o) => o.part_id)).toEqual([part.get('RE59754')]);
    // The organisation's rule 'delete': withdrawn offers are gone.
    const b1 = await list(orgB, [row(2, 'RE59754', 'John Deere', 100_000), row(3, 'RE504836', 'John Deere', 100_000)]);
    await publishFile(t.db, orgB, b1.file);
    const b2 = await list(orgB, [row(2, 'RE59754', 'John Deere', 100_000)]);
    expect(await publishFile(t.db, orgB, b2.file)).toMatchObject({ ok: true, withdrawn: 1 });
    expect(await offersOf(orgB)).toHaveLength(1);
  });

  it('never publishes another organisation\'s file, nor rows without a price or with problems', async () => {
    const org = await organisation('ООО «Чужой файл»');
    const mine = await list(org, [row(2, 'RE57394', 'John Deere', null), row(3, 'RE57394', 'John Deere', 5, { problems: ['duplicate'] })]);
    expect(await publishFile(t.db, orgA, mine.file)).toEqual({ ok: false, reason: 'not_found' });
    expect(await publishFile(t.db, org, mine.file)).toEqual({ ok: true, offers: 0, withdrawn: 0 });
  });
});

describe('the storefront', () => {
  it('shows the best offer with its organisation\'s markup, in the branch\'s currency only, the price only to those who see prices', async () => {
    const org = await organisation('ООО «Витрина»', { markup_rules: JSON.stringify([{ from: 0, percent: 50 }, { from: 100_000, percent: 10 }]), lead_time_days: 12 });
    const code = 'RE57394';
    const f = await list(org, [row(2, code, 'John Deere', 20_000), row(3, 'RE504836', 'John Deere', 200_000, { currency: 'USD' })]);
    await publishFile(t.db, org, f.file);
    const offers = await supplierOffersForParts(t.db, [part.get(code)!, part.get('RE504836')!], 'RUB');
    expect(offers.get(part.get(code)!)).toMatchObject({ organisationId: org, price: 30_000, currency: 'RUB', leadTimeDays: 12 });
    expect((await supplierOffersForParts(t.db, [part.get('RE504836')!], 'USD')).get(part.get('RE504836')!)).toMatchObject({ price: 220_000 });
    expect((await supplierOffersForParts(t.db, [part.get(code)!], 'KZT')).size).toBe(0);

    const guest = await loadPartPage(testContext(t.services), part.get(code)!, { employee: false });
    expect(guest!.supplierOffer).toEqual({ price: null, currency: 'RUB', leadTimeDays: 12, minOrder: 1, multiplicity: 1 });
    const userId = await createUser(t.db, { name: 'Пётр Механиков', email: 'supplier-offer@agro.test', password: 'secret1', emailVerified: true });
    const signed = await loadPartPage(await signedInContext(t.services, userId), part.get(code)!, { employee: false });
    expect(signed!.supplierOffer?.price).toBe(30_000);
  });
});

describe('the parts line rows and the number search (ADR 101)', () => {
  /** The first drawing of the demo's line Кировец К-7М (the one its page opens with): a position's part. */
  const LINE = 1;
  const lineUrl = new URL('http://shop.test/zapchasti/kirovets/kirovets-k-7m');

  it('show the best offer as on the part page, the price to signed-in visitors only; a new list shows at once; one statement for the whole line', async () => {
    const first = await t.db.selectFrom('parts_drawing_position as p').innerJoin('parts_drawing as d', 'd.id', 'p.drawing_id').innerJoin('parts_part as pp', 'pp.id', 'p.part_id')
      .select(['p.part_id', 'pp.code']).where('d.model_line_id', '=', LINE).orderBy('d.sort').orderBy('d.id').orderBy('p.callout').executeTakeFirstOrThrow();
    const org = await organisation('ООО «Линейка»', { markup_rules: JSON.stringify([{ from: 0, percent: 10 }]), lead_time_days: 9 });
    const f = await list(org, [row(2, first.code, '', 10_000, { minOrder: 3, multiplicity: 1 })]);
    expect(await publishFile(t.db, org, f.file)).toMatchObject({ ok: true, offers: 1 });
    const userId = await createUser(t.db, { name: 'Иван Линейкин', email: 'supplier-line@agro.test', password: 'secret1', emailVerified: true });
    const rowOf = (p: Awaited<ReturnType<typeof loadPartsLinePage>>) => p!.drawing!.rows.find((r) => r.partId === first.part_id)!;

    const { services, counter } = countingServices(t.services);
    const guest = await loadPartsLinePage(testContext(services), LINE, lineUrl);
    expect(rowOf(guest).supplierOffer).toEqual({ price: null, currency: 'RUB', leadTimeDays: 9, minOrder: 3, multiplicity: 1 });
    expect(guest!.drawing!.rows.filter((r) => r.supplierOffer !== null)).toHaveLength(guest!.drawing!.rows.filter((r) => r.partId === first.part_id).length);
    const member = await signedInContext(services, userId);
    counter.count = 0;
    const signed = await loadPartsLinePage(member, LINE, lineUrl);
    expect(rowOf(signed).supplierOffer).toEqual({ price: 11_000, currency: 'RUB', leadTimeDays: 9, minOrder: 3, multiplicity: 1 });

    // Another list published: the kept offers of the line are read again, in one statement.
    const again = await list(org, [row(2, first.code, '', 20_000)]);
    await publishFile(t.db, org, again.file);
    counter.count = 0;
    await loadPartsLinePage(member, LINE, lineUrl);
    expect(counter.count).toBe(1);
    // Then kept again: on PostgreSQL once the server's own notification of the publication, a round
    // trip after the commit, has come back and dropped what the first read kept.
    await expect.poll(async () => {
      counter.count = 0;
      await loadPartsLinePage(member, LINE, lineUrl);
      return counter.count;
    }).toBe(0);
    const afterward = await loadPartsLinePage(member, LINE, lineUrl);
    expect(rowOf(afterward).supplierOffer?.price).toBe(22_000);

    // A new markup of the organisation shows at once too.
    const saved = await updateSettings(t.db, { userId, name: 'Иван Линейкин' }, org, supplierSettingsInput.parse({
      name: 'ООО «Линейка»', inn: '', sources: ['upload'], senders: '', currency: 'RUB', leadTimeDays: '9',
      markupRules: [{ from: '0', percent: '50' }], autoPublishMaxChange: '20', missingRows: 'deactivate',
    }));
    expect(saved.ok).toBe(true);
    await expect.poll(async () => rowOf(await loadPartsLinePage(member, LINE, lineUrl)).supplierOffer?.price).toBe(30_000);

    const searchedGuest = await lookupPartNumber(testContext(t.services), first.code);
    expect(searchedGuest.hits.find((h) => h.id === first.part_id)?.supplierOffer).toEqual({ price: null, currency: 'RUB', leadTimeDays: 9, minOrder: 1, multiplicity: 1 });
    const landing = await searchPartsLanding(await signedInContext(t.services, userId), first.code);
    expect(landing.numbers!.hits.find((h) => h.id === first.part_id)?.supplierOffer?.price).toBe(30_000);
    // Parts no supplier offers have none.
    expect(landing.numbers!.hits.filter((h) => h.id !== first.part_id).every((h) => h.supplierOffer === null)).toBe(true);
  });
});

describe.runIf(process.env.DATABASE_URL)('a publication under parallel reads (PostgreSQL)', () => {
  it('never shows half a list', async () => {
    if (t.engine !== 'postgresql') return;
    const org = await organisation('ООО «Большой список»', { missing_rows: 'deactivate' });
    const ids = (await t.db.selectFrom('parts_part').select(['id', 'code']).orderBy('id').limit(3_000).execute());
    const first = await list(org, ids.slice(0, 1_500).map((p, i) => row(i + 2, p.code, '', 1_000 + i)));
    await publishFile(t.db, org, first.file);
    const second = await list(org, ids.slice(1_500).map((p, i) => row(i + 2, p.code, '', 2_000 + i)));
    const counts = new Set<number>();
    let publishing = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (publishing) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from suppliers_offer where organisation_id = ${org} and active`.execute(t.db);
        counts.add(Number(rows[0]!.n));
      }
    });
    const published = await publishFile(t.db, org, second.file);
    publishing = false;
    await Promise.all(readers);
    expect(published.ok).toBe(true);
    expect(counts.size).toBeGreaterThan(0);
    const matchedFirst = first.matched, matchedSecond = second.matched;
    for (const n of counts) expect([matchedFirst, matchedSecond]).toContain(n);
  });

  it('publishes a file once when it is published twice at the same moment', async () => {
    if (t.engine !== 'postgresql') return;
    const org = await organisation('ООО «Дважды»');
    const f = await list(org, [row(2, 'RE59754', 'John Deere', 150_000), row(3, 'RE504836', 'John Deere', 90_000)]);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => publishFile(t.db, org, f.file)));
    expect(outcomes.filter((o) => o.ok)).toEqual([{ ok: true, offers: 2, withdrawn: 0 }]);
    expect(outcomes.filter((o) => !o.ok)).toHaveLength(5);
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.reason === 'already_published')).toBe(true);
    expect(await offersOf(org)).toHaveLength(2);
  });
});
