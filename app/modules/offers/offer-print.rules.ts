import { DOCUMENT_RETRY_AFTER_S, preparingPage } from '#app/lib/preparing-page.ts';
import type { CurrencyCode } from '#app/lib/money.ts';
import { offerTotal, productTotal } from './offers.rules.ts';
import { OFFER_STATE_LABELS, OFFER_VARIANT_LABELS, PAYMENT_TYPE_LABELS, type OfferContent, type OfferSource, type OfferState, type OfferVariant } from './offers.schema.ts';

/*
 * The offer as a document (issue 30 point 9; ADR 085): what the print page, the PDF and the slides
 * show of one version, built from the version's content alone (plus the branch and the VAT rate the
 * server reads), so the screen, the paper and the file say the same. Pure and isomorphic: the
 * components import its types, the server builds it.
 */

export const OFFER_PRINT_MESSAGES = {
  notFound: 'Предложение не найдено',
  notFoundHint: 'Ссылка неверна или устарела: менеджер мог отправить предложение заново. Попросите его прислать новую ссылку.',
  unavailable: 'Не удалось подготовить PDF предложения. Попробуйте позже или распечатайте страницу предложения.',
} as const;

/**
 * The headers of the client's offer pages (print page, PDF, slides): personal, so never cached or
 * indexed, and no referrer carries the link (its only key) to another site.
 */
export const OFFER_PAGE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
} as const;

/** A chosen option as printed: its price is null where the offer hides it (productOptionsConfig). */
export interface OfferOptionView { name: string; count: number; price: number | null; included: boolean }

export interface OfferLineView {
  position: number;
  kind: 'machine' | 'part' | 'work';
  name: string;
  code: string | null;
  count: number;
  unit: string;
  /** The price of one, after the discount. */
  price: number;
  /** The price before the discount, when there was one. */
  defaultPrice: number | null;
  discount: number;
  /** An engineer's work: hours and the hourly rate. */
  hours: number | null;
  rate: number | null;
  /** The options chosen (count above 0), included ones first as the machine's equipment. */
  options: OfferOptionView[];
  commissioning: number;
  /** Availability by term ('до 30 дней': 1). */
  counts: Array<{ term: string; count: number }>;
  /** The line's sum (offers.rules.ts `productTotal`). */
  total: number;
}

export interface OfferPaymentView {
  label: string;
  amount: number;
  initialFee: number;
  term: number;
  schedule: Array<{ date: string; percentage: number; sum: number; prepay: number }>;
  scheduleTotal: number;
}

export interface OfferDocumentView {
  variant: OfferVariant;
  variantLabel: string;
  source: OfferSource;
  state: OfferState;
  stateLabel: string;
  version: number;
  /** The day this version was made, '5 марта 2027 г.'. */
  dayLabel: string;
  validUntilLabel: string;
  expired: boolean;
  currency: CurrencyCode;
  client: { name: string; company: string | null; inn: string | null; phone: string; email: string | null };
  manager: { name: string; email: string | null; phone: string | null };
  branch: { name: string; address: string; phone: string; email: string } | null;
  lines: OfferLineView[];
  delivery: { method: 'pickup' | 'delivery'; address: string | null; price: number; inTotal: boolean; included: boolean };
  shipments: Array<{ label: string; date: string | null; place: string | null; term: string | null }>;
  payments: OfferPaymentView[];
  productsTotal: number;
  total: number;
  /** 1C rounded the total to tens (delivery included in the prices). */
  rounded: boolean;
  /** VAT inside the total at the branch country's rate on the version's day; null when no rate is known. */
  vat: { rate: number; amount: number } | null;
}

export interface OfferDocumentInput {
  content: OfferContent;
  state: OfferState;
  version: number;
  /** 'YYYY-MM-DD' of the version, in the branch's country. */
  versionDay: string;
  /** 'YYYY-MM-DD' today, in the branch's country. */
  today: string;
  currency: CurrencyCode;
  branch: OfferDocumentView['branch'];
  vatRate: number | null;
}

