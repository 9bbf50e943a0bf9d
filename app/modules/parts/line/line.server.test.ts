import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import { dataChanged } from '#app/.server/db/changes.ts';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createSession } from '#app/.server/session.ts';
import { testContext } from '#app/.server/test-context.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { serialInRange } from '../serial.rules.ts';
import { findPartsLine, loadPartsLinePage, partsLineLinkOf, partsSidebarRequest, withModelIds } from './line.server.ts';
import { PARTS_PAGE_SIZE } from './line.rules.ts';
import { configurePartsPorts } from '../parts.server.ts';

/** The demo's first line (Кировец К-7М) has five drawings, one of them for the model К-742 Стандарт. */
const LINE = 1;
const LINK = '/zapchasti/kirovets/kirovets-k-7m';

let t: TestDatabase;

// The parts module's own statements: the suppliers' offers, a port (ADR 096) that another file of
// the worker may have wired, answer none here.
let restorePorts = () => {};
beforeAll(() => { restorePorts = configurePartsPorts({ supplierOffers: async () => new Map() }); });
afterAll(() => restorePorts());
let userId: number;
/** A demo drawing of the line with a position replaced from a serial number on (its range and its callout). */
let ranged: { drawingId: number; callout: number; cut: string };
beforeAll(async () => {
  t = await createTestDatabase();
  userId = await createUser(t.db, { name: 'Пётр Запчастин', email: 'parts-line@agro.example' });
  const row = await t.db.selectFrom('parts_drawing_position as p').innerJoin('parts_drawing as d', 'd.id', 'p.drawing_id')
    .select(['p.drawing_id', 'p.callout', 'p.serial_from'])
    .where('d.model_line_id', '=', LINE).where('p.serial_from', 'is not', null)
    .orderBy('d.sort').orderBy('p.callout').executeTakeFirst();
  ranged = { drawingId: row!.drawing_id, callout: row!.callout, cut: row!.serial_from! };
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const guest = (services: AppServices = t.services): RequestContext => testContext(services);
async function member(services: AppServices = t.services): Promise<RequestContext> {
  const ctx = testContext(services, { session: (await createSession(services.db)).session });
  await ctx.signIn(userId, 'browser');
  return ctx;
}
const at = (query = '') => new URL(`http://shop.test${LINK}${query ? `?${query}` : ''}`);
const page = async (query = '', ctx?: RequestContext) => (await loadPartsLinePage(ctx ?? guest(), LINE, at(query)))!;

describe('the line and its addresses', () => {
  it('finds the line by its maker\'s and its own slug; anything else is no page', async () => {
    expect(await findPartsLine(guest(), 'kirovets', 'kirovets-k-7m')).toBe(LINE);
    expect(await findPartsLine(guest(), 'rostselmash', 'kirovets-k-7m')).toBeNull();
    expect(await findPartsLine(guest(), 'kirovets', 'nope')).toBeNull();
    expect(await partsLineLinkOf(guest(), LINE)).toBe(LINK);
    expect(await partsLineLinkOf(guest(), 987654)).toBeNull();
    expect(await loadPartsLinePage(guest(), 987654, at())).toBeNull();
  });
});

describe('the page', () => {
  it('shows the first drawing with its positions, the slider, the sidebar and the head', async () => {
    const p = await page();
    expect(p.line).toMatchObject({ id: LINE, name: 'Кировец К-7М', link: LINK });
    expect(p.head).toMatchObject({ canonical: LINK });
    expect(p.head.noindex).toBeUndefined();
    expect(p.trail).toEqual([{ label: 'Запчасти', to: '/zapchasti' }]);
    expect(p.slider.length).toBe(5);
    expect(p.drawing?.id).toBe(p.slider[0]!.id);
    expect(p.list).toBeNull();
    const callouts = p.drawing!.callouts.map((c) => c.callout);
    expect(callouts).toEqual([...callouts].sort((a, b) => a - b));
    expect(callouts[0]).toBe(1);
    for (const c of p.drawing!.callouts) expect(['here', 'elsewhere', 'order']).toContain(c.tone);
    // Every row of the drawing, each with its balloon.
    expect(new Set(p.drawing!.rows.map((r) => r.callout))).toEqual(new Set(callouts));
    expect(p.sidebar.models.map((m) => m.name)).toEqual(['К-735 Стандарт', 'К-735 Премиум', 'К-739 Стандарт']);
    expect(p.sidebar.count).toBeGreaterThan(50);
    expect(p.sidebar.countPartCategories).toBeGreaterThan(1);
  });

  it('gives guests no price, signed-in visitors the branch price', async () => {
    const asGuest = await page();
    expect(asGuest.signedIn).toBe(false);
    expect(asGuest.drawing!.rows.every((r) => r.offer === null || r.offer.price === null)).toBe(true);
    expect(asGuest.sortOrders).not.toContain('price-asc');
    const asMember = await page('', await member());
    expect(asMember.signedIn).toBe(true);
    expect(asMember.drawing!.rows.some((r) => r.offer !== null && r.offer.price !== null && r.offer.price > 0)).toBe(true);
  });

  it('a drawing chosen in the slider is shown; an unknown one falls back to the first', async () => {
    const first = await page();
    const second = first.slider[1]!;
    expect(second.link).toBe(`${LINK}?drawing=${second.id}`);
    expect((await page(`drawing=${second.id}`)).drawing?.id).toBe(second.id);
    expect((await page('drawing=99999999')).drawing?.id).toBe(first.slider[0]!.id);
  });

  it('a narrowing filter lists the matching parts, paginated; its counts follow the other groups', async () => {
    const all = await page();
    const category = all.sidebar.categories[0]!;
    const p = await page(`categories[]=${category.id}`);
    expect(p.drawing).toBeNull();
    expect(p.list).not.toBeNull();
    expect(p.list!.total).toBe(category.count);
    expect(p.sidebar.count).toBe(category.count);
    expect(p.list!.rows.length).toBe(Math.min(PARTS_PAGE_SIZE, category.count));
    expect(p.head.noindex).toBe(true);
    // The category's own list still counts every category (its group is left out of its counts).
    expect(p.sidebar.categories.find((c) => c.id === category.id)).toMatchObject({ count: category.count, checked: true });
    expect(p.sidebar.categories.find((c) => c.id !== category.id)!.count).toBeGreaterThan(0);
    // The slider shows only the drawings that hold such parts.
    expect(p.slider.every((d) => d.count > 0)).toBe(true);
  });

  it('in stock: every listed part is in stock at the branch', async () => {
    const p = await page('inStock=1');
    expect(p.list!.total).toBe(p.sidebar.inStock.count);
    expect(p.list!.rows.every((r) => (r.offer?.quantity ?? 0) > 0)).toBe(true);
  });

  it('models: a model\'s own drawing appears only for it', async () => {
    const all = await page();
    const own = all.slider.find((d) => d.title.includes(' — '))!;
    const model = all.sidebar.models.find((m) => own.title.endsWith(m.name));
    const other = all.sidebar.models.find((m) => !own.title.endsWith(m.name))!;
    expect((await page(`models[]=${other.id}`)).slider.map((d) => d.id)).not.toContain(own.id);
    if (model) expect((await page(`models[]=${model.id}`)).slider.map((d) => d.id)).toContain(own.id);
  });

  it('sorts the list by name and, signed in, by price', async () => {
    const byName = await page('inStock=1&sortOrder=name');
    const names = byName.list!.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('ru', { numeric: true }).compare));
    const guestPrice = await page('inStock=1&sortOrder=price-asc');
    expect(guestPrice.state.sortOrder).toBe('popular');
    const byPrice = await page('inStock=1&sortOrder=price-asc', await member());
    const prices = byPrice.list!.rows.map((r) => r.offer?.price).filter((x): x is number => x != null);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

describe('the page\'s stock and prices', () => {
  it('are kept, and a change to a price or a stock shows on the next page (the change is heard: ADR 070)', async () => {
    const ctx = await member();
    const first = await page('', ctx);
    const row = first.drawing!.rows.find((r) => r.offer !== null && r.offer.price !== null)!;
    const { branchId } = row.offer!;
    const old = await t.db.selectFrom('parts_part_branch').select(['price', 'quantity']).where('part_id', '=', row.partId).where('branch_id', '=', branchId).executeTakeFirstOrThrow();
    await t.db.updateTable('parts_part_branch').set({ price: 123_456, quantity: 0 }).where('part_id', '=', row.partId).where('branch_id', '=', branchId).execute();
    try {
      // PGlite hands the notification over with the update's result; a PostgreSQL server a moment later.
      await expect.poll(async () => (await page('', ctx)).drawing!.rows.find((r) => r.key === row.key)!.offer, { timeout: 1_000 })
        .toMatchObject({ price: 123_456, quantity: 0 });
    } finally {
      await t.db.updateTable('parts_part_branch').set(old).where('part_id', '=', row.partId).where('branch_id', '=', branchId).execute();
      await expect.poll(async () => (await page('', ctx)).drawing!.rows.find((r) => r.key === row.key)!.offer).toEqual(row.offer);
    }
  });
});

describe('the machinery yard\'s links (`?serial=…&models[]={modelSlug}`)', () => {
  it('reads a model of the line by its slug as by its id', async () => {
    const all = await page();
    const model = all.sidebar.models[0]!;
    const bySlug = await page(`serial=20245000&models[]=${encodeURIComponent(model.slug)}`);
    expect(bySlug.state.models).toEqual([model.id]);
    expect(bySlug.state.serial).toBe('20245000');
    expect(bySlug.sidebar.models.find((m) => m.id === model.id)?.checked).toBe(true);
    expect((await page('models[]=no-such-model')).state.models).toEqual([]);
  });
  it('leaves ids and other keys alone', () => {
    const line = { models: [{ id: 7, slug: 'k-7', name: 'K 7' }, { id: 8, slug: '7', name: 'Seven' }] };
    expect(withModelIds(new URLSearchParams('models[]=k-7&model=7&categories[]=k-7&models[0]=8'), line).toString())
      .toBe('models%5B%5D=7&model=7&categories%5B%5D=k-7&models%5B0%5D=8');
  });
});

describe('serial numbers', () => {
  it('hides positions outside the machine\'s range, and shows them marked on request', async () => {
    const before = String(Number(ranged.cut) - 1);
    const all = await page(`drawing=${ranged.drawingId}`);
    const atCallout = all.drawing!.rows.filter((r) => r.callout === ranged.callout);
    expect(atCallout.length).toBe(2);

    const older = await page(`drawing=${ranged.drawingId}&serial=${before}`);
    expect(older.state.serial).toBe(before);
    expect(older.outsideSerial).toBeGreaterThan(0);
    const shown = older.drawing!.rows.filter((r) => r.callout === ranged.callout);
    expect(shown.length).toBe(1);
    expect(shown[0]!.serialRange).toMatch(/^по /);
    expect(older.drawing!.rows.every((r) => r.fits)).toBe(true);

    const marked = await page(`drawing=${ranged.drawingId}&serial=${before}&allSerials=1`);
    const both = marked.drawing!.rows.filter((r) => r.callout === ranged.callout);
    expect(both.map((r) => r.fits).sort()).toEqual([false, true]);
    expect(marked.drawing!.rows.length).toBe(all.drawing!.rows.length);
    expect(serialInRange(before, ranged.cut, null)).toBe(false);
  });

  it('an invalid serial number is reported and ignored', async () => {
    const p = await page('serial=12%2F34');
    expect(p.state).toMatchObject({ serial: null, serialInvalid: true });
    expect(p.drawing).not.toBeNull();
  });
});

describe('a fixed number of statements', () => {
  async function statements(query: string, signedIn: boolean): Promise<[number, number]> {
    const { services, counter } = countingServices(t.services);
    const ctx = signedIn ? await member(services) : guest(services);
    await loadPartsLinePage(ctx, LINE, at(query));
    counter.count = 0;
    await loadPartsLinePage(ctx, LINE, at(query));
    const warm = counter.count;
    // An import of drawings and of the branches' stock: the line is read again.
    dataChanged(services.db, 'parts_drawing_position');
    dataChanged(services.db, 'parts_part_branch');
    counter.count = 0;
    await loadPartsLinePage(ctx, LINE, at(query));
    return [warm, counter.count];
  }

  it('no statement once the line is kept; four when it is read again', async () => {
    // One after another: a change is heard by every handle on the database, so one case's change
    // would make another read again.
    const cases = [];
    for (const [query, signedIn] of [
      ['', false],
      ['', true],
      ['inStock=1&isWithPrice=1&stock[]=1&drawings[]=101&drawings[]=102&serial=20245000&sortOrder=price-desc', true],
      ['inStock=1&page=2&sortOrder=code', false],
      ['categories[]=1&manufacturers[]=999', false],
    ] as const) cases.push(await statements(query, signedIn));
    // Cold: the drawings, the positions, the branch stock, then the offers of the line's parts at
    // the branch (a price order takes the branch's prices from them), read whatever the page shows.
    expect(cases).toEqual([[0, 4], [0, 4], [0, 4], [0, 4], [0, 4]]);
  });
});

describe('POST /filter/get-sidebar-filters for the parts page', () => {
  it('gives the whole lists of the state with the count', async () => {
    const result = await partsSidebarRequest(guest(), { modelLineId: LINE }, new URLSearchParams('inStock=1'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).toMatchObject({ techniqueTypes: [], specifications: [], inStock: { checked: true } });
    expect((result.body.categories as unknown[]).length).toBeGreaterThan(5);
    expect(result.body.count).toBe((result.body.inStock as { count: number }).count);
  });

  it('refuses a bad line id or serial number with 400, an unknown line with 404', async () => {
    for (const modelLineId of ['abc', -1, 0, '99999999999999999999', 1.5, null, [1], { a: 1 }]) {
      expect(await partsSidebarRequest(guest(), { modelLineId }, new URLSearchParams())).toMatchObject({ ok: false, status: 400 });
    }
    expect(await partsSidebarRequest(guest(), { modelLineId: LINE }, new URLSearchParams('serial=a%00b'))).toMatchObject({ ok: false, status: 400, message: expect.stringContaining('Серийный номер') });
    expect(await partsSidebarRequest(guest(), { modelLineId: 987654 }, new URLSearchParams())).toMatchObject({ ok: false, status: 404, message: 'Модельная линейка не найдена' });
  });
});
