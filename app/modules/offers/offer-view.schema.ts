import type { CurrencyCode } from '#app/.server/db/schema.ts';
import type { Schedule } from '#app/modules/financing/financing.rules.ts';
import type { DeliveryQuote } from './offer-delivery.rules.ts';
import type { DiffEntry, OfferDiff, PaymentChoice } from './offer-changes.rules.ts';
import type { OfferContent, OfferSource, OfferState, OfferVariant } from './offers.schema.ts';

/*
 * The client's offer as its page receives it (ADR 086): made by offer-client.server.ts, shown by
 * ui/OfferPage.tsx.
 */

export const CLIENT_OFFER_MESSAGES = {
  notFound: 'Предложение не найдено. Проверьте ссылку или попросите менеджера прислать её снова.',
  replaced: 'Менеджер отправил вам это предложение заново. Откройте ссылку из последнего письма или SMS.',
  expired: 'Срок действия предложения истёк. Запросите у менеджера новое предложение.',
  readOnly: 'Предложение открыто только для просмотра: изменить его может менеджер.',
  accepted: 'Предложение принято и больше не меняется.',
  cancelled: 'Предложение отменено менеджером.',
  renewRequested: 'Запрос отправлен: менеджер подготовит новое предложение и пришлёт ссылку.',
  renewNotExpired: 'Предложение ещё действует: новое не нужно.',
} as const;

export interface ClientOfferFlags { is_client: boolean; is_auth: boolean; read_only: boolean }

/** What the client's page shows: the version, the client's changes on it, and what may change. */
export interface ClientOffer {
  hash: string;
  variant: OfferVariant;
  source: OfferSource;
  state: OfferState;
  version: number;
  currency: CurrencyCode;
  countryCode: 'RU' | 'KZ';
  validUntil: string;
  daysLeft: number;
  expired: boolean;
  flags: ClientOfferFlags;
  /** Why the offer cannot change, in the client's words; null while it can. */
  lockedReason: string | null;
  content: OfferContent;
  diff: OfferDiff;
  /** The version with the client's changes. */
  effective: OfferContent;
  deliveryPriceUnknown: boolean;
  /** The carriers' last price for delivery to an address of the client's own (ADR 088), or null. */
  deliveryQuote: DeliveryQuote | null;
  versionTotal: number;
  total: number;
  entries: DiffEntry[];
  /** The payment chosen (the client's, else the version's first) with its schedule when financed. */
  payment: (PaymentChoice & { schedule: Schedule | null; programme: string | null; problem: string | null }) | null;
  branch: { name: string; phone: string; email: string; address: string } | null;
  /**
   * Spec §3 Offer response `currencies[]`: the offer's currency and its products' original ones, each
   * with roubles for one unit in force today (null without a rate; the rouble is 1).
   */
  currencies: Array<{ code: number; abbreviation: string; rate: number | null }>;
  accepted: { version: number; at: string; orderNumber: string | null } | null;
  /** The manager's last review: each change and whether it was taken. */
  review: Array<{ title: string; accepted: boolean }>;
}

/**
 * The offer as its page receives it: without the changed version, which the page works out from the
 * version and the diff with the same function as the server (`effectiveContent`), so the offer's
 * content is sent once.
 */
export type PageOffer = Omit<ClientOffer, 'effective'>;

