import { z } from '#app/lib/zod.ts';
import { textField } from '#app/lib/text.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';
import type { PartRelation, SupplierOfferView } from '../parts.schema.ts';
import type { PickerMachine } from '../yard/yard.schema.ts';
import type { FpSortOrder, FpState } from './fp.rules.ts';

/** The views the parts pages render (ADR 033), isomorphic. */

/** Price and stock of a part at the visitor's branch; price null: on request, or a guest. */
export interface PartOfferLine {
  price: number | null;
  oldPrice: number | null;
  currency: CurrencyCode;
  quantity: number;
  expectedDate: string | null;
}

/** A supplier's offer of the part (ADR 096): 'под заказ, N дней', the price only where prices show. */
export type PartSupplierOffer = SupplierOfferView;

export interface PartStockElsewhere { branchId: number; branchName: string; quantity: number }

/** A part in a list: the /fp/ rows, the analogs and supersessions of a part page. */
export interface PartListItem {
  id: number;
  code: string;
  name: string;
  link: string;
  manufacturer: { id: number; name: string; kind: 'oem' | 'aftermarket' };
  /** At the visitor's branch; null: the branch does not sell it (to order). */
  here: PartOfferLine | null;
  /** Units at the other branches together. */
  elsewhere: number;
  /** The best supplier's offer (the number search's rows; ADR 101); absent where a list does not show them. */
  supplierOffer?: PartSupplierOffer | null;
}

export interface CategoryLinkView { id: number; name: string; link: string; count: number }

export interface Crumb { label: string; to: string }

export interface FpPage {
  title: string;
  /** The category path's slugs (none: every part). */
  slugs: string[];
  trail: Crumb[];
  state: FpState;
  sortOrder: FpSortOrder;
  pricesShown: boolean;
  subcategories: CategoryLinkView[];
  makers: Array<{ id: number; name: string; count: number; checked: boolean }>;
  total: number;
  /** `total` is a lower bound (a stock or price filter counted up to a limit). */
  totalIsBound: boolean;
  page: number;
  pageCount: number;
  items: PartListItem[];
  /** The visitor's machines for 'Выбрать мою технику'; null for a guest. */
  machines: PickerMachine[] | null;
  /** The machine the list is narrowed to (`machine=`), when it is the visitor's. */
  machine: { id: number; title: string; modelName: string; serial: string } | null;
}

export interface PartDrawingUse {
  drawingId: number;
  title: string;
  image: { src: string; width: number; height: number };
  callout: number;
  x: number;
  y: number;
  quantity: number;
  note: string | null;
  serialFrom: string | null;
  serialTo: string | null;
  line: { name: string; link: string };
  model: { name: string; slug: string } | null;
  link: string;
}

export interface PartModelUse { id: number; name: string; link: string; lineName: string; manufacturer: string }

export interface PartRelative extends PartListItem {
  relation: Exclude<PartRelation, 'exact' | 'near'>;
  /** Steps along the supersession chain. */
  distance: number;
}

export interface PartPage {
  id: number;
  code: string;
  name: string;
  link: string;
  description: string;
  weightGrams: number | null;
  oneCCode: string | null;
  manufacturer: { id: number; name: string; country: string; kind: 'oem' | 'aftermarket' };
  trail: Crumb[];
  pricesShown: boolean;
  here: PartOfferLine | null;
  /** The best supplier's offer in the branch's currency, when a supplier's list has the part. */
  supplierOffer: PartSupplierOffer | null;
  branchName: string;
  elsewhere: PartStockElsewhere[];
  relatives: PartRelative[];
  drawings: PartDrawingUse[];
  models: PartModelUse[];
}

export interface MachineLineView { id: number; name: string; slug: string; link: string; drawings: number }
export interface MachineMakerView { id: number; name: string; slug: string; lines: MachineLineView[] }

export const LANDING_QUERY_MAX_LENGTH = 100;
export const LANDING_MESSAGES = {
  tooLong: `Запрос слишком длинный: не больше ${LANDING_QUERY_MAX_LENGTH} символов`,
} as const;

/** /zapchasti?q=: a part number or a name; a repeated q is the caller's slip, the first one counts. */
export const landingQueryInput = z.union([z.string(), z.array(z.string())]).optional()
  .transform((q) => (Array.isArray(q) ? q[0] : q) ?? '')
  .pipe(textField('Запрос').trim().max(LANDING_QUERY_MAX_LENGTH, LANDING_MESSAGES.tooLong));

/** /parts-catalog?manufacturer=&line=&model=: slugs, or nothing. */
const slugParam = z.string().regex(/^[a-z0-9-]{1,100}$/).nullable();
export const partsCatalogInput = z.object({ maker: slugParam, line: slugParam, model: slugParam });

/** `/parts-catalog`: the makers, and down the drill-down as far as the address goes (maker → line → model → drawings). */
export interface PartsCatalogData {
  makers: MachineMakerView[];
  maker: MachineMakerView | null;
  line: { id: number; name: string; slug: string; link: string } | null;
  models: Array<{ id: number; name: string; slug: string; drawings: number; link: string }>;
  model: { id: number; name: string; slug: string } | null;
  drawings: Array<{ id: number; title: string; category: string | null; positions: number; link: string }>;
}
