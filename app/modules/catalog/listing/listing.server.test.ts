import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import { dataChanged } from '#app/.server/db/changes.ts';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createSession } from '#app/.server/session.ts';
import { testContext } from '#app/.server/test-context.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { filterInfo, filterModelLines, loadCategoryPage, loadModelLinePage, MODEL_LINE_CARDS, PAGE_SIZE, sidebarFilters } from './listing.server.ts';
import { parseFilterQuery } from './filters.rules.ts';
import { LISTING, insertListingFixture } from './listing.test-fixture.server.ts';

let t: TestDatabase;
let userId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertListingFixture(t.db);
  userId = await createUser(t.db, { name: 'Иван Списков', email: 'listing@agro.example' });
}, 60_000);
afterAll(async () => { await t?.destroy(); });

const guest = (services: AppServices = t.services): RequestContext => testContext(services);
async function member(services: AppServices = t.services): Promise<RequestContext> {
  const ctx = testContext(services, { session: (await createSession(t.db)).session });
  await ctx.signIn(userId, 'browser');
  return ctx;
}
const at = (path: string, query = '') => new URL(`http://shop.test${path}${query ? `?${query}` : ''}`);
const category = async (query = '', ctx?: RequestContext, id: number = LISTING.top) => (await loadCategoryPage(ctx ?? guest(), id, at('/catalog/test-listing', query)))!;
const ids = (page: { listing: { items: { id: number }[] } }) => page.listing.items.map((i) => i.id);
const option = <T extends { id: number }>(list: T[], id: number) => list.find((o) => o.id === id);

describe('the category page', () => {
  it('lists the models of the category and all its descendants, its model lines, trail and head', async () => {
    const page = await category();
    expect(page.category).toMatchObject({ id: LISTING.top, name: 'Тестовая техника', link: '/catalog/test-listing' });
    expect(page.listing).toMatchObject({ total: 37, page: 1, pageCount: 2, pageSize: PAGE_SIZE });
    expect(page.listing.items).toHaveLength(24);
    expect(page.trail).toEqual([{ label: 'Каталог техники', to: '/catalog' }]);
    expect(page.head).toEqual({
      title: 'Тестовая техника — купить в России и Казахстане',
      description: 'Тестовая техника: модели, цены в вашем филиале, наличие, лизинг и доставка. Официальный дилер сельхозтехники.',
      canonical: '/catalog/test-listing',
    });
    expect(page.modelLines.map((l) => [l.name, l.modelCount, l.link])).toEqual([
      ['Альфа-100', 3, '/catalog/test-listing-a1/test-alfa-100'],
      ['Альфа-200', 2, '/catalog/test-listing-a/test-alfa-200'],
      ['Бета-С', 2, '/catalog/test-listing-b/test-beta-s'],
      ['Гамма', 30, '/catalog/test-listing-paging/test-gamma'],
    ]);
    expect(page.modelLines[0]).toMatchObject({
      manufacturer: { id: LISTING.makers.alfa, name: 'Альфа', logo: '/images/manufacturers/test-alfa.svg' },
      image: { src: '/images/models/TL8801.svg', width: 640, height: 480 },
      priceFrom: null,
    });
  });

  it('gives the trail of a subcategory and its own subtree only', async () => {
    const page = await category('', guest(), LISTING.childA);
    expect(page.trail).toEqual([{ label: 'Каталог техники', to: '/catalog' }, { label: 'Тестовая техника', to: '/catalog/test-listing' }]);
    expect(page.listing.total).toBe(5);
    expect(page.modelLines.map((l) => l.id)).toEqual([LISTING.lines.alfa100, LISTING.lines.alfa200]);
  });

  it('is null for an unknown category', async () => {
    expect(await loadCategoryPage(guest(), 987654, at('/x'))).toBeNull();
  });

  it('shows guests availability but no price', async () => {
    const page = await category('', guest(), LISTING.childA);
    const card = page.listing.items.find((i) => i.id === 8801)!;
    expect(card).toMatchObject({
      name: 'Альфа 101', link: '/catalog/test-listing-a1/test-alfa-100/m-8801', productCode: 'TL8801', offer: null, inStock: true,
      modelLine: { id: 8801, name: 'Альфа-100' }, manufacturer: { id: 8801, name: 'Альфа' },
      image: { src: '/images/models/TL8801.svg', width: 640, height: 480, alt: 'TL8801' },
    });
    expect(card.keySpecs).toEqual([
      { name: 'Тестовая мощность', value: '100\u00a0л.с.' },
      { name: 'Тестовый тип двигателя', value: 'Дизель' },
      { name: 'Тестовая масса', value: '5\u00a0000\u00a0кг' },
    ]);
    expect(page.listing.items.every((i) => i.offer === null)).toBe(true);
    expect(page.modelLines.every((l) => l.priceFrom === null)).toBe(true);
    expect(page.signedIn).toBe(false);
    expect(page.sortOrders).toEqual(['popular', 'name', 'new']);
  });

  it('shows a signed-in visitor the prices at the branch and the lowest price of each line', async () => {
    const page = await category('', await member(), LISTING.childA);
    expect(page.signedIn).toBe(true);
    expect(page.listing.items.find((i) => i.id === 8802)!.offer).toEqual({
      branchId: 1, currency: 'RUB', price: 900, oldPrice: 1200, superPrice: false, quantity: 0, expectedDate: null,
    });
    expect(page.listing.items.find((i) => i.id === 8804)!.offer).toMatchObject({ superPrice: true, expectedDate: '2026-12-20' });
    expect(page.listing.items.find((i) => i.id === 8803)!.offer).toMatchObject({ price: null, quantity: 1 });
    expect(page.modelLines.map((l) => l.priceFrom)).toEqual([{ price: 900, currency: 'RUB' }, { price: 1500, currency: 'RUB' }]);
    expect(page.sortOrders).toEqual(['popular', 'price-asc', 'price-desc', 'name', 'new']);
  });

  it('has no offer where the branch has no row for the model', async () => {
    const page = await category('', await member(), LISTING.childB);
    expect(page.listing.items.find((i) => i.id === 8807)).toMatchObject({ offer: null, inStock: false });
  });
});

