import { createHash } from 'node:crypto';
import { now } from '#app/.server/clock.ts';
import type { AppServices } from '#app/.server/context.ts';
import { vatRateAt } from '#app/modules/orders/vat.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import { offerDocument, type OfferDocumentView } from './offer-print.rules.ts';
import { OFFER_CURRENCIES, type OfferContent, type OfferCurrencyCode } from './offers.schema.ts';

/*
 * An offer's current version as a document (issue 30 point 9; ADR 085): for the client's print page
 * `/offer/pdf/{hash}`, the print area's page the PDF is printed from, and the slides. Reads the offer
 * by its hash (or, for the PDF's job, by its id: a link rotated meanwhile still prints) and the
 * content of its current version, which is immutable, so a document of a version never changes but
 * for the branch's contacts, the layout, and the day it expires.
 */

/** Changes when the document's layout changes, so every offer's PDF is printed again in the new one. */
const LAYOUT_VERSION = 1;

/** An offer's hash as the table checks it: anything else is not looked up (a NUL byte, a long string). */
const HASH = /^[A-Za-z0-9_-]{22,64}$/;

export interface PrintableOffer {
  offerId: number;
  hash: string;
  version: number;
  /** Names what is printed: the version, the layout and everything the document shows (ADR 074's version). */
  digest: string;
  doc: OfferDocumentView;
}

const ZONES = { RU: 'Europe/Moscow', KZ: 'Asia/Almaty' } as const;
const dayIn = (country: 'RU' | 'KZ', moment: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONES[country], year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);

/** The offer with this hash, its current version as a document; null for an unknown or malformed hash. */
export function printableOffer(services: AppServices, hash: string): Promise<PrintableOffer | null> {
  if (!HASH.test(hash)) return Promise.resolve(null);
  return printable(services, { hash });
}

/** The same by the offer's id: what the PDF's job prints, whatever its link is now. */
export function printableOfferById(services: AppServices, offerId: number): Promise<PrintableOffer | null> {
  return printable(services, { id: offerId });
}

async function printable(services: AppServices, key: { hash: string } | { id: number }): Promise<PrintableOffer | null> {
  const query = services.db.selectFrom('offers_offer as o')
    .innerJoin('offers_version as v', (join) => join.onRef('v.offer_id', '=', 'o.id').onRef('v.version', '=', 'o.version'))
    .select(['o.id', 'o.hash', 'o.state', 'o.branch_id', 'o.currency_code', 'o.version', 'v.content', 'v.created_at']);
  const row = await ('hash' in key ? query.where('o.hash', '=', key.hash) : query.where('o.id', '=', key.id)).executeTakeFirst();
  if (!row) return null;
  // Kept as the import's schema made it (offers.schema.ts `offerImport`, defaults filled in).
  const content = (typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as OfferContent;
  const dir = await regionDirectory(services);
  const branch = dir.branches.find((b) => b.id === row.branch_id) ?? null;
  const country = (branch && dir.countryByRoot.get(branch.rootId)?.code) ?? 'RU';
  const versionMoment = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  // The rate of the day the version was made (the orders' VAT table): a VAT change during its
  // validity never alters it.
  const vatRate = await vatRateAt(services.db, country, versionMoment);
  const doc = offerDocument({
    content, state: row.state, version: row.version,
    versionDay: dayIn(country, versionMoment), today: dayIn(country, now()),
    currency: OFFER_CURRENCIES[row.currency_code as OfferCurrencyCode] ?? 'RUB',
    branch: branch && { name: branch.name, address: [branch.city, branch.address].filter(Boolean).join(', '), phone: branch.phone, email: branch.email },
    vatRate,
  });
  const digest = createHash('sha256').update(JSON.stringify([LAYOUT_VERSION, doc])).digest('hex').slice(0, 16);
  return { offerId: row.id, hash: row.hash, version: row.version, digest, doc };
}
