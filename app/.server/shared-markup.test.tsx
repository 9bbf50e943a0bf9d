import { lazy, Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderDocument } from './render-document.ts';
import { createSharedMarkupStore, type DocumentMarkup } from './shared-markup.ts';
import { SiteFooter } from '#app/components/layout/SiteFooter.tsx';
import { SiteHeader } from '#app/components/layout/SiteHeader.tsx';
import { LayoutUiContext } from '#app/components/layout/layout-ui.tsx';
import type { RootData } from '#app/components/layout/root-data.ts';
import type { ModelCardView } from '#app/modules/catalog/catalog.schema.ts';
import type { ModelLineCardView } from '#app/modules/catalog/listing/listing.schema.ts';
import { ModelList } from '#app/modules/catalog/listing/ui/ModelList.tsx';
import { ModelSlider } from '#app/modules/catalog/listing/ui/ModelSlider.tsx';
import type { BranchStockRow, ModelSpecRow } from '#app/modules/catalog/model/model.schema.ts';
import { KeyFacts, SpecTable } from '#app/modules/catalog/model/ui/SpecTable.tsx';
import { Gallery } from '#app/modules/catalog/model/ui/Gallery.tsx';
import { Breadcrumbs } from '#app/modules/catalog/listing/ui/Breadcrumbs.tsx';
import { BranchStock } from '#app/modules/catalog/model/ui/BranchStock.tsx';
import { ModelLines } from '#app/modules/catalog/listing/ui/ModelLines.tsx';
import { modelActions } from '#app/modules/catalog/listing/ui/ModelActions.tsx';
import { ModelCard } from '#app/modules/catalog/ui/ModelCard.tsx';
import { modelCardFixture } from '#app/modules/catalog/ui/model-card.fixture.ts';
import type { DrawingView, PartRowView } from '#app/modules/parts/line/line.schema.ts';
import { DrawingWorkspace } from '#app/modules/parts/line/ui/DrawingViewer.tsx';
import { DrawingThumbs } from '#app/modules/parts/line/ui/PartsLinePage.tsx';
import { PartRows } from '#app/modules/parts/line/ui/PartRows.tsx';
import { AddToCartButton } from '#app/modules/cart/ui/AddToCartButton.tsx';
import { FilterList } from '#app/modules/catalog/listing/ui/FilterList.tsx';
import { FilterSidebar } from '#app/modules/catalog/listing/ui/FilterSidebar.tsx';
import { emptyFilterState } from '#app/modules/catalog/listing/filters.rules.ts';
import type { PageSidebarFilters } from '#app/modules/catalog/listing/listing.schema.ts';
import { PartBookmarkButton } from '#app/modules/catalog/marks/ui/PartBookmarkButton.tsx';
import { SharedMarkup, SharedMarkupContext } from '#app/components/ui/SharedMarkup.tsx';

// Every use of shared markup must give the bytes the component renders in place: hydration reads
// the document as the component's own output. Each case renders a whole part of a page twice with
// one store: the first time the shared pieces are rendered in place (the store has nothing yet),
// the second time they come from the store.

const model: ModelCardView = { ...modelCardFixture, name: 'Кировец К-735 <Стандарт> & «Люкс»' };

const line = (id: number): ModelLineCardView => ({
  id,
  name: `Линия ${id}`,
  link: `/catalog/traktory/line-${id}`,
  manufacturer: { id: 1, name: 'Кировец', logo: id % 2 ? '/images/logo.svg' : null },
  image: { src: `/images/lines/${id}.svg`, width: 320, height: 240 },
  modelCount: id * 3,
  priceFrom: id % 3 ? { price: id * 1_000_000_00, currency: 'RUB' } : null,
} as ModelLineCardView);