describe('filters and faceted counts', () => {
  it('counts each option with the other chosen filters, its own group left out', async () => {
    const page = await category(`techniqueManufacturers[]=${LISTING.makers.alfa}`, guest(), LISTING.top);
    expect(page.listing.total).toBe(5);
    expect(page.filters.techniqueManufacturers).toEqual([
      { id: 8801, name: 'Альфа', count: 5, checked: true },
      { id: 8802, name: 'Бета', count: 32, checked: false },
    ]);
    // Types count within the chosen maker: the seeder type has no Альфа model.
    expect(page.filters.techniqueTypes).toEqual([
      { id: 8801, name: 'Тестовый трактор', count: 5, checked: false },
      { id: 8802, name: 'Тестовая сеялка', count: 0, checked: false },
    ]);
    // In the menu's order: a parent before its children.
    expect(page.filters.categories.map((c) => [c.id, c.count])).toEqual([[8801, 2], [8851, 3], [8802, 0], [8803, 0]]);
    expect(page.head.noindex).toBe(true);
  });

  it('a range narrows the list; the spec keeps its bounds without its own range; others count within it', async () => {
    const page = await category(`specificationsFrom[]=8801-150&specificationsTo[]=8801-250`);
    expect(ids(page).sort()).toEqual([8802, 8803, 8804]);
    const power = option(page.filters.specifications, 8801)!;
    expect(power).toMatchObject({ name: 'Тестовая мощность', unit: 'л.с.', kind: 'number', min: 50, max: 300, from: 150, to: 250 });
    const engine = option(page.filters.specifications, 8802)!;
    expect(engine.kind).toBe('text');
    expect(engine.values).toEqual([
      { value: 'Бензин', count: 0, checked: false },
      { value: 'Газ', count: 1, checked: false },
      { value: 'Дизель', count: 2, checked: false },
    ]);
    expect(option(page.filters.specifications, 8803)).toMatchObject({ min: null, max: null });
    expect(page.filters.specifications.map((s) => s.id)).toEqual([8801, 8802, 8803]);
  });

  it('a text value narrows the list and counts its siblings without itself', async () => {
    const page = await category(`specifications[]=${encodeURIComponent('8802-Дизель')}`);
    expect(ids(page).sort()).toEqual([8801, 8802, 8804, 8805]);
    const engine = option(page.filters.specifications, 8802)!;
    expect(engine.values).toEqual([
      { value: 'Бензин', count: 1, checked: false },
      { value: 'Газ', count: 1, checked: false },
      { value: 'Дизель', count: 4, checked: true },
    ]);
    expect(option(page.filters.specifications, 8801)).toMatchObject({ min: 100, max: 300 });
    expect(option(page.filters.specifications, 8803)).toMatchObject({ min: 5000, max: 9500.5 });
  });

  it('stock options: 1 discounted (old price above price), 2 super price; either chosen will do', async () => {
    expect(ids(await category('stock[]=1')).sort()).toEqual([8802, 8806]);
    expect(ids(await category('stock[]=2'))).toEqual([8804]);
    const both = await category('stock[]=1&stock[]=2');
    expect(ids(both).sort()).toEqual([8802, 8804, 8806]);
    expect(both.filters.stocks).toEqual([
      { id: 1, name: 'Товар со скидкой', count: 2, checked: true },
      { id: 2, name: 'Суперцена', count: 1, checked: true },
    ]);
  });

  it('inStock and isWithPrice read the visitor\'s branch', async () => {
    const stocked = await category('inStock=1');
    expect(ids(stocked).sort()).toEqual([8801, 8803, 8805]);
    expect(stocked.filters.inStock).toEqual({ count: 3, checked: true });
    expect(stocked.filters.isWithPrice).toEqual({ count: 2, checked: false });
    const priced = await category('isWithPrice=1');
    expect(ids(priced).sort()).toEqual([8801, 8802, 8804, 8805, 8806]);
    expect(priced.filters.inStock.count).toBe(2);
  });

  it('a chosen category includes its descendants', async () => {
    expect(ids(await category(`categories[]=${LISTING.childA}`)).sort()).toEqual([8801, 8802, 8803, 8804, 8805]);
  });

  it('filters combine across groups; unknown ids give an empty list, not an error', async () => {
    expect(ids(await category(`techniqueTypes[]=8801&inStock=1&specifications[]=${encodeURIComponent('8802-Дизель')}`)).sort()).toEqual([8801, 8805]);
    const none = await category('techniqueManufacturers[]=999999&categories[]=999999');
    expect(none.listing).toMatchObject({ total: 0, items: [], page: 1, pageCount: 1 });
  });

  it('offers the models list once one model line is chosen, with their images', async () => {
    expect((await category()).filters.models).toEqual([]);
    const page = await category(`techniqueModelLines[]=${LISTING.lines.alfa100}`);
    expect(page.filters.models).toEqual([
      { id: 8801, name: 'Альфа 101', slug: 'm-8801', imgForFilter: '/images/models/TL8801.svg', count: 1, checked: false },
      { id: 8802, name: 'Альфа 102', slug: 'm-8802', imgForFilter: '/images/models/TL8802.svg', count: 1, checked: false },
      { id: 8803, name: 'Ёлка 103', slug: 'm-8803', imgForFilter: '/images/models/TL8803.svg', count: 1, checked: false },
    ]);
    expect(page.filters.techniqueModelLines.find((l) => l.id === LISTING.lines.alfa100)).toMatchObject({ checked: true, count: 3 });
  });
});

