import { rng } from '#app/lib/seeded-random.ts';
import { MANUFACTURERS, type ManufacturerSeed } from './manufacturers.ts';
import { MODEL_LINES, type ModelLineSeed } from './model-lines.ts';
import { SPECIFICATIONS, type SpecKey } from './specifications.ts';
import { TECHNIQUE_TYPES, type NumberSpecRule, type Silhouette, type TechniqueTypeSeed } from './technique-types.ts';

/**
 * Expands the hand-written demo seeds (types, manufacturers, lines with model names) into the rows
 * of the catalogue: models with their specification values, images, and price and stock at every
 * branch. Deterministic: every random choice comes from a PRNG seeded by the row's own key, so the
 * same model gets the same values on every machine and adding a line changes no other line's rows.
 */

export interface BranchRef { id: number; currency: 'RUB' | 'KZT' }
export interface ImageSeed { src: string; width: number; height: number; alt: string }
export type ImageView = 'side' | 'rear' | 'field';

export interface ModelSeed {
  id: number; lineId: number; slug: string; name: string; productCode: string; description: string; sort: number;
  /** 0..1: the model's size among the machines of its type. */
  size: number;
  images: ImageSeed[];
  views: ImageView[];
  silhouette: Silhouette;
  manufacturer: ManufacturerSeed;
  type: TechniqueTypeSeed;
  line: ModelLineSeed;
  /** The model's running number over the whole catalogue: spreads the special cases evenly. */
  ordinal: number;
  /** When the model came into the catalogue, in days before the seeding day (0–729). */
  addedDaysAgo: number;
}
export interface SpecValueSeed { modelId: number; specId: number; num: number | null; text: string | null }
export interface OfferSeed {
  modelId: number; branchId: number; currency: 'RUB' | 'KZT'; price: number | null; oldPrice: number | null;
  superPrice: boolean; quantity: number; expectedInDays: number | null;
}

/** Roubles to tenge for the demo's Kazakh price lists (a round dealer rate). */
export const KZT_PER_RUB = 5.5;
export const IMAGE_WIDTH = 640;
export const IMAGE_HEIGHT = 480;

// ── PRNG ─────────────────────────────────────────────────────────────────────────────────────────


// ── Names ────────────────────────────────────────────────────────────────────────────────────────

const TRANSLIT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'j', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', ä: 'a', ö: 'o', ü: 'u',
};

export function latinize(text: string): string {
  return [...text.toLowerCase()].map((ch) => TRANSLIT[ch] ?? ch).join('');
}