const rootData = {
  location: {
    currentBranch: { id: 1, name: 'Краснодар', city: 'Краснодар', address: 'ул. Северная, 1', countryId: 1, hours: 'Пн–Пт 8:00–18:00' },
    country: { code: 'RU', salesPhone: '+7 800 100-00-00' },
    currentArea: { regionId: 1, label: 'Краснодарский край', confirmed: true },
  },
  menu: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Раздел ${i + 1}`, link: `/catalog/r-${i + 1}`, icon: 'tractor', count: 0 })),
  viewer: { isGuest: false, id: 5, userName: 'Иван <Петров>', roles: [] },
  settings: { supplierPortalUrl: null, demo: false },
  counters: { cart: 0, compare: 1, bookmarks: 0 },
  marks: { compare: [7], bookmarks: [], partBookmarks: [11, 103] },
} as unknown as RootData;

function renderTwice(node: ReactNode) {
  const store = createSharedMarkupStore();
  const render = () => {
    const router = createMemoryRouter([{ id: 'root', path: '/', element: node, loader: () => rootData }], { hydrationData: { loaderData: { root: rootData } } });
    return renderToString(<SharedMarkupContext value={store}><RouterProvider router={router} /></SharedMarkupContext>);
  };
  return { store, inPlace: render(), settle: () => store.settled(), again: render };
}

/** The node as a page's document: streamed by React, the shared pieces spliced into their marks. */
async function documentOf(node: ReactNode, source: DocumentMarkup, data: RootData = rootData): Promise<string> {
  const router = createMemoryRouter([{ id: 'root', path: '/', element: node, loader: () => data }], { hydrationData: { loaderData: { root: data } } });
  const response = await renderDocument(
    <SharedMarkupContext value={source}><RouterProvider router={router} /></SharedMarkupContext>,
    { nonce: 'n', waitForAll: true, status: 200, headers: new Headers(), abortAfterMs: 5_000, splice: source.splice },
  );
  return response.text();
}

/** A document's source that counts the pieces it gave. */
function counted(source: DocumentMarkup): DocumentMarkup & { given: number } {
  const count = (ask: DocumentMarkup['markup']) => ((component, props) => {
    const mark = ask(component, props);
    if (mark !== null) counter.given++;
    return mark;
  }) as DocumentMarkup['markup'];
  const counter = { given: 0, splice: source.splice, markup: count(source.markup), ...(source.mark ? { mark: count(source.mark) } : {}) };
  return counter;
}

async function expectSameBytes(node: ReactNode, sharedPieces: number) {
  const { store, inPlace, settle, again } = renderTwice(node);
  await settle();
  expect(store.entries).toBe(sharedPieces);
  expect(again()).toBe(inPlace);
  // The same through a document's stream: marks written by React, the pieces' bytes spliced in.
  const fromStore = counted(store.forDocument());
  const spliced = await documentOf(node, fromStore);
  expect(fromStore.given).toBeGreaterThan(0);
  expect(spliced).not.toContain('\u0002');
  expect(spliced).toBe(await documentOf(node, { markup: () => null, splice: (bytes) => bytes }));
}

describe('shared markup gives the bytes of the component rendered in place', () => {
  it('a signed-in model card: its text, its price and its toggles (one pressed)', async () => {
    await expectSameBytes(<ModelCard model={model} guest={false} actions={modelActions(model)} />, 4);
    await expectSameBytes(<ModelCard model={{ ...model, offer: null }} guest={false} layout="list" headingLevel={2} actions={modelActions(model)} />, 4);
  });

  it('a signed-in visitor\'s list of cards: shared whole with the visitor\'s marks, the first row\'s images preloaded', async () => {
    const items = [7, 8, 9, 10, 11, 12].map((id) => ({ ...model, id, name: `${model.name} ${id}`, link: `${model.link}-${id}`, image: { ...model.image!, src: `/images/models/${id}.svg` }, offer: id === 12 ? null : model.offer }));
    // Outside a document every card renders in place with its pieces: six bodies, two prices, three
    // faces of toggles.
    const list = (layout: 'grid' | 'list', cards = items) => <ModelList items={cards} layout={layout} guest={false} loading={false} actions={modelActions} empty={null} />;
    await expectSameBytes(list('grid'), 6 + 2 + 3);
    await expectSameBytes(list('list'), 6 + 2 + 3);
    // In a document the list is one piece of its own (ADR 063), found again for a new array of the
    // same cards (each page's list is made anew from the kept cards) but not for other cards.
    const store = createSharedMarkupStore();
    const inDocument = await documentOf(list('grid'), store.forDocument());
    await store.settled();
    const source = counted(store.forDocument());
    expect(await documentOf(list('grid', [...items]), source)).toBe(inDocument);
    expect(source.given).toBe(1);
    const fewer = await documentOf(list('grid', items.slice(1)), store.forDocument());
    expect(fewer).not.toContain('/images/models/7.svg');
    expect(fewer).toContain('/images/models/8.svg');
    const { inPlace } = renderTwice(list('grid'));
    expect(inPlace).toContain('aria-pressed="true"');
    // The first row (3 tiles) loads at once: its preloads lead the document, the others load lazily.
    expect([...inPlace.matchAll(/<link rel="preload" href="([^"]+)" as="image"/g)].map((m) => m[1])).toEqual([7, 8, 9].map((id) => `/images/models/${id}.svg`));
    expect(inPlace.match(/loading="eager"/g)).toHaveLength(3);
    expect(inPlace.match(/loading="lazy"/g)).toHaveLength(3);
  });

  it('a model line\'s slider, and a model\'s specification table and stock at the branches', async () => {
    const models = [7, 8, 9, 10, 11, 12].map((id) => ({ ...model, id, name: `${model.name} ${id}`, link: `${model.link}-${id}` }));
    const { inPlace } = renderTwice(<ModelSlider title="Модели линейки" models={models} selectedId={11} guest={false} />);
    expect(inPlace).toContain('data-selected="true"');
    await expectSameBytes(<ModelSlider title="Модели линейки" models={models} selectedId={11} guest={false} />, 6 + 1 + 3 + 6);
    await expectSameBytes(<SpecTable specs={[{ id: 1, name: 'Мощность', value: '350 л.с.' }, { id: 2, name: 'Масса <сухая>', value: '15 800 кг' }] as ModelSpecRow[]} />, 1);
    const branches: BranchStockRow[] = [
      { branch: { id: 1, name: 'Краснодар', city: 'Краснодар', countryId: 1 }, current: true, quantity: 2, expectedDate: null, offer: { branchId: 1, currency: 'RUB', price: 1_500_000_00, oldPrice: null, superPrice: false, quantity: 2, expectedDate: null } },
      { branch: { id: 2, name: 'Юг <2>', city: 'Ростов-на-Дону', countryId: 1 }, current: false, quantity: 0, expectedDate: '2026-12-01', offer: null },
    ];
    await expectSameBytes(<BranchStock rows={branches} signedIn />, 1);
    await expectSameBytes(<KeyFacts facts={[{ id: 1, name: 'Мощность', value: '350 л.с.' }] as ModelSpecRow[]} />, 1);
  });

  it('a model\'s gallery (the first photo in place: its preload leads the page) and the trail above a page', async () => {
    const images = [1, 2, 3].map((n) => ({ src: `/images/models/k-${n}.svg`, width: 640, height: 480, alt: n === 1 ? 'Кировец <К-735>' : '' }));
    const gallery = <Gallery images={images} name="К-735" />;
    await expectSameBytes(gallery, 1);
    const { inPlace } = renderTwice(gallery);
    expect(inPlace).toMatch(/^<link rel="preload" as="image" href="\/images\/models\/k-1.svg" fetchPriority="high"\/>/);
    expect(inPlace.match(/aria-current="true"/g)).toHaveLength(1);
    await expectSameBytes(<Breadcrumbs trail={[{ to: '/catalog', label: 'Каталог' }, { to: '/catalog/traktory', label: 'Тракторы <К>' }]} current="К-735" />, 1);
  });

  it('a part\'s favourite toggle (pressed)', async () => {
    await expectSameBytes(<PartBookmarkButton partId={11} variant="icon" />, 1);
  });

  it('model lines, the first row\'s images preloaded', async () => {
    const lines = <ModelLines categoryId={1} first={[1, 2, 3, 4, 5, 6, 7].map(line)} total={9} />;
    await expectSameBytes(lines, 7);
    const { inPlace } = renderTwice(lines);
    expect([...inPlace.matchAll(/<link rel="preload" href="([^"]+)" as="image"/g)].map((m) => m[1])).toEqual([1, 2, 3, 4].map((id) => `/images/lines/${id}.svg`));
    expect(inPlace.match(/loading="eager"/g)).toHaveLength(4);
  });

  it('a model line\'s part rows for a signed-in visitor: description, price and stock here and elsewhere', async () => {
    const row = (n: number): PartRowView => ({
      key: n, drawingId: 3, drawingTitle: 'Двигатель', callout: n, partId: 100 + n, code: `8607095${n}`, name: `Фильтр <${n}> & «сетка»`, maker: 'Versatile',
      quantity: n, note: n % 2 ? 'Только для TR-250' : null, serialRange: n % 3 ? null : 'с 20241234', fits: n !== 4,
      tone: (['here', 'elsewhere', 'order'] as const)[n % 3]!, offer: n === 5 ? null : { branchId: 1, currency: 'RUB', price: n % 4 ? n * 1000_00 : null, oldPrice: null, quantity: n % 3 ? 0 : 7, expectedDate: null },
      elsewhere: n % 2 ? [{ branchName: 'Астана', quantity: 52 }, { branchName: 'Ставрополь', quantity: 2 }] : [], analogs: n % 2,
    } as PartRowView);
    const rows = [1, 2, 3, 4, 5, 6].map(row);
    // Six whole rows; in the first render each row's pieces too: six descriptions, six prices and
    // stocks, two faces of the toggles (one part is a favourite), six cart forms.
    const list = <PartRows rows={rows} signedIn bookmarked={[103]} drawingLink={(r) => `/zapchasti/x?drawing=${r.drawingId}`} />;
    await expectSameBytes(list, 6 + 6 + 6 + 2 + 6);
    await expectSameBytes(<PartRows rows={rows} signedIn bookmarked={[103]} onRowSelect={() => {}} />, 6 + 6 + 6 + 2 + 6);
    const { inPlace } = renderTwice(list);
    // Each cart form has ids of its own, and the visitor's favourite part (103) is marked.
    const ids = [...inPlace.matchAll(/<input id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(6);
    expect(inPlace.match(/aria-pressed="true"/g)).toHaveLength(1);
    expect(inPlace).toMatch(/<tr data-callout="3"[^>]*><td[\s\S]*?aria-pressed="true"[\s\S]*?<\/tr>/);
    expect(inPlace).toMatch(/<tr data-callout="4" data-fits="no"/);
  });

  it('a drawing with its toolbar, balloons and rows for a signed-in visitor; the slider of drawings', async () => {
    const rows = [1, 2].map((n) => ({
      key: n, drawingId: 3, drawingTitle: 'Двигатель', callout: n, partId: 100 + n, code: `RE5${n}`, name: `Фильтр ${n}`, maker: 'Versatile',
      quantity: 1, note: null, serialRange: null, fits: true, tone: 'here', offer: null, elsewhere: [], analogs: 0,
    } as PartRowView));
    const drawing = {
      id: 3, title: 'Двигатель <верх>', image: '/images/drawings/3.svg', width: 800, height: 600,
      callouts: [{ callout: 1, x: 10, y: 20, tone: 'here' }, { callout: 2, x: 30.5, y: 40, tone: 'order' }], rows,
    } as DrawingView;
    // The toolbar, the balloons, the legend; two rows with, the first time, their descriptions, one
    // price and stock (the same for both), their cart forms and one face of the toggles.
    await expectSameBytes(<DrawingWorkspace drawing={drawing} signedIn bookmarked={[]} />, 3 + 2 + 2 + 1 + 2 + 1);
    // Shared whole (a signed-in visitor's page). Outside a document it renders in place, its pieces
    // as above with the other face of the toggles too (one part is a favourite)…
    const whole = <SharedMarkup component={DrawingWorkspace} props={{ drawing, signedIn: true, bookmarked: [102] }} />;
    await expectSameBytes(whole, 3 + 2 + 2 + 1 + 2 + 2);
    // …in a document it is one piece of its own.
    const store = createSharedMarkupStore();
    const inDocument = await documentOf(whole, store.forDocument());
    await store.settled();
    const source = counted(store.forDocument());
    expect(await documentOf(whole, source)).toBe(inDocument);
    expect(source.given).toBe(1);
    expect(inDocument).toBe(await documentOf(whole, { markup: () => null, splice: (bytes) => bytes }));
    const { inPlace } = renderTwice(whole);
    expect(inPlace.match(/aria-pressed="true"/g)).toHaveLength(1);
    expect(inPlace).toMatch(/<tr data-callout="2"[^>]*>[\s\S]*?aria-pressed="true"/);
    expect(inPlace).toContain('<input id="drawing-3-position"');
    expect(inPlace).toContain('aria-describedby="drawing-3-hint"');
    const thumbs = [1, 2, 3].map((id) => ({ id, title: `Узел <${id}>`, image: `/images/drawings/${id}.svg`, width: 800, height: 600, count: id * 11, link: `/zapchasti/v/l?drawing=${id}` }));
    const slider = <SharedMarkup as="nav" aria-label="Чертежи узлов" component={DrawingThumbs} props={{ thumbs, current: 2 }} />;
    await expectSameBytes(slider, 1);
    expect(renderTwice(slider).inPlace.match(/aria-current="page"/g)).toHaveLength(1);
    expect(renderTwice(<DrawingWorkspace drawing={drawing} signedIn bookmarked={[]} />).inPlace).toMatch(/<svg[^>]*><g><g data-callout="1" data-tone="here"/);
  });

  it('the lists of the sidebar filters: ticks, counts, thumbnails, a cut list, a long one', async () => {
    const entries = (n: number, image?: boolean) => Array.from({ length: n }, (_, i) => ({
      value: String(i + 1), label: `Значение <${i + 1}> & «${i}»`, count: i * 1000, checked: i === 1, ...(image ? { image: i % 2 ? `/images/models/${i}.svg` : null } : {}),
    }));
    const lists = (
      <form>
        <FilterList title="Производитель" name="techniqueManufacturers[]" entries={entries(3)} limit={5} onToggle={() => {}} />
        <FilterList title="Модель" name="models[]" entries={entries(4, true)} limit={3} onToggle={() => {}} hiddenCount={12} onShowAll={() => {}} />
        <FilterList title="Модельный ряд" name="techniqueModelLines[]" entries={entries(7)} limit={5} single onToggle={() => {}} />
      </form>
    );
    await expectSameBytes(lists, 3);
    const { inPlace } = renderTwice(lists);
    // Each list keeps an id of its own for its button's aria-controls.
    expect(new Set([...inPlace.matchAll(/aria-controls="([^"]+)"/g)].map((m) => m[1])).size).toBe(2);
  });

  it('the whole sidebar of filters: flags, lists, ranges, each list with an id of its own', async () => {
    const options = (n: number, chosen = -1) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Вариант <${i + 1}> & «${i}»`, count: i * 7, checked: i === chosen }));
    const filters: PageSidebarFilters = {
      techniqueTypes: options(2), techniqueManufacturers: options(7, 1), techniqueModelLines: options(3), categories: options(1), manufacturers: [],
      specifications: [
        { id: 4, name: 'Мощность', unit: 'л.с.', kind: 'number', priority: 1, min: 80, max: 550.5, from: null, to: null, values: [] },
        { id: 5, name: 'Кабина', unit: null, kind: 'text', priority: 2, min: null, max: null, from: null, to: null, values: [{ value: 'Да', count: 3, checked: false }, { value: 'Нет', count: 0, checked: false }] },
      ],
      drawings: [], models: options(5).map((o) => ({ ...o, slug: `m-${o.id}`, imgForFilter: o.id % 2 ? `/images/models/${o.id}.svg` : null })),
      stocks: options(2), inStock: { count: 12, checked: false }, isWithPrice: { count: 9, checked: false }, countPartCategories: 0,
      hidden: { models: 4 }, target: { categoryId: 1 },
    };
    const state = { ...emptyFilterState(), techniqueManufacturers: [2], ranges: [{ specId: 4, from: 100, to: null }] };
    const sidebar = (
      <>
        <FilterSidebar filters={filters} state={state} guest={false} idPrefix="filters" />
        <FilterSidebar filters={filters} state={state} guest={false} heading={false} idPrefix="filters-panel" />
      </>
    );
    // Two bodies (with and without the heading); the first time also their six lists each (the
    // same entries, but each with its own id).
    await expectSameBytes(sidebar, 2 + 6 + 6);
    const { inPlace } = renderTwice(sidebar);
    const ids = [...inPlace.matchAll(/<ul class="[^"]*" id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(inPlace).toContain('value="100"');
  });

  it('a part\'s cart form on its own (the part page, the search)', async () => {
    await expectSameBytes(<AddToCartButton partId={7} label="RE504836 Фильтр «масляный»" testId="add" />, 1);
    await expectSameBytes(<AddToCartButton partId={7} />, 1);
  });

  it('the footer of a branch', async () => {
    await expectSameBytes(<SiteFooter />, 1);
  });

  it('the header: four parts shared whole without an element of their own, for a signed-in visitor and for a guest asked about his region', async () => {
    const ui = { openRegion: () => {}, openWriteUs: () => {}, openSearch: () => {}, openAuth: () => {} };
    const header = <LayoutUiContext value={ui}><SiteHeader /></LayoutUiContext>;
    // The user's menus (desktop and phone) are lazy: the first render asks for their module.
    renderTwice(header);
    await import('#app/modules/auth/ui/UserMenu.tsx');
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Outside a document the parts render in place; the menus' items (the same in both) are shared.
    await expectSameBytes(header, 1);
    const guest = {
      ...rootData,
      viewer: { isGuest: true, id: null, userName: null, roles: [] },
      counters: { cart: 2, compare: 0, bookmarks: 0 },
      location: { ...rootData.location, currentArea: { ...rootData.location.currentArea, confirmed: false } },
    } as unknown as RootData;
    const documents: Record<string, string> = {};
    for (const [who, data] of [['user', rootData], ['guest', guest]] as const) {
      // In a document the top bar, the brand, the tools and the rows are pieces of their own, with
      // the menus' finished Suspense boundaries.
      const store = createSharedMarkupStore();
      const inDocument = await documentOf(header, store.forDocument(), data);
      await store.settled();
      const source = counted(store.forDocument());
      expect(await documentOf(header, source, data)).toBe(inDocument);
      expect(source.given).toBe(4);
      expect(inDocument).toBe(await documentOf(header, { markup: () => null, splice: (bytes) => bytes }, data));
      documents[who] = inDocument;
    }
    const user = documents.user!;
    expect(user).toContain('id="user-menu-text"');
    expect(user).toContain('id="user-menu-icon"');
    expect(user).toContain('aria-label="Сравнение: 1"');
    expect(user).toContain('href="/profile/bookmarks"');
    expect(user).not.toContain('aria-current="page"');
    expect(user.match(/>Моя техника</g)).toHaveLength(2);
    expect(user).not.toContain('Подтверждение региона');
    // A guest: 'Войти', the cart's count on the phone's icon, the region question in both layouts
    // with ids of their own.
    const guestHeader = documents.guest!;
    expect(guestHeader).toContain('id="login-tooltip"');
    expect(guestHeader).toContain('aria-label="Корзина, товаров: 2"');
    expect(guestHeader).toContain('href="/login?redirect=%2Fprofile%2Fbookmarks"');
    expect(guestHeader.match(/aria-label="Подтверждение региона"/g)).toHaveLength(2);
    expect(guestHeader).toContain('aria-describedby="region-question-desktop"');
    expect(guestHeader).toContain('aria-describedby="region-question-mobile"');
  });
});