describe('sorting and pagination', () => {
  it('orders by price for signed-in visitors, priceless last', async () => {
    expect(ids(await category('sortOrder=price-asc', await member(), LISTING.childA))).toEqual([8802, 8805, 8804, 8801, 8803]);
    expect(ids(await category('sortOrder=price-desc', await member(), LISTING.childA))).toEqual([8801, 8804, 8805, 8802, 8803]);
  });

  it('falls back to the default order for guests asking for a price order', async () => {
    const page = await category('sortOrder=price-asc', guest(), LISTING.childA);
    expect(page.state.sortOrder).toBe('popular');
    expect(ids(page)).toEqual(ids(await category('', guest(), LISTING.childA)));
  });

  it('popular: in stock first, then the editors\' order', async () => {
    expect(ids(await category('', guest(), LISTING.childA))).toEqual([8801, 8803, 8805, 8802, 8804]);
  });

  it('by name, Ё after А (ICU collation), and newest first', async () => {
    expect(ids(await category('sortOrder=name', guest(), LISTING.childA))).toEqual([8801, 8802, 8804, 8805, 8803]);
    expect(ids(await category('sortOrder=new', guest(), LISTING.childA))).toEqual([8802, 8805, 8803, 8804, 8801]);
  });

  it('pages by 24 without overlap; a page beyond the last shows the last', async () => {
    const first = await category('sortOrder=name', guest(), LISTING.paging);
    const second = await category('sortOrder=name&page=2', guest(), LISTING.paging);
    expect(first.listing).toMatchObject({ total: 30, pageCount: 2, page: 1 });
    expect(second.listing.items.map((i) => i.name)).toEqual(['Гамма 25', 'Гамма 26', 'Гамма 27', 'Гамма 28', 'Гамма 29', 'Гамма 30']);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(30);
    expect(second.head).toMatchObject({ title: 'Тестовые страницы — купить в России и Казахстане — страница 2', noindex: true, canonical: '/catalog/test-listing-paging' });
    const beyond = await category('sortOrder=name&page=9', guest(), LISTING.paging);
    expect(beyond.listing.page).toBe(2);
    expect(beyond.state.page).toBe(2);
    expect(ids(beyond)).toEqual(ids(second));
  });
});

