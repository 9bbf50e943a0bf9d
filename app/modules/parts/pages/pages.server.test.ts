import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '#app/.server/context.ts';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { signedInContext, testContext } from '#app/.server/test-context.ts';
import { sql } from 'kysely';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MachineFitNote } from '../yard/ui/MachineFitNote.tsx';
import { createUser } from '#app/modules/auth/users.server.ts';
import { currentLocation } from '#app/modules/regions/regions.server.ts';
import { serialInRange } from '../serial.rules.ts';
import { partFitsForMachines } from '../yard/yard.server.ts';
import { emptyFpState, FP_PAGE_SIZE } from './fp.rules.ts';
import { partLink } from './part-link.rules.ts';
import { searchPartsForSite } from './part-search.server.ts';
import {
  findPartsByName, loadFpPage, loadPartPage, loadPartsCatalog, loadPartsLanding, machineMakersWithDrawings, partsReference, searchPartsLanding,
} from './pages.server.ts';
import { configurePartsPorts } from '../parts.server.ts';

let t: TestDatabase;

// The parts module's own statements: the suppliers' offers, a port (ADR 096) that another file of
// the worker may have wired, answer none here.
let restorePorts = () => {};
beforeAll(() => { restorePorts = configurePartsPorts({ supplierOffers: async () => new Map() }); });
afterAll(() => restorePorts());
let userId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  userId = await createUser(t.db, { name: 'Пётр Запчастин', email: 'parts-pages@agro.example' });
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const guest = (services = t.services): RequestContext => testContext(services);
const customer = { employee: false };
const signedIn = (services = t.services): Promise<RequestContext> => signedInContext(services, userId);
async function partId(code: string): Promise<number> {
  const row = await t.db.selectFrom('parts_part').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

describe('names in Russian word forms', () => {
  it('finds "Фильтр масляный двигателя" by other forms of its words', async () => {
    for (const q of ['фильтра', 'фильтры масляные', 'масляного фильтра двигателей']) {
      const { items } = await findPartsByName(guest(), q);
      expect(items.length, q).toBeGreaterThan(0);
      expect(items.every((i) => /фильтр/i.test(i.name)), q).toBe(true);
    }
    const exact = await findPartsByName(guest(), 'масляного фильтра двигателей');
    expect(exact.items.every((i) => i.name.startsWith('Фильтр масляный двигателя'))).toBe(true);
    expect((await findPartsByName(guest(), 'ёлочка кривошип')).items).toEqual([]);
  });

  it('the landing search finds a number with its analogs, and names', async () => {
    const byNumber = await searchPartsLanding(guest(), 'АВ-123.45');
    expect(byNumber.numbers?.hits[0]).toMatchObject({ code: 'AB12345', relation: 'exact' });
    expect(byNumber.names).toEqual([]);
    const byName = await searchPartsLanding(guest(), 'подшипники ступицы');
    expect(byName.numbers).toBeNull();
    expect(byName.names.length).toBeGreaterThan(0);
    expect(byName.names.every((n) => n.name.startsWith('Подшипник ступицы'))).toBe(true);
  });
});

describe('the header search source', () => {
  it('puts the exact part first for a number with dashes and Cyrillic letters, then its relatives', async () => {
    // 'АВ' in Cyrillic letters: the analog of SKF 6205-2RS1.
    const { hits, total } = await searchPartsForSite(t.services, 'АВ-123-45', 'ав 123 45', 5);
    expect(hits[0]).toMatchObject({ title: 'AB12345 — Подшипник ступицы диска', link: partLink({ id: await partId('AB12345'), code: 'AB12345' }) });
    expect(hits.slice(1).map((h) => h.title)).toContain('6205-2RS1 — Подшипник ступицы диска');
    expect(total).toBeGreaterThanOrEqual(2);
  });

  it('finds names in word forms and costs at most two statements', async () => {
    const { services, counter } = countingServices(t.services);
    await partsReference(services);
    counter.count = 0;
    const { hits, total } = await searchPartsForSite(services, 'фильтра масляного', 'фильтра масляного', 5);
    expect(hits.length).toBe(5);
    expect(total).toBeGreaterThan(5);
    expect(hits.every((h) => /фильтр/i.test(h.title))).toBe(true);
    expect(counter.count).toBeLessThanOrEqual(2);
    counter.count = 0;
    await searchPartsForSite(services, 'RE-504836', 're 504836', 5);
    expect(counter.count).toBeLessThanOrEqual(2);
  });
});

describe('/fp/ lists', () => {
  it('lists a two-level category path, paginated, with its makers and a fixed number of statements', async () => {
    const ref = await partsReference(t.services);
    const top = ref.roots.find((r) => r.slug === 'dvigatel')!;
    const leaf = top.children.find((c) => c.slug === 'porshnevaya-gruppa')!;
    const { services, counter } = countingServices(t.services);
    await loadFpPage(guest(services), [], emptyFpState()); // the caches of reference data (tree, counts, regions)
    counter.count = 0;
    const page = (await loadFpPage(guest(services), ['dvigatel', 'porshnevaya-gruppa'], emptyFpState()))!;
    expect(counter.count).toBe(1);
    expect(page.title).toBe('Поршневая группа');
    expect(page.total).toBe(leaf.total);
    expect(page.items).toHaveLength(FP_PAGE_SIZE);
    expect(page.pageCount).toBe(Math.ceil(leaf.total / FP_PAGE_SIZE));
    const names = page.items.map((i) => i.name);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    expect(page.trail.map((c) => c.label)).toEqual(['Запчасти', 'Все запчасти', 'Двигатель']);
    expect(page.items.every((i) => i.here === null || i.here.price === null)).toBe(true);

    const second = (await loadFpPage(guest(), ['dvigatel', 'porshnevaya-gruppa'], { ...emptyFpState(), page: 2 }))!;
    expect(second.items[0]!.id).not.toBe(page.items[0]!.id);
  });

  it('filters by part maker, stock and price, and sorts by price for signed-in visitors', async () => {
    const all = (await loadFpPage(guest(), ['dvigatel'], emptyFpState()))!;
    const maker = all.makers[0]!;
    const byMaker = (await loadFpPage(guest(), ['dvigatel'], { ...emptyFpState(), manufacturers: [maker.id] }))!;
    expect(byMaker.total).toBe(maker.count);
    expect(byMaker.items.every((i) => i.manufacturer.id === maker.id)).toBe(true);
    expect(byMaker.makers.find((m) => m.id === maker.id)!.checked).toBe(true);

    const inStock = (await loadFpPage(guest(), ['dvigatel'], { ...emptyFpState(), inStock: true }))!;
    expect(inStock.items.every((i) => (i.here?.quantity ?? 0) > 0)).toBe(true);
    expect(inStock.total).toBeLessThanOrEqual(all.total);

    const ctx = await signedIn();
    const { services, counter } = countingServices(t.services);
    await loadFpPage(guest(services), [], emptyFpState());
    counter.count = 0;
    const cheap = (await loadFpPage({ ...ctx, services }, ['dvigatel'], { ...emptyFpState(), sortOrder: 'price-asc', isWithPrice: true }))!;
    // The visitor's machines, the list, and the branch's counts read once (then kept).
    expect(counter.count).toBe(3);
    counter.count = 0;
    await loadFpPage({ ...ctx, services }, ['dvigatel'], { ...emptyFpState(), inStock: true, page: 2 });
    expect(counter.count).toBe(2);
    const prices = cheap.items.map((i) => i.here!.price!);
    expect(prices.every((p) => p > 0)).toBe(true);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const dear = (await loadFpPage(ctx, ['dvigatel'], { ...emptyFpState(), sortOrder: 'price-desc' }))!;
    const down = dear.items.map((i) => i.here!.price!);
    expect([...down].sort((a, b) => b - a)).toEqual(down);
    // Guests have no prices to sort by: their list is by name.
    expect((await loadFpPage(guest(), ['dvigatel'], { ...emptyFpState(), sortOrder: 'price-asc' }))!.sortOrder).toBe('name');
  });

  it('lists every part without a path, and nothing for an unknown path', async () => {
    const ref = await partsReference(t.services);
    const all = (await loadFpPage(guest(), [], emptyFpState()))!;
    expect(all.total).toBe(ref.allTotal);
    expect(all.subcategories.length).toBe(ref.roots.filter((r) => r.total > 0).length);
    expect(await loadFpPage(guest(), ['net-takoy'], emptyFpState())).toBeNull();
    expect(await loadFpPage(guest(), ['dvigatel', 'net-takoy'], emptyFpState())).toBeNull();
    expect(await loadFpPage(guest(), ['porshnevaya-gruppa'], emptyFpState())).toBeNull();
  });
});

describe('the part page', () => {
  it('shows the part, its chain and analogs with stock, its drawings and models, in five statements', async () => {
    const id = await partId('RE59754');
    const ctx = await signedIn();
    const { services, counter } = countingServices(t.services);
    await loadPartPage(guest(services), await partId('AB12345'), customer);
    counter.count = 0;
    const page = (await loadPartPage({ ...ctx, services }, id, customer))!;
    expect(counter.count).toBe(5);
    counter.count = 0;
    await loadPartPage(guest(services), id, customer);
    expect(counter.count).toBe(5);
    expect(page).toMatchObject({ code: 'RE59754', name: 'Фильтр масляный двигателя', manufacturer: { name: 'John Deere' }, pricesShown: true });
    expect(page.relatives.map((r) => [r.code, r.relation, r.distance])).toEqual([
      ['RE504836', 'replacement', 1], ['LF3349', 'analog', 0], ['W 940/25', 'analog', 0], ['RE57394', 'replaced', 1],
    ]);
    expect(page.link).toBe(`/parts/re59754-${id}`);
    const shown = (await loadPartPage(guest(), await partId('RE504836'), customer))!;
    expect(shown.pricesShown).toBe(false);
    expect(shown.here?.price ?? null).toBeNull();
  });

  it('lists the drawings a part is on with the line parts page link, and the models it fits', async () => {
    const row = await t.db.selectFrom('parts_drawing_position').select('part_id').limit(1).executeTakeFirstOrThrow();
    const page = (await loadPartPage(guest(), row.part_id, customer))!;
    expect(page.drawings.length).toBeGreaterThan(0);
    const d = page.drawings[0]!;
    expect(d.link).toMatch(new RegExp(`^/zapchasti/[a-z0-9-]+/[a-z0-9-]+\\?drawings%5B%5D=${d.drawingId}`));
    expect(d.x).toBeGreaterThan(0);
    expect(page.models.length).toBeGreaterThan(0);
    expect(page.models[0]!.link).toMatch(/^\/catalog\//);
    expect(await loadPartPage(guest(), 2_000_000_000, customer)).toBeNull();
  });

  it('gives the 1C code to employees only', async () => {
    const id = await partId('RE59754');
    const code = (await t.db.selectFrom('parts_part').select('one_c_code').where('id', '=', id).executeTakeFirstOrThrow()).one_c_code;
    expect((await loadPartPage(guest(), id, customer))!.oneCCode).toBeNull();
    expect((await loadPartPage(guest(), id, { employee: true }))!.oneCCode).toBe(code);
  });
});

describe('/zapchasti and /parts-catalog', () => {
  it('the landing lists categories with counts and the makers with their lines', async () => {
    const landing = await loadPartsLanding(t.services);
    expect(landing.categories.length).toBeGreaterThan(5);
    expect(landing.categories[0]!.link).toMatch(/^\/fp\/[a-z0-9-]+$/);
    expect(landing.categories[0]!.children[0]!.link).toMatch(/^\/fp\/[a-z0-9-]+\/[a-z0-9-]+$/);
    expect(landing.makers.length).toBeGreaterThan(0);
    expect(landing.makers[0]!.lines[0]!.link).toMatch(/^\/zapchasti\/[a-z0-9-]+\/[a-z0-9-]+$/);
  });

  it('drills down maker → line → model → drawing, and refuses unknown slugs', async () => {
    const maker = (await machineMakersWithDrawings(t.services)).find((m) => m.lines.length > 0)!;
    const line = maker.lines[0]!;
    const byMaker = (await loadPartsCatalog(t.services, { maker: maker.slug, line: null, model: null }))!;
    expect(byMaker.maker!.lines.map((l) => l.slug)).toContain(line.slug);
    const byLine = (await loadPartsCatalog(t.services, { maker: maker.slug, line: line.slug, model: null }))!;
    expect(byLine.drawings.length).toBe(line.drawings);
    const model = byLine.models[0]!;
    const byModel = (await loadPartsCatalog(t.services, { maker: maker.slug, line: line.slug, model: model.slug }))!;
    expect(byModel.drawings.length).toBe(model.drawings);
    expect(byModel.drawings[0]!.link).toContain(`models%5B%5D=${model.slug}`);
    expect(await loadPartsCatalog(t.services, { maker: 'net', line: null, model: null })).toBeNull();
    expect(await loadPartsCatalog(t.services, { maker: maker.slug, line: 'net', model: null })).toBeNull();
    expect(await loadPartsCatalog(t.services, { maker: maker.slug, line: line.slug, model: 'net' })).toBeNull();
    expect(await loadPartsCatalog(t.services, { maker: null, line: line.slug, model: null })).toBeNull();
  });
});

/** What the list holds under a filter, counted by SQL apart from the page's code. */
async function countedBySql(branchId: number, where: { categoryIds: number[]; makerId?: number; inStock: boolean; priced: boolean; partIds?: number[] }): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from parts_part p
    left join parts_part_branch h on h.part_id = p.id and h.branch_id = ${branchId}
    where p.category_id = any(${where.categoryIds}::int[])
      and (${where.makerId ?? null}::int is null or p.manufacturer_id = ${where.makerId ?? null})
      and (${!where.inStock} or h.quantity > 0)
      and (${!where.priced} or h.price is not null)
      and (${where.partIds ?? null}::int[] is null or p.id = any(${where.partIds ?? null}::int[]))`.execute(t.db);
  return rows[0]!.n;
}

describe('/fp/ counts agree with the list under every filter', () => {
  it.each([
    { inStock: true, isWithPrice: false, sortOrder: 'name' as const },
    { inStock: false, isWithPrice: true, sortOrder: 'name' as const },
    { inStock: true, isWithPrice: true, sortOrder: 'code' as const },
    { inStock: false, isWithPrice: false, sortOrder: 'price-desc' as const },
    { inStock: true, isWithPrice: false, sortOrder: 'price-asc' as const },
  ])('in stock $inStock, with a price $isWithPrice, by $sortOrder', async (filters) => {
    const ctx = await signedIn();
    const branchId = (await currentLocation(ctx)).currentBranch.id ?? -1;
    const ref = await partsReference(t.services);
    const top = ref.byPath.get('dvigatel')!;
    const page = (await loadFpPage(ctx, ['dvigatel'], { ...emptyFpState(), ...filters }))!;
    const priced = filters.isWithPrice || filters.sortOrder.startsWith('price');
    expect(page.total).toBe(await countedBySql(branchId, { categoryIds: top.subtree, inStock: filters.inStock, priced }));
    expect(page.totalIsBound).toBe(false);
    for (const maker of page.makers) {
      expect(maker.count, maker.name).toBe(await countedBySql(branchId, { categoryIds: top.subtree, makerId: maker.id, inStock: filters.inStock, priced }));
    }
    for (const sub of page.subcategories) {
      const node = top.children.find((c) => c.id === sub.id)!;
      expect(sub.count, sub.name).toBe(await countedBySql(branchId, { categoryIds: node.subtree, inStock: filters.inStock, priced }));
    }
    // A maker chosen: the list's total is that maker's count.
    const maker = page.makers[0]!;
    const narrowed = (await loadFpPage(ctx, ['dvigatel'], { ...emptyFpState(), ...filters, manufacturers: [maker.id] }))!;
    expect(narrowed.total).toBe(maker.count);
    expect(narrowed.items.length).toBe(Math.min(maker.count, FP_PAGE_SIZE));
  });

  it('a guest\'s "with a price" is dropped (no prices to have), not an empty list', async () => {
    const all = (await loadFpPage(guest(), ['dvigatel'], emptyFpState()))!;
    const page = (await loadFpPage(guest(), ['dvigatel'], { ...emptyFpState(), isWithPrice: true }))!;
    expect(page.total).toBe(all.total);
    expect(page.state.isWithPrice).toBe(false);
  });
});

interface LineModel { model_id: number; line_id: number; serial_from: string }

describe('/fp/ narrowed to one of the visitor\'s machines, and a part page\'s fit', () => {
  let model: LineModel;
  let owner: number;
  let stranger: number;
  let fitting: number;
  let early: number;
  beforeAll(async () => {
    // A line with a position that starts at a serial number, and a model the drawing shows.
    const { rows } = await sql<LineModel>`
      select coalesce(d.model_id, (select m.id from catalog_model m where m.model_line_id = d.model_line_id order by m.id limit 1)) as model_id,
        d.model_line_id as line_id, pos.serial_from
      from parts_drawing_position pos join parts_drawing d on d.id = pos.drawing_id
      where pos.serial_from ~ '[0-9]$' order by pos.id limit 1`.execute(t.db);
    model = rows[0]!;
    owner = await createUser(t.db, { name: 'Иван Механик', email: 'fp-machine@agro.example' });
    stranger = await createUser(t.db, { name: 'Чужой', email: 'fp-stranger@agro.example' });
    const add = async (userId: number, serial: string) => (await sql<{ id: number }>`
      insert into parts_machine (user_id, model_id, serial_number, created_at) values (${userId}, ${model.model_id}, ${serial}, now()) returning id`.execute(t.db)).rows[0]!.id;
    const digits = /(\d+)$/.exec(model.serial_from)!;
    const prefix = model.serial_from.slice(0, model.serial_from.length - digits[1]!.length);
    fitting = await add(owner, `${prefix}${'9'.repeat(digits[1]!.length)}`);
    early = await add(owner, `${prefix}${'0'.repeat(digits[1]!.length)}`);
    await add(stranger, model.serial_from);
  });

  async function fittingIds(serial: string): Promise<number[]> {
    const { rows } = await sql<{ part_id: number; serial_from: string | null; serial_to: string | null }>`
      select pos.part_id, pos.serial_from, pos.serial_to from parts_drawing d join parts_drawing_position pos on pos.drawing_id = d.id
      where d.model_line_id = ${model.line_id} and (d.model_id is null or d.model_id = ${model.model_id})`.execute(t.db);
    return [...new Set(rows.filter((r) => serialInRange(serial, r.serial_from, r.serial_to)).map((r) => r.part_id))];
  }

  it('lists only the parts that fit the machine, counts them, and costs a fixed number of statements', async () => {
    const ctx = await signedInContext(t.services, owner);
    const machine = (await t.db.selectFrom('parts_machine').select(['id', 'serial_number']).where('id', '=', fitting).executeTakeFirstOrThrow());
    const ids = await fittingIds(machine.serial_number);
    const ref = await partsReference(t.services);
    const all = [...ref.byId.values()].map((n) => n.id);
    const branchId = (await currentLocation(ctx)).currentBranch.id ?? -1;
    const { services, counter } = countingServices(t.services);
    await loadFpPage({ ...ctx, services }, [], emptyFpState());
    counter.count = 0;
    const page = (await loadFpPage({ ...ctx, services }, [], { ...emptyFpState(), machine: fitting }))!;
    // The machines with the chosen one's positions, its parts' counts, the list.
    expect(counter.count).toBe(3);
    expect(page.machine).toMatchObject({ id: fitting, serial: machine.serial_number });
    expect(page.state.machine).toBe(fitting);
    expect(page.machines!.map((m) => m.id).sort()).toEqual([fitting, early].sort());
    expect(page.total).toBe(await countedBySql(branchId, { categoryIds: all, inStock: false, priced: false, partIds: ids }));
    expect(page.items.every((i) => ids.includes(i.id))).toBe(true);
    expect(page.items.length).toBe(Math.min(page.total, FP_PAGE_SIZE));
    for (const maker of page.makers) {
      expect(maker.count).toBe(await countedBySql(branchId, { categoryIds: all, makerId: maker.id, inStock: false, priced: false, partIds: ids }));
    }
    const inStock = (await loadFpPage(ctx, [], { ...emptyFpState(), machine: fitting, inStock: true, sortOrder: 'price-asc' }))!;
    expect(inStock.total).toBe(await countedBySql(branchId, { categoryIds: all, inStock: true, priced: true, partIds: ids }));
    expect(inStock.items.every((i) => ids.includes(i.id) && (i.here?.quantity ?? 0) > 0)).toBe(true);
  });

  it('ignores someone else\'s machine, an unknown one and a guest\'s choice', async () => {
    const foreign = (await t.db.selectFrom('parts_machine').select('id').where('user_id', '=', stranger).executeTakeFirstOrThrow()).id;
    const whole = (await loadFpPage(guest(), [], emptyFpState()))!;
    for (const machine of [foreign, 2_147_483_647]) {
      const page = (await loadFpPage(await signedInContext(t.services, owner), [], { ...emptyFpState(), machine }))!;
      expect(page.machine).toBeNull();
      expect(page.state.machine).toBeNull();
      expect(page.total).toBe(whole.total);
    }
    const asGuest = (await loadFpPage(guest(), [], { ...emptyFpState(), machine: fitting }))!;
    expect(asGuest.machine).toBeNull();
    expect(asGuest.machines).toBeNull();
    expect(asGuest.total).toBe(whole.total);
  });

  it('tells on a part page which of the visitor\'s machines the part fits, with the drawing link', async () => {
    const machine = (await t.db.selectFrom('parts_machine').select(['serial_number']).where('id', '=', fitting).executeTakeFirstOrThrow());
    const fits = await fittingIds(machine.serial_number);
    const earlyIds = await fittingIds((await t.db.selectFrom('parts_machine').select('serial_number').where('id', '=', early).executeTakeFirstOrThrow()).serial_number);
    // A part that fits the later machine only (its range starts after the early one).
    const partOnlyLate = fits.find((id) => !earlyIds.includes(id))!;
    expect(partOnlyLate).toBeDefined();
    const ctx = await signedInContext(t.services, owner);
    const machineFits = (await partFitsForMachines(ctx, partOnlyLate))!;
    const late = machineFits.find((f) => f.id === fitting)!;
    const first = machineFits.find((f) => f.id === early)!;
    expect(late).toMatchObject({ state: 'fits', reason: null });
    expect(late.link).toMatch(/^\/zapchasti\/[a-z0-9-]+\/[a-z0-9-]+\?drawings%5B%5D=\d+&models%5B%5D=[a-z0-9-]+&serial=/);
    expect(first).toMatchObject({ state: 'no', reason: 'serial' });
    // A part on drawings of other lines only fits neither.
    const { rows: [elsewhere] } = await sql<{ id: number }>`
      select distinct pos.part_id as id from parts_drawing_position pos join parts_drawing d on d.id = pos.drawing_id
      where d.model_line_id <> ${model.line_id} and pos.part_id <> all(${fits.concat(earlyIds)}::int[]) order by 1 limit 1`.execute(t.db);
    expect((await partFitsForMachines(ctx, elsewhere!.id))!.map((f) => [f.state, f.reason])).toEqual([['no', 'drawings'], ['no', 'drawings']]);
    expect(await partFitsForMachines(guest(), elsewhere!.id)).toBeNull();
  });

  it('says the catalogue cannot tell, never "Не подходит", for a part on no drawing, a model without drawings or a serial number of another kind', async () => {
    const ctx = await signedInContext(t.services, owner);
    const noted = async (id: number) => {
      const fits = (await partFitsForMachines(ctx, id))!;
      const router = createMemoryRouter([{ path: '*', element: createElement(MachineFitNote, { fits }) }]);
      return { fits, text: renderToString(createElement(RouterProvider, { router })).replace(/<[^>]+>/g, '') };
    };
    // An aftermarket analog catalogued on no drawing at all (LF3349, the analog of RE504836).
    const analog = await noted(await partId('LF3349'));
    expect(analog.fits.every((f) => f.state === 'unknown' && f.reason === 'drawings')).toBe(true);
    expect(analog.text).toContain('Применимость к вашей технике не известна');
    expect(analog.text).toContain('в каталоге нет данных о применимости к этой модели');
    expect(analog.text).not.toContain('Не подходит');

    // A serial number of another kind than the ranges of the part's only positions, and a model no drawing shows.
    const { rows: [ranged] } = await sql<{ part_id: number }>`
      select pos.part_id from parts_drawing_position pos join parts_drawing d on d.id = pos.drawing_id
      where d.model_line_id = ${model.line_id} and (d.model_id is null or d.model_id = ${model.model_id}) and pos.serial_from = ${model.serial_from}
        and not exists (select 1 from parts_drawing_position p2 join parts_drawing d2 on d2.id = p2.drawing_id
          where p2.part_id = pos.part_id and d2.model_line_id = ${model.line_id} and p2.serial_from is null and p2.serial_to is null)
      limit 1`.execute(t.db);
    const lone = await createUser(t.db, { name: 'Семён Новиков', email: 'fit-unknown@agro.example' });
    await sql`insert into catalog_model_line (id, slug, name, manufacturer_id, category_id, technique_type_id)
      select 99901, 'fit-unknown', 'Без чертежей', manufacturer_id, category_id, technique_type_id from catalog_model_line where id = ${model.line_id}`.execute(t.db);
    await sql`insert into catalog_model (id, slug, name, product_code, model_line_id) values (99901, 'fit-unknown-1', 'Без чертежей 1', 'FITUNKNOWN1', 99901)`.execute(t.db);
    const bareModel = 99901;
    await sql`insert into parts_machine (user_id, model_id, serial_number, created_at) values
      (${lone}, ${model.model_id}, 'ZX-БЕЗ-НОМЕРА', now()), (${lone}, ${bareModel}, '20245000', now())`.execute(t.db);
    const loneCtx = await signedInContext(t.services, lone);
    const machineFits = (await partFitsForMachines(loneCtx, ranged!.part_id))!;
    const bySerial = machineFits.find((f) => f.serial === 'ZX-БЕЗ-НОМЕРА')!;
    const byModel = machineFits.find((f) => f.serial === '20245000')!;
    expect(bySerial).toMatchObject({ state: 'unknown', reason: 'serial' });
    expect(byModel).toMatchObject({ state: 'unknown', reason: 'drawings' });
    const router = createMemoryRouter([{ path: '*', element: createElement(MachineFitNote, { fits: machineFits }) }]);
    const text = renderToString(createElement(RouterProvider, { router })).replace(/<[^>]+>/g, '');
    expect(text).toContain('Применимость к вашей технике не известна');
    expect(text).toContain('есть на чертежах модели, но по заводскому номеру не определить');
    expect(text).not.toContain('Не подходит');
  });
});
