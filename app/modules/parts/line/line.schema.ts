import type { Crumb } from '#app/components/page/crumbs.ts';
import type { CurrencyCode } from '#app/lib/money.ts';
import type { SidebarFilters } from '#app/modules/catalog/listing/listing.schema.ts';
import type { SupplierOfferView } from '../parts.schema.ts';

/**
 * The model line parts page (spec §2 `/zapchasti/.+`, `/model-lines/view?section=parts`; issue 9
 * point 3): its filter state (spec §3 query keys), the sidebar, the drawing viewer's data and the
 * part rows. Isomorphic types only.
 */

/** Orders of the parts list; the first is the default (the drawings' order) and is left out of the URL. */
export const PARTS_SORT_ORDERS = ['popular', 'name', 'code', 'price-asc', 'price-desc'] as const;
export type PartsSortOrder = (typeof PARTS_SORT_ORDERS)[number];

export const PARTS_SORT_LABELS: Readonly<Record<PartsSortOrder, string>> = {
  popular: 'По чертежам',
  name: 'По названию',
  code: 'По номеру',
  'price-asc': 'Сначала дешевле',
  'price-desc': 'Сначала дороже',
};

/** The id lists of the parts sidebar (spec §3 keys, written `key[]`). */
export const PARTS_ID_KEYS = ['categories', 'manufacturers', 'drawings', 'models', 'stock'] as const;
export type PartsIdKey = (typeof PARTS_ID_KEYS)[number];

export interface PartsLineState {
  /** Part categories. */
  categories: number[];
  /** Part manufacturers (OEM and aftermarket). */
  manufacturers: number[];
  drawings: number[];
  /** Models of the line: drawings of the whole line and those of the chosen models. */
  models: number[];
  /** Stock options (spec §3): 1 'Товар со скидкой'. */
  stock: number[];
  inStock: boolean;
  isWithPrice: boolean;
  sortOrder: PartsSortOrder;
  /** 1-based page of the parts list. */
  page: number;
  /** The drawing shown in the viewer (`drawing=`), when the visitor chose one in the slider. */
  drawing: number | null;
  /** The machine's serial number (`serial=`), upper-cased; null when absent or invalid. */
  serial: string | null;
  /** `serial=` was given but is not a serial number. */
  serialInvalid: boolean;
  /** `allSerials=1`: positions outside the serial range are shown, marked. */
  allSerials: boolean;
}

/** Stock at the visitor's branch as the callouts and rows are coloured. */
export type StockTone = 'here' | 'elsewhere' | 'order';

export const STOCK_TONE_LABELS: Readonly<Record<StockTone, string>> = {
  here: 'В наличии',
  elsewhere: 'В другом филиале',
  order: 'Под заказ',
};

export interface PartOffer {
  branchId: number;
  currency: CurrencyCode;
  /** Minor units; null: on request, or hidden (guests). */
  price: number | null;
  oldPrice: number | null;
  quantity: number;
  expectedDate: string | null;
}

export interface PartRowView {
  /** The position's id (unique on the page). */
  key: number;
  drawingId: number;
  drawingTitle: string;
  callout: number;
  partId: number;
  code: string;
  name: string;
  maker: string;
  /** How many the assembly holds. */
  quantity: number;
  note: string | null;
  /** 'с 20241234' …; null: every machine. */
  serialRange: string | null;
  /** False: outside the machine's serial range (shown only with allSerials). */
  fits: boolean;
  tone: StockTone;
  /** At the visitor's branch; null: the branch does not sell it (to order). Prices only for signed-in visitors. */
  offer: PartOffer | null;
  /** The best supplier's offer at the visitor's branch ('под заказ, N дней'; the price only for signed-in visitors). */
  supplierOffer: SupplierOfferView | null;
  /** Other branches that hold it, most first. */
  elsewhere: Array<{ branchName: string; quantity: number }>;
  analogs: number;
}

export interface CalloutView {
  callout: number;
  x: number;
  y: number;
  tone: StockTone;
}

export interface DrawingThumb {
  id: number;
  title: string;
  image: string;
  width: number;
  height: number;
  /** Parts of the filtered set on it. */
  count: number;
  link: string;
}

export interface DrawingView extends Omit<DrawingThumb, 'count' | 'link'> {
  callouts: CalloutView[];
  rows: PartRowView[];
}

/** The parts sidebar (spec §3/§7 lists the parts catalogue fills). */
export interface PartsSidebar extends Pick<SidebarFilters,
  'categories' | 'manufacturers' | 'drawings' | 'models' | 'stocks' | 'inStock' | 'isWithPrice' | 'countPartCategories'> {
  /** Parts the whole state gives. */
  count: number;
}

export interface PageSidebar extends PartsSidebar {
  /** How many entries each cut list leaves out ('Показать все' asks for them). */
  hidden: Record<string, number>;
}

export interface PartsLinePageData {
  line: {
    id: number;
    name: string;
    /** This page's canonical address. */
    link: string;
    /** The machinery page of the line. */
    machineryLink: string;
    manufacturer: string;
  };
  trail: Crumb[];
  head: { title: string; description: string; canonical: string; noindex?: boolean };
  state: PartsLineState;
  sortOrders: PartsSortOrder[];
  sidebar: PageSidebar;
  signedIn: boolean;
  slider: DrawingThumb[];
  drawing: DrawingView | null;
  /** Without a drawing (the filters narrowed the parts): a page of the matching parts. */
  list: { rows: PartRowView[]; total: number; page: number; pageCount: number } | null;
  /** Positions of the drawing outside the machine's serial range (hidden unless allSerials). */
  outsideSerial: number;
}


export const PARTS_LINE_TEXTS = {
  title: (line: string) => `Запчасти для ${line}`,
  serialNotice: (serial: string) => `Показаны позиции для серийного номера ${serial}`,
  notForSerial: 'Не подходит для вашего серийного номера',
  noParts: 'По выбранным фильтрам запчастей не найдено',
  noDrawings: 'Для этой модельной линейки пока нет чертежей',
  positionNotFound: (n: string) => `На чертеже нет позиции № ${n}`,
} as const;