describe('the model line page', () => {
  const lineUrl = (query = '') => at('/catalog/test-listing-a1/test-alfa-100', query);

  it('has the line, its models as a slider with the first selected, the sidebar scoped to it, trail and head', async () => {
    const page = (await loadModelLinePage(guest(), LISTING.lines.alfa100, lineUrl()))!;
    expect(page.modelLine).toEqual({
      id: 8801, name: 'Альфа-100', description: 'Лёгкие тестовые тракторы.', link: '/catalog/test-listing-a1/test-alfa-100',
      manufacturer: { id: 8801, name: 'Альфа', country: 'Россия', logo: '/images/manufacturers/test-alfa.svg' },
      category: { id: 8851, name: 'Тестовые малые тракторы', link: '/catalog/test-listing-a1' },
    });
    expect(page.models.map((m) => m.id)).toEqual([8801, 8802, 8803]);
    expect(page.selectedModelId).toBe(8801);
    expect(page.listing.total).toBe(3);
    expect(page.filters.models.map((m) => [m.id, m.count, m.imgForFilter])).toEqual([
      [8801, 1, '/images/models/TL8801.svg'], [8802, 1, '/images/models/TL8802.svg'], [8803, 1, '/images/models/TL8803.svg'],
    ]);
    expect(page.filters.techniqueModelLines).toEqual([{ id: 8801, name: 'Альфа-100', count: 3, checked: false }]);
    expect(page.trail.map((c) => c.label)).toEqual(['Каталог техники', 'Тестовая техника', 'Тестовые тракторы', 'Тестовые малые тракторы']);
    expect(page.head).toEqual({
      title: 'Альфа-100 Альфа — модели, характеристики, цены',
      description: 'Лёгкие тестовые тракторы.',
      canonical: '/catalog/test-listing-a1/test-alfa-100',
    });
  });

  it('filters by model and keeps the chosen one selected in the slider', async () => {
    const page = (await loadModelLinePage(guest(), LISTING.lines.alfa100, lineUrl('models[]=8803')))!;
    expect(ids(page)).toEqual([8803]);
    expect(page.selectedModelId).toBe(8803);
    expect(page.models).toHaveLength(3);
    expect(page.filters.models.find((m) => m.id === 8803)).toMatchObject({ checked: true, count: 1 });
    expect(page.head.noindex).toBe(true);
  });

  it('is null for an unknown line', async () => {
    expect(await loadModelLinePage(guest(), 987654, lineUrl())).toBeNull();
  });
});

describe('a fixed number of statements per page, whatever the filters', () => {
  const busy = `specificationsFrom[]=8801-100&specifications[]=${encodeURIComponent('8802-Дизель')}&techniqueManufacturers[]=8801&inStock=1&stock[]=1&categories[]=8801&techniqueModelLines[]=8801&models[]=8801`;

  /**
   * Statements of one page load, the menu and the region directory (kept in memory per handle)
   * already loaded by another state's page; then of the same page again, whose sidebar counts are reused.
   */
  async function statements(load: (ctx: RequestContext, query: string) => Promise<unknown>, query: string, signedIn = false): Promise<[number, number]> {
    const { services, counter } = countingServices(t.services);
    const ctx = signedIn ? await member(services) : guest(services);
    await load(ctx, 'stock[]=2');
    counter.count = 0;
    await load(ctx, query);
    const cold = counter.count;
    counter.count = 0;
    await load(ctx, query);
    return [cold, counter.count];
  }
  const categoryPage = (ctx: RequestContext, query: string) => loadCategoryPage(ctx, LISTING.top, at('/catalog/test-listing', query));
  const linePage = (ctx: RequestContext, query: string) => loadModelLinePage(ctx, LISTING.lines.alfa100, at('/x', query));

  it('category page: one statement for cards it has not shown before, none again; filtered or not, guest or signed in', async () => {
    const counts = await Promise.all([
      statements(categoryPage, ''),
      statements(categoryPage, busy),
      statements(categoryPage, 'sortOrder=name&page=2'),
      statements(categoryPage, 'sortOrder=price-asc', true),
    ]);
    // The counts and the order come from the listing index, the line cards (the same whatever the
    // filters) from the first load, the model cards from memory once read (cards.server.ts); a
    // state matching nothing has no cards to read.
    expect(counts).toEqual([[1, 0], [0, 0], [1, 0], [1, 0]]);
  });

  it('model line page: one statement (the line), its cards and slider from memory', async () => {
    expect(await statements(linePage, 'models[]=8801&inStock=1')).toEqual([1, 1]);
    expect(await statements(linePage, busy, true)).toEqual([1, 1]);
  });

  it('the index is read once for every state and page; a new state costs no statement of its own', async () => {
    const { services, counter } = countingServices(t.services);
    const ctx = guest(services);
    await categoryPage(ctx, 'techniqueTypes[]=8802');
    // As when a specification is edited: the models, the lists and the cards are read again.
    dataChanged(services.db, 'catalog_specification');
    counter.count = 0;
    await categoryPage(ctx, 'techniqueTypes[]=8802&sortOrder=new');
    // The index read again: the models with their values, the names, the specifications, the
    // branch's offers; then the page's cards.
    expect(counter.count).toBe(5);
    counter.count = 0;
    // A price changed: the branch's prices and stock read again, once for the index and once for
    // the cards, and the line cards with their lowest prices; the new state costs nothing more.
    dataChanged(services.db, 'catalog_model_branch');
    const other = (await categoryPage(ctx, 'techniqueTypes[]=8802&sortOrder=name&page=2&displayType=list'))!;
    expect(counter.count).toBe(3);
    expect(other.listing).toMatchObject({ total: 32, page: 2, pageCount: 2 });
    expect(other.filters.techniqueTypes.find((o) => o.id === 8802)).toMatchObject({ count: 32, checked: true });
    const first = (await categoryPage(ctx, 'techniqueTypes[]=8802&sortOrder=name'))!;
    // The two pages of one order neither overlap nor leave a model out.
    const both = [...first.listing.items, ...other.listing.items].map((m) => m.id);
    expect(new Set(both).size).toBe(32);
  });
});

