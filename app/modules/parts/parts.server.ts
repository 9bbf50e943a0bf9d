import type { AudienceContext } from '#app/.server/context.ts';
import { currentLocation, regionDirectory } from '#app/modules/regions/regions.server.ts';
import { partCodeCandidates } from './part-code.rules.ts';
import type { DB } from '#app/.server/db/connect.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';
import { selectAnalogPairsAmong, selectByCodes, selectExactAndRelated, selectNear, selectOffers, selectUnknownIds, type OfferRow, type PartRow } from './parts.queries.server.ts';
import { PART_SEARCH_DEFAULT_LIMIT, type PartHit, type PartRelation, type PartSearchResult, type SupplierOfferView } from './parts.schema.ts';

const RELATIONS: readonly PartRelation[] = ['exact', 'replacement', 'analog', 'replaced', 'near'];

/** The ids among `ids` that name no part, ascending (the cart refuses them). `db` may be a transaction. */
export function unknownPartIds(db: DB, ids: readonly number[]): Promise<number[]> {
  return ids.length ? selectUnknownIds(db, ids) : Promise.resolve([]);
}

/** Prices need sign-in (spec §1), as on the machinery cards. */
function seesPrices(ctx: AudienceContext): boolean {
  return ctx.audience.signedIn;
}

/**
 * Part-number lookup (issue 9, point 6; ADR 031): the parts whose normalised number is the query's
 * (as typed, then read in the other keyboard layout), then what replaced them and their analogs,
 * then what they replaced, then parts with close numbers; each with price (signed in) and stock at
 * the visitor's branch and the stock at the other branches, and the best supplier's offer (ADR 101).
 * At most four statements.
 */
export async function lookupPartNumber(ctx: AudienceContext, query: string, { limit = PART_SEARCH_DEFAULT_LIMIT }: { limit?: number } = {}): Promise<PartSearchResult> {
  const db = ctx.services.db;
  const codes = partCodeCandidates(query);
  const withPrices = seesPrices(ctx);
  const location = await currentLocation(ctx);
  const branchId = location.currentBranch.id;
  const result: PartSearchResult = { query, codes, pricesShown: withPrices, branchId, hits: [] };
  if (!codes.length) return result;

  const found = await selectExactAndRelated(db, codes, limit);
  const rows: PartRow[] = [...found];
  if (rows.length < limit) rows.push(...(await selectNear(db, codes[0]!, found.map((r) => r.id), limit - rows.length)));

  const ids = rows.map((r) => r.id);
  const [offers, directory, suppliers] = await Promise.all([
    selectOffers(db, ids, branchId, withPrices), regionDirectory(ctx.services),
    supplierOffersOf(db, ids, currencyOfCountry(location.country.code)),
  ]);
  const branchName = new Map(directory.branches.map((b) => [b.id, b.name]));
  const byPart = new Map<number, OfferRow[]>();
  for (const o of offers) {
    const list = byPart.get(o.part_id);
    if (list) list.push(o);
    else byPart.set(o.part_id, [o]);
  }
  result.hits = rows.map((r): PartHit => {
    const own = byPart.get(r.id) ?? [];
    const here = own.find((o) => o.branch_id === branchId);
    return {
      id: r.id, code: r.code, name: r.name,
      manufacturer: { id: r.maker_id, name: r.maker_name, kind: r.maker_kind },
      relation: RELATIONS[r.rank]!, distance: r.rank === 1 || r.rank === 3 ? r.distance : 0,
      here: here ? { price: here.price, oldPrice: here.old_price, currency: here.currency, quantity: here.quantity, expectedDate: here.expected_date } : null,
      elsewhere: own.filter((o) => o.branch_id !== branchId && o.quantity > 0)
        .sort((a, b) => b.quantity - a.quantity || a.branch_id - b.branch_id)
        .map((o) => ({ branchId: o.branch_id, branchName: branchName.get(o.branch_id) ?? '', quantity: o.quantity })),
      supplierOffer: supplierOfferView(suppliers.get(r.id), withPrices),
    };
  });
  return result;
}

// ── Suppliers' offers (issue 32 §5–§6, ADR 096) ─────────────────────────────────────────────────

/** A part a supplier's row may name: the part, its normalised number and its maker. */
export interface CodeCandidate { id: number; codeNorm: string; maker: string; makerSlug: string }

/** The parts whose normalised number is one of `codes` (a supplier's list is matched in chunks). One statement. */
export async function partsByCodes(db: DB, codes: readonly string[]): Promise<CodeCandidate[]> {
  if (!codes.length) return [];
  return (await selectByCodes(db, codes)).map((r) => ({ id: Number(r.id), codeNorm: r.code_norm, maker: r.maker_name, makerSlug: r.maker_slug }));
}

/** The analog pairs among `ids` (interchangeable parts of different makers). One statement. */
export async function analogPairs(db: DB, ids: readonly number[]): Promise<Array<[number, number]>> {
  if (ids.length < 2) return [];
  return (await selectAnalogPairsAmong(db, ids)).map((r) => [Number(r.part_id), Number(r.analog_id)]);
}

/**
 * A supplier's offer of a part as a buyer sees it: 'под заказ, N дней' at the supplier's price with
 * the organisation's markup, in the branch's currency. Answered by the suppliers module, which sits
 * above this one, through the port `server/ports.ts` wires (ADR 071).
 */
export interface SupplierOfferLine { organisationId: number; price: number; currency: CurrencyCode; leadTimeDays: number; stock: number | null; multiplicity: number; minOrder: number }
/** The best (cheapest, then quickest) supplier offer of each part in `currency`. */
export type SupplierOffersPort = (db: DB, partIds: readonly number[], currency: CurrencyCode) => Promise<Map<number, SupplierOfferLine>>;

let supplierOffersPort: SupplierOffersPort = async () => new Map();

/** The ports as wired now (the test setup puts them back after each file). */
export function partsPorts(): { supplierOffers: SupplierOffersPort } {
  return { supplierOffers: supplierOffersPort };
}

/** Wires the ports; gives back a function that restores the wiring before (for a test that replaces a port for a while). */
export function configurePartsPorts(ports: { supplierOffers: SupplierOffersPort }): () => void {
  const previous = supplierOffersPort;
  supplierOffersPort = ports.supplierOffers;
  return () => { supplierOffersPort = previous; };
}

/** The suppliers' offers of the parts in the branch's currency (none where no supplier has the part). */
export function supplierOffersOf(db: DB, partIds: readonly number[], currency: CurrencyCode): Promise<Map<number, SupplierOfferLine>> {
  return partIds.length ? supplierOffersPort(db, partIds, currency) : Promise.resolve(new Map());
}

/** The branch's currency: tenge in Kazakhstan, roubles elsewhere (as the part page and the cart price). */
export function currencyOfCountry(code: string): CurrencyCode {
  return code === 'KZ' ? 'KZT' : 'RUB';
}

/** A supplier's offer as the buyer sees it: the price only for those who see prices (spec §1). */
export function supplierOfferView(line: SupplierOfferLine | undefined, withPrices: boolean): SupplierOfferView | null {
  return line ? { price: withPrices ? line.price : null, currency: line.currency, leadTimeDays: line.leadTimeDays, minOrder: line.minOrder, multiplicity: line.multiplicity } : null;
}