const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** '2027-03-05' → '5 марта 2027 г.' */
export function dayLabel(isoDay: string): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y} г.`;
}

/** 'dd.mm.yyyy' → 'yyyy-mm-dd'. */
const isoOf = (ruDate: string) => ruDate.split('.').reverse().join('-');

/**
 * The VAT inside an amount that includes it, rounded half up to the minor unit: the invoice's rule
 * (orders' invoice.rules.ts `vatIncluded`), which the offers may not import (docs/architecture.md).
 */
export function vatInside(totalMinor: number, ratePercent: number): number {
  const divisor = 100 + ratePercent;
  return Math.floor((2 * totalMinor * ratePercent + divisor) / (2 * divisor));
}

/** An offer version as a document: its lines with their chosen options, the totals, delivery, payments. */
export function offerDocument(input: OfferDocumentInput): OfferDocumentView {
  const { content } = input;
  const lines = content.products.map((p, i): OfferLineView => {
    const hidden = new Set(p.productOptionsConfig.hiddenPriceOptionsIds);
    const options = p.options.filter((o) => o.count > 0)
      .map((o) => ({ name: o.name, count: o.count, price: hidden.has(o.id) ? null : o.price, included: o.isIncluded }))
      .sort((a, b) => Number(b.included) - Number(a.included));
    return {
      position: i + 1, kind: p.kind, name: p.name, code: p.code ?? null, count: p.prices.count,
      unit: p.kind === 'work' ? 'усл.' : 'шт.', price: p.prices.price,
      defaultPrice: p.prices.default_price > p.prices.price ? p.prices.default_price : null, discount: p.prices.discount,
      hours: p.hours ?? null, rate: p.rate ?? null, options, commissioning: p.prices.commissioning_total, counts: p.counts,
      total: productTotal(p),
    };
  });
  const productsTotal = lines.reduce((sum, l) => sum + l.total, 0);
  const total = offerTotal(content);
  const deliveryPrice = content.delivery?.price ?? content.delivery_price;
  const shipmentLabel = (type: 'pickup' | 'delivery') => (type === 'pickup' ? 'Самовывоз' : 'Доставка');
  return {
    variant: content.variant, variantLabel: OFFER_VARIANT_LABELS[content.variant], source: content.source,
    state: input.state, stateLabel: OFFER_STATE_LABELS[input.state], version: input.version,
    dayLabel: dayLabel(input.versionDay), validUntilLabel: dayLabel(isoOf(content.valid_date)),
    expired: isoOf(content.valid_date) < input.today,
    currency: input.currency,
    client: {
      name: content.client.name, company: content.client.company ?? null, inn: content.client.inn ?? null,
      phone: content.client.phone, email: content.client.email ?? null,
    },
    manager: { name: content.manager.name, email: content.manager.email ?? null, phone: content.manager.phone ?? null },
    branch: input.branch,
    lines,
    delivery: {
      method: content.delivery_method, address: content.delivery?.address ?? content.delivery_point?.addres ?? null,
      price: deliveryPrice, inTotal: content.source !== '1C-Personal', included: content.delivery?.deliveryIncluded ?? false,
    },
    shipments: content.shipment.map((s) => ({
      label: shipmentLabel(s.type), date: s.date ?? null,
      place: [s.subsidiary, s.destination].filter(Boolean).join(' → ') || null, term: s.term ?? null,
    })),
    payments: content.payments.map((p) => ({
      label: PAYMENT_TYPE_LABELS[p.type], amount: p.amount, initialFee: p.initial_fee, term: p.term,
      schedule: p.details.map((d) => ({ date: d.date, percentage: d.percentage, sum: d.sum, prepay: d.prepay })),
      scheduleTotal: p.details.reduce((sum, d) => sum + d.sum, 0),
    })),
    productsTotal,
    total,
    rounded: total !== productsTotal + (content.source === '1C-Personal' ? 0 : deliveryPrice),
    vat: input.vatRate === null ? null : { rate: input.vatRate, amount: vatInside(total, input.vatRate) },
  };
}

/** One slide of the presentation: the title, a machine of its own, a group of parts or works, the totals. */
export type OfferSlide =
  | { kind: 'title' }
  | { kind: 'product'; line: OfferLineView }
  | { kind: 'lines'; title: string; lines: OfferLineView[] }
  | { kind: 'totals' };

/** Parts and works shown together on one slide: more would not read from across a meeting room. */
export const LINES_PER_SLIDE = 6;

/**
 * The presentation's slides: a title, one slide per machine (it is what a meeting is about), parts
 * and works grouped by six in the offer's order, and the totals.
 */
export function offerSlides(doc: Pick<OfferDocumentView, 'lines'>): OfferSlide[] {
  const slides: OfferSlide[] = [{ kind: 'title' }];
  let group: OfferLineView[] = [];
  const flush = () => {
    if (!group.length) return;
    const kinds = new Set(group.map((l) => l.kind));
    const title = kinds.size > 1 ? 'Запчасти и работы' : kinds.has('work') ? 'Работы' : 'Запчасти';
    slides.push({ kind: 'lines', title, lines: group });
    group = [];
  };
  for (const line of doc.lines) {
    if (line.kind === 'machine') {
      flush();
      slides.push({ kind: 'product', line });
      continue;
    }
    group.push(line);
    if (group.length === LINES_PER_SLIDE) flush();
  }
  flush();
  slides.push({ kind: 'totals' });
  return slides;
}

/** Where the client opens his offer laid out for print, and downloads it as a PDF. */
export function offerPrintPagePath(hash: string): string {
  return `/offer/pdf/${encodeURIComponent(hash)}`;
}

export function offerPdfPath(hash: string): string {
  return `${offerPrintPagePath(hash)}?format=pdf`;
}

export function offerSlidesPath(hash: string): string {
  return `/offer-slides/?hash=${encodeURIComponent(hash)}`;
}

/** The print-area page the printer prints (answers the app's printer only, ADR 074). */
export function offerPrintAreaPath(hash: string, digest: string): string {
  return `/print/offer/${encodeURIComponent(hash)}?v=${encodeURIComponent(digest)}`;
}

/** The PDF's name as the client saves it: 'КП КФХ «Колос», версия 2.pdf' (no character a file system refuses). */
export function offerPdfFileName(doc: { version: number; client: Pick<OfferDocumentView['client'], 'name' | 'company'> }): string {
  const client = (doc.client.company ?? doc.client.name).replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
  return `КП ${client}, версия ${doc.version}.pdf`;
}

/** The refresh of 'Предложение готовится…', in seconds (and its Retry-After). */
export const OFFER_PDF_RETRY_AFTER_S = DOCUMENT_RETRY_AFTER_S;

/** What the download answers while its job still prints (ADR 080's shape). */
export function offerPdfPreparingPage(hash: string): string {
  return preparingPage({
    title: 'Предложение готовится…',
    text: 'PDF коммерческого предложения печатается. Страница обновится через несколько секунд, и файл скачается сам.',
    again: offerPdfPath(hash),
    back: { path: offerPrintPagePath(hash), label: 'Вернуться к предложению' },
  });
}