/** 'К-735 Премиум' → 'k-735-premium'. */
export function slugify(name: string): string {
  return latinize(name).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/**
 * A short URL-safe product code for /compare: words with figures whole, the first word without
 * figures by its first two letters, later ones by their initial. 'К-735 Премиум' → 'K735P',
 * 'Torum 785' → 'TO785', 'UX 5200 Super' → 'UX5200S'.
 */
export function productCode(name: string): string {
  return name.split(/\s+/).map((word, i) => {
    const w = latinize(word).replace(/[^a-z0-9]/g, '').toUpperCase();
    if (/\d/.test(w)) return w;
    return i === 0 ? w.slice(0, 2) : w.slice(0, 1);
  }).join('');
}

// ── Models and specifications ────────────────────────────────────────────────────────────────────

const manufacturerBySlug = new Map(MANUFACTURERS.map((m) => [m.slug, m]));
const typeById = new Map(TECHNIQUE_TYPES.map((t) => [t.id, t]));
const specByKey = new Map(SPECIFICATIONS.map((s) => [s.key, s]));

function sizeOf(line: ModelLineSeed, name: string, index: number): number {
  if (typeof line.size === 'function') return line.size(name);
  const [lo, hi] = line.size;
  return line.models.length === 1 ? lo : lo + ((hi - lo) * index) / (line.models.length - 1);
}

const VIEW_ALT: Record<ImageView, string> = { side: 'вид сбоку', rear: 'вид сзади', field: 'в работе' };

export function imagePath(code: string, view: ImageView): string {
  return `/images/models/${code}${view === 'side' ? '' : `-${view}`}.svg`;
}

export function generateModels(lines: readonly ModelLineSeed[] = MODEL_LINES): ModelSeed[] {
  let ordinal = 0;
  return lines.flatMap((line) => {
    const manufacturer = manufacturerBySlug.get(line.manufacturer);
    const type = typeById.get(line.typeId);
    if (!manufacturer || !type) throw new Error(`Model line ${line.slug}: unknown manufacturer or type`);
    return line.models.map((name, index): ModelSeed => {
      const code = productCode(name);
      const n = ordinal++;
      // Every third model has a rear view too, every fifth a picture at work: 1–3 images.
      const views: ImageView[] = ['side', ...(n % 3 === 0 ? ['rear' as const] : []), ...(n % 5 === 0 ? ['field' as const] : [])];
      const label = `${type.name} ${manufacturer.name} ${name}`;
      return {
        id: line.id * 100 + index + 1,
        lineId: line.id,
        slug: slugify(name),
        name,
        productCode: code,
        description: modelDescription(line, name, type, manufacturer, index),
        sort: index,
        size: sizeOf(line, name, index),
        images: views.map((view) => ({ src: imagePath(code, view), width: IMAGE_WIDTH, height: IMAGE_HEIGHT, alt: `${label}, ${VIEW_ALT[view]}` })),
        views,
        silhouette: line.silhouette ?? type.silhouette,
        manufacturer, type, line, ordinal: n,
        addedDaysAgo: Math.floor(rng(`added:${line.id * 100 + index + 1}`)() * 730),
      };
    });
  });
}

function modelDescription(line: ModelLineSeed, name: string, type: TechniqueTypeSeed, manufacturer: ManufacturerSeed, index: number): string {
  const place = index === 0 ? 'Базовая модель линейки' : index === line.models.length - 1 ? 'Старшая модель линейки' : 'Модель линейки';
  return `${place} ${line.name}: ${type.name.toLowerCase()} ${name} производства ${manufacturer.name} (${manufacturer.country}). ${line.description.split('. ')[0]!.replace(/\.$/, '')}.`;
}

function roundTo(value: number, step: number): number {
  const rounded = Math.round(value / step) * step;
  // Steps like 0.1 leave binary noise (0.30000000000000004): keep the step's decimals only.
  const decimals = (String(step).split('.')[1] ?? '').length;
  return Number(rounded.toFixed(decimals));
}

export function generateSpecValues(models: readonly ModelSeed[]): SpecValueSeed[] {
  return models.flatMap((model) => {
    const random = rng(`spec:${model.id}`);
    const lineRandom = rng(`line-text:${model.lineId}`);
    const entries = Object.entries(model.type.specs) as [SpecKey, NumberSpecRule | readonly string[]][];
    // Where a line names its models by a figure (power, width), that figure is exact; the rest vary a little.
    const exact = typeof model.line.size === 'function' ? entries.find(([, rule]) => !Array.isArray(rule))?.[0] : undefined;
    return entries.filter(([key]) => !model.line.omit?.includes(key)).map(([key, rule]): SpecValueSeed => {
      const spec = specByKey.get(key)!;
      if (Array.isArray(rule)) {
        const options = rule as readonly string[];
        const fixed = model.line.text?.[key];
        // Transmissions differ between the models of a line; the rest is the line's choice.
        const pick = key === 'transmission' ? random() : lineRandom();
        return { modelId: model.id, specId: spec.id, num: null, text: fixed ?? options[Math.floor(pick * options.length)]! };
      }
      const { lo, hi, step } = rule as NumberSpecRule;
      const jitter = key === exact ? 1 : 1 + (random() - 0.5) * 0.08;
      const value = Math.max(step, roundTo((lo + (hi - lo) * model.size) * jitter, step));
      return { modelId: model.id, specId: spec.id, num: value, text: null };
    });
  });
}

// ── Prices and stock ─────────────────────────────────────────────────────────────────────────────

/** The model's list price in roubles (major units), rounded to 10 000 ₽. */
export function basePriceRub(model: ModelSeed): number {
  const [lo, hi] = model.type.priceRub;
  const jitter = 1 + (rng(`price:${model.id}`)() - 0.5) * 0.1;
  return Math.max(10_000, Math.round(((lo + (hi - lo) * Math.min(1, Math.max(0, model.size))) * jitter) / 10_000) * 10_000);
}

/**
 * Price and stock of every model at every branch, with the cases the shop must show: price on
 * request (everywhere for some models, at some branches for others), out of stock with or without
 * an expected date, discounts above and below the 10 % sale badge, 'Суперцена', and models a branch
 * does not sell (Russian-only models, and a few gaps).
 */
export function generateOffers(models: readonly ModelSeed[], branches: readonly BranchRef[]): OfferSeed[] {
  return models.flatMap((model) => {
    const n = model.ordinal;
    const rub = basePriceRub(model);
    return branches.flatMap((branch): OfferSeed[] => {
      const r = rng(`offer:${model.id}:${branch.id}`);
      const [gap, onRequest, discount, depth, superPrice, stock, qty, expected, regional] = Array.from({ length: 9 }, r);
      if (n % 23 === 5 && branch.currency === 'KZT') return [];
      if (gap! < 0.03) return [];
      const major = branch.currency === 'KZT' ? Math.round((rub * KZT_PER_RUB) / 10_000) * 10_000 : rub;
      // A branch's own price list differs a little from the dealer's list price.
      const local = Math.round((major * (1 + (regional! - 0.5) * 0.04)) / 1_000) * 1_000;
      const withoutPrice = n % 19 === 7 || onRequest! < 0.04;
      let oldPrice: number | null = null;
      let price: number | null = withoutPrice ? null : local * 100;
      if (price !== null) {
        if (n % 7 === 3 ? discount! < 0.85 : discount! < 0.05) {
          const percent = 12 + Math.floor(depth! * 14); // 12–25 %: the sale badge shows
          oldPrice = price;
          price = Math.round((local * (100 - percent)) / 100 / 1_000) * 1_000 * 100;
        } else if (n % 11 === 4 && discount! < 0.8) {
          const percent = 4 + Math.floor(depth! * 6); // 4–9 %: a discount without the badge
          oldPrice = price;
          price = Math.round((local * (100 - percent)) / 100 / 1_000) * 1_000 * 100;
        }
      }
      const outOfStock = n % 17 === 2 || stock! < 0.25;
      const quantity = outOfStock ? 0 : 1 + Math.floor(qty! * qty! * 12);
      return [{
        modelId: model.id, branchId: branch.id, currency: branch.currency, price, oldPrice,
        superPrice: price !== null && n % 13 === 6 && superPrice! < 0.8,
        quantity,
        expectedInDays: outOfStock && expected! < 0.6 ? 7 + Math.floor(expected! * 120) : null,
      }];
    });
  });
}
