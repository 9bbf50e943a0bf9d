import { strictInt } from '#app/lib/strict-number.ts';
import { z } from '#app/lib/zod.ts';
import type { BranchOffer, CatalogImage, ModelCardView } from '../catalog.schema.ts';

/** Texts of the model endpoints (spec §7 envelope messages). */
export const MODEL_MESSAGES = {
  badId: 'Укажите модель: id — целое положительное число',
  badModelId: 'Укажите модель: modelId — целое положительное число',
  notFound: 'Модель не найдена',
  badSpecIds: 'Характеристики для подбора: целые положительные числа, не больше 20',
  badFlag: 'Флаг фильтра: 1 или 0, true или false',
} as const;

/** How many specifications a similar-models filter may name: a model has far fewer. */
export const MAX_FILTER_SPECS = 20;

const flag = z.enum(['1', '0', 'true', 'false'], { message: MODEL_MESSAGES.badFlag }).transform((v) => v === '1' || v === 'true');

/** GET /models/get-model {id}. */
export const getModelQuery = z.object({ id: strictInt(MODEL_MESSAGES.badId) });

/**
 * GET /api/models/get-similar-models {modelId, filter}. The filter comes as query keys with the
 * spec's `[]` suffix for arrays: `filter[specifications][]=3&filter[inStock]=1&filter[sameManufacturer]=1`.
 */
export const similarModelsQuery = z.object({
  modelId: strictInt(MODEL_MESSAGES.badModelId),
  filter: z.object({
    /** Match only on these number specifications (default: all the model has). */
    specifications: z.array(strictInt(MODEL_MESSAGES.badSpecIds)).max(MAX_FILTER_SPECS, MODEL_MESSAGES.badSpecIds).optional(),
    inStock: flag.optional(),
    sameManufacturer: flag.optional(),
  }).default({}),
});
export type SimilarModelsQuery = z.infer<typeof similarModelsQuery>;
export type SimilarModelsFilter = SimilarModelsQuery['filter'];

export const similarFeaturesQuery = z.object({ modelId: strictInt(MODEL_MESSAGES.badModelId) });

/** Reads the bracketed filter keys of a query string into the object similarModelsQuery checks. */
export function similarQueryInput(params: URLSearchParams): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  const specs = params.getAll('filter[specifications][]');
  if (specs.length) filter.specifications = specs;
  for (const key of ['inStock', 'sameManufacturer'] as const) {
    const value = params.get(`filter[${key}]`);
    if (value !== null) filter[key] = value;
  }
  return { modelId: params.get('modelId') ?? undefined, filter };
}

/** One row of the specification table: its value already written the Russian way. */
export interface ModelSpecRow { id: number; name: string; value: string }

/** Stock (and, signed in, the price) of the model at one branch. */
export interface BranchStockRow {
  branch: { id: number; name: string; city: string; countryId: number };
  /** The visitor's own branch. */
  current: boolean;
  quantity: number;
  expectedDate: string | null;
  /** Signed-in visitors only; null for guests. */
  offer: BranchOffer | null;
}

/** The model as the page and GET /models/get-model show it. */
export interface ModelView {
  id: number;
  slug: string;
  name: string;
  productCode: string;
  description: string;
  images: CatalogImage[];
  /** The model's page (its alias). */
  link: string;
  modelLine: { id: number; name: string; link: string };
  manufacturer: { id: number; name: string; country: string; logo: string | null };
  category: { id: number; name: string; link: string };
  techniqueType: { id: number; name: string };
  specs: ModelSpecRow[];
}

/** The visitor's branch as the model page names it. */
export interface VisitorBranch { id: number | null; name: string; city: string }

/** The model's offer for this visitor: prices only when signed in; stock for everyone. */
export interface ModelOffers {
  signedIn: boolean;
  branch: VisitorBranch;
  /** At the visitor's branch; null for guests and where the branch does not sell the model. */
  offer: BranchOffer | null;
  /** Stock at the visitor's branch (null where the branch has no row for the model). */
  stock: { quantity: number; expectedDate: string | null } | null;
  /** Every branch that lists the model: the visitor's first, then the same country. */
  branches: BranchStockRow[];
}

/** A number specification the similar models can be matched on (get-similar-models-features-filter). */
export interface SimilarFeature { id: number; name: string; unit: string | null; value: string; count: number }

export interface SimilarFeatures {
  specifications: SimilarFeature[];
  /** Models of the category in stock at the visitor's branch, and of the same manufacturer. */
  inStock: { count: number };
  sameManufacturer: { count: number };
}

export type { ModelCardView };