describe('the store of shared markup', () => {
  const Piece = ({ text }: { text: string }) => <><b>{text}</b>{text}{'!'}</>;

  it('renders in place until the markup is made, then gives it for the same component and props only', async () => {
    const store = createSharedMarkupStore();
    expect(store.markup(Piece, { text: 'а' })).toBeNull();
    expect(store.markup(Piece, { text: 'а' })).toBeNull(); // asked twice, made once
    await store.settled();
    expect(store.markup(Piece, { text: 'а' })).toBe('<b>а</b>а<!-- -->!');
    expect(store.markup(Piece, { text: 'б' })).toBeNull();
    const Other = ({ text }: { text: string }) => <i>{text}</i>;
    expect(store.markup(Other, { text: 'а' })).toBeNull();
    await store.settled();
    expect(store.markup(Other, { text: 'а' })).toBe('<i>а</i>');
    expect(store.entries).toBe(3);
  });

  it('never shares what throws, suspends or hoists a resource into the head', async () => {
    const store = createSharedMarkupStore();
    const Throws = () => { throw new Error('no context'); };
    const Eager = () => <img src="/a.svg" width={10} height={10} alt="" loading="eager" />;
    const pending = new Promise<never>(() => {});
    const Waits = () => { throw pending; };
    const Suspends = () => <Suspense fallback={<i>…</i>}><Waits /></Suspense>;
    for (const C of [Throws, Eager, Suspends]) expect(store.markup(C, {})).toBeNull();
    await store.settled();
    for (const C of [Throws, Eager, Suspends]) expect(store.markup(C, {})).toBeNull();
  });

  it('a document gets each piece where its mark is; text that looks like a mark stays as it was', async () => {
    const store = createSharedMarkupStore();
    const forged = '\u0002000000000000' + '0\u0003 и \u0002';
    const page = (source: DocumentMarkup) => renderDocument(
      <SharedMarkupContext value={source}>
        <main>
          <p>{forged}</p>
          <SharedMarkup as="div" component={Piece} props={{ text: 'первый' }} />
          <SharedMarkup as="div" component={Piece} props={{ text: 'второй' }} />
          <SharedMarkup as="div" component={Piece} props={{ text: 'первый' }} />
        </main>
      </SharedMarkupContext>,
      { nonce: 'n', waitForAll: true, status: 200, headers: new Headers(), abortAfterMs: 5_000, splice: source.splice },
    ).then((r) => r.text());
    const inPlace = await page(store.forDocument());
    await store.settled();
    const source = counted(store.forDocument());
    expect(await page(source)).toBe(inPlace);
    expect(source.given).toBe(3);
    expect(inPlace).toContain(`<p>${forged}</p>`);
    expect(inPlace).toContain('<div><b>второй</b>второй<!-- -->!</div>');
  });

  it('a piece without an element of its own stands among its siblings as they would', async () => {
    const store = createSharedMarkupStore();
    const Pair = ({ text }: { text: string }) => <><button type="button">{text}</button><a href="/x">{text}</a></>;
    const page = (source: DocumentMarkup) => renderDocument(
      <SharedMarkupContext value={source}>
        <nav><span>до</span><SharedMarkup component={Pair} props={{ text: 'а&б' }} /><i>после</i></nav>
      </SharedMarkupContext>,
      { nonce: 'n', waitForAll: true, status: 200, headers: new Headers(), abortAfterMs: 5_000, splice: source.splice },
    ).then((r) => r.text());
    const inPlace = await page(store.forDocument());
    expect(inPlace).toContain('<nav><span>до</span><button type="button">а&amp;б</button><a href="/x">а&amp;б</a><i>после</i></nav>');
    await store.settled();
    const source = counted(store.forDocument());
    expect(await page(source)).toBe(inPlace);
    expect(source.given).toBe(1);
    // Outside a document (no stream to splice a mark) it renders in place.
    expect(renderToString(<SharedMarkupContext value={store}><SharedMarkup component={Pair} props={{ text: 'а&б' }} /></SharedMarkupContext>))
      .toBe('<button type="button">а&amp;б</button><a href="/x">а&amp;б</a>');
  });

  it('shares a finished Suspense boundary; one whose lazy module had not come is made again once it has', async () => {
    const store = createSharedMarkupStore();
    let load!: (module: { default: () => ReactNode }) => void;
    const Late = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => { load = resolve; }));
    const Menu = ({ label }: { label: string }) => <Suspense fallback={<i>…</i>}><b>{label}</b><Late /></Suspense>;
    expect(store.markup(Menu, { label: 'меню' })).toBeNull();
    await store.settled(); // made while the module loads: its fallback, not kept
    expect(store.entries).toBe(0);
    load({ default: () => <u>пункты</u> });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.markup(Menu, { label: 'меню' })).toBeNull();
    await store.settled();
    expect(store.markup(Menu, { label: 'меню' })).toBe('<!--$--><b>меню</b><u>пункты</u><!--/$-->');
  });

  it('knows an object given again, and another object of the same text, as the same markup; handlers are no part of it', async () => {
    const store = createSharedMarkupStore();
    const Card = ({ model, pressed }: { model: { name: string; specs: string[] }; pressed: boolean; onPress?: () => void }) => <p data-pressed={pressed}>{model.name}: {model.specs.join(', ')}</p>;
    const model = { name: 'К-735', specs: ['350 л.с.', '15 800 кг'] };
    expect(store.markup(Card, { model, pressed: false })).toBeNull();
    await store.settled();
    const html = '<p data-pressed="false">К-735<!-- -->: <!-- -->350 л.с., 15 800 кг</p>';
    expect(store.markup(Card, { model, pressed: false, onPress: () => {} })).toBe(html);
    expect(store.markup(Card, { model: { name: 'К-735', specs: ['350 л.с.', '15 800 кг'] }, pressed: false })).toBe(html);
    expect(store.markup(Card, { model, pressed: true })).toBeNull();
    expect(store.markup(Card, { model: { ...model, name: 'К-739' }, pressed: false })).toBeNull();
    await store.settled();
    expect(store.entries).toBe(3);
  });

  it('knows a new list of the same objects, or of objects of the same texts, as the same markup; another order or item is other markup', async () => {
    const store = createSharedMarkupStore();
    const List = ({ items }: { items: { name: string }[] }) => <ul>{items.map((m) => <li key={m.name}>{m.name}</li>)}</ul>;
    const [a, b, c] = [{ name: 'К-735' }, { name: 'К-739' }, { name: 'К-742' }];
    expect(store.markup(List, { items: [a, b] })).toBeNull();
    await store.settled();
    const html = '<ul><li>К-735</li><li>К-739</li></ul>';
    expect(store.markup(List, { items: [a, b] })).toBe(html);
    expect(store.markup(List, { items: [{ name: 'К-735' }, { name: 'К-739' }] })).toBe(html);
    expect(store.markup(List, { items: [b, a] })).toBeNull();
    expect(store.markup(List, { items: [a, c] })).toBeNull();
    expect(store.markup(List, { items: [a] })).toBeNull();
    // A list of text items is named by its JSON, which never reads as a list of tokens.
    const Names = ({ items }: { items: string[] }) => <p>{items.join(', ')}</p>;
    expect(store.markup(Names, { items: ['#0', '#1'] })).toBeNull();
    await store.settled();
    expect(store.markup(Names, { items: ['#0', '#1'] })).toBe('<p>#0, #1</p>');
    expect(store.markup(List, { items: [a, b] })).toBe(html);
  });

  it('refuses an object changed after it was shown (views are never changed once made)', async () => {
    const store = createSharedMarkupStore();
    const model = { name: 'К-735' };
    store.markup(Piece, { text: 'а', model } as never);
    model.name = 'К-739';
    expect(() => store.markup(Piece, { text: 'а', model } as never)).toThrow('a prop changed after it was shown');
  });

  it('props that are not JSON are rendered in place every time', async () => {
    const store = createSharedMarkupStore();
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(store.markup(Piece, { text: 'а', cyclic } as never)).toBeNull();
    await store.settled();
    expect(store.entries).toBe(0);
  });

  it('counts the props\' texts behind the tokens against its bound, the pieces it cannot share too', async () => {
    const store = createSharedMarkupStore({ maxSize: 20_000 });
    const Throws = (_: { data: { text: string } }) => { throw new Error('no context'); };
    store.markup(Throws, { data: { text: 'т'.repeat(500) } });
    await store.settled();
    expect(store.size).toBeGreaterThanOrEqual(500);
    for (let i = 0; i < 100; i++) store.markup(Throws, { data: { text: `${i} `.repeat(300) } });
    await store.settled();
    expect(store.size).toBeLessThanOrEqual(20_000);
  });

  it('keeps within its bound, the recently used first', async () => {
    const store = createSharedMarkupStore({ maxSize: 2_000 });
    const ask = async (text: string) => { store.markup(Piece, { text }); await store.settled(); };
    for (let i = 0; i < 100; i++) await ask(`кусок ${i} `.repeat(5));
    expect(store.size).toBeLessThanOrEqual(2_000);
    expect(store.entries).toBeGreaterThan(0);
    const recent = `кусок 99 `.repeat(5);
    expect(store.markup(Piece, { text: recent })).not.toBeNull();
    expect(store.markup(Piece, { text: `кусок 0 `.repeat(5) })).toBeNull();
  });
});