describe('the endpoints\' use-cases', () => {
  it('sidebarFilters scopes to a category or a line; null when neither exists', async () => {
    const state = parseFilterQuery(new URLSearchParams('inStock=1'));
    const byCategory = (await sidebarFilters(guest(), { categoryId: LISTING.childA }, state))!;
    expect(byCategory.count).toBe(3);
    expect(byCategory.filters.inStock).toEqual({ count: 3, checked: true });
    const { filters: byLine } = (await sidebarFilters(guest(), { modelLineId: LISTING.lines.alfa200 }, state))!;
    expect(byLine.techniqueModelLines).toEqual([{ id: 8802, name: 'Альфа-200', count: 1, checked: false }]);
    expect(byLine.models.map((m) => m.id)).toEqual([8804, 8805]);
    expect(await sidebarFilters(guest(), { categoryId: 987654 }, state)).toBeNull();
    expect(await sidebarFilters(guest(), { modelLineId: 987654 }, state)).toBeNull();
  });

  it('filterInfo counts what the state gives and links to its first page', async () => {
    const state = parseFilterQuery(new URLSearchParams('inStock=1&page=3&sortOrder=name'));
    expect(await filterInfo(guest(), { categoryId: LISTING.childA }, state)).toEqual({ count: 3, link: '/catalog/test-listing-a?inStock=1&sortOrder=name' });
    expect(await filterInfo(guest(), { modelLineId: LISTING.lines.alfa100 }, state)).toEqual({ count: 2, link: '/catalog/test-listing-a1/test-alfa-100?inStock=1&sortOrder=name' });
  });

  it('filterModelLines narrows by maker; unknown ids give none', async () => {
    expect((await filterModelLines(guest(), LISTING.top, LISTING.makers.beta)).map((l) => l.name)).toEqual(['Бета-С', 'Гамма']);
    expect(await filterModelLines(guest(), LISTING.top, 999999)).toEqual([]);
    expect(await filterModelLines(guest(), 999999, null)).toEqual([]);
  });
});

describe('model line cards of a large category', () => {
  it('come with the page up to MODEL_LINE_CARDS, with the total; the rest on request', async () => {
    // The demo's tractors (category 1 and its subcategories) have more lines than a page shows.
    const page = (await loadCategoryPage(guest(), 1, new URL('http://shop.test/catalog/traktory')))!;
    const all = await filterModelLines(guest(), 1, null);
    expect(all.length).toBeGreaterThan(MODEL_LINE_CARDS);
    expect(page.modelLines).toHaveLength(MODEL_LINE_CARDS);
    expect(page.modelLinesTotal).toBe(all.length);
    expect(page.modelLines.map((l) => l.id)).toEqual(all.slice(0, MODEL_LINE_CARDS).map((l) => l.id));
  });
});
