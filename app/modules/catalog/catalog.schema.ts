import type { CatalogImage } from '#app/.server/db/schema.ts';
import type { CurrencyCode } from '#app/lib/money.ts';

export type { CatalogImage };

/** Spec §3 Banner. */
export interface Banner {
  bg_type: 'IMG' | 'COLOR';
  image_path: string | null;
  color: string | null;
  title: string;
  text: string;
  btn_title: string;
  btn_link: string;
}

/** A top-level category as every page's header carries it; subcategories load when a menu opens. */
export interface MenuEntry {
  id: number;
  name: string;
  link: string;
  icon: string;
  /** How many subcategories it has. */
  count: number;
}

/** Spec §3 Machinery category: id, name, link, icon, cats (subcategories), banner. */
export interface MachineryCategory {
  id: number;
  name: string;
  link: string;
  icon: string;
  cats: MachineryCategory[];
  banner: Banner | null;
}

/**
 * Price and stock of a model at one branch as a signed-in visitor sees it. Guests never receive it:
 * the server leaves `price` out of their pages and responses (spec §1: prices need sign-in).
 */
export interface BranchOffer {
  branchId: number;
  currency: CurrencyCode;
  /** Minor units; null: price on request ('цена по запросу'). */
  price: number | null;
  oldPrice: number | null;
  superPrice: boolean;
  quantity: number;
  /** ISO date when a model out of stock is expected, or null. */
  expectedDate: string | null;
}

/**
 * A model as a card shows it: in category and model line lists, similar models, comparison,
 * bookmarks and the browsing history. One shape, one component (`ui/ModelCard.tsx`).
 */
export interface ModelCardView {
  id: number;
  name: string;
  /** The model's page (its alias). */
  link: string;
  productCode: string;
  image: CatalogImage | null;
  modelLine: { id: number; name: string };
  manufacturer: { id: number; name: string };
  /** The few specifications a card shows (highest priority first), already formatted. */
  keySpecs: { name: string; value: string }[];
  /** At the visitor's branch; null for guests and where the branch has no row for the model. */
  offer: BranchOffer | null;
  /** In stock at the visitor's branch (shown to guests too: availability is not a price). */
  inStock: boolean;
}
