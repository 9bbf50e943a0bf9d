import { textField } from '#app/lib/text.ts';
import { z } from '#app/lib/zod.ts';
import { quotedPrice, type DeliveryQuote } from './offer-delivery.rules.ts';
import { optionRuleProblem, PAYMENT_TYPE_LABELS, PAYMENT_TYPES, type OfferContent, type PaymentType } from './offers.schema.ts';

/*
 * The client's changes to an offer (spec §3 Diff, §4 Offer; ADR 086), pure: what the client's page
 * queues, how a queue changes the diff kept against the current version, what the diff makes of the
 * version, and how the manager's decisions make the next version. The server and the page use the
 * same functions, so the page's totals are the server's.
 */

/** Spec §4: the calculators' own names of two payment types. */
export const PAYMENT_ALIASES: Readonly<Record<string, PaymentType>> = {
  installment_calculator_loan: 'installment',
  installment_calculator_leasing: 'leasing',
};

/** A payment type as the page or a caller names it (aliases mapped), or null. */
export function paymentTypeOf(value: string): PaymentType | null {
  if ((PAYMENT_TYPES as readonly string[]).includes(value)) return value as PaymentType;
  return PAYMENT_ALIASES[value] ?? null;
}

/** Payment types paid over time: they have a schedule from the financing programmes. */
export const FINANCED_PAYMENTS = ['installment', 'leasing', 'loan', 'credit'] as const satisfies readonly PaymentType[];
export type FinancedPayment = (typeof FINANCED_PAYMENTS)[number];
export const isFinanced = (type: PaymentType): type is FinancedPayment => (FINANCED_PAYMENTS as readonly string[]).includes(type);

/** Spec §9: commissioning a machine costs 4500 ₽ unless the offer names its own price. */
export const DEFAULT_COMMISSIONING = 450_000;

export const DELIVERY_CHOICES = ['pickupChoice', 'deliveryChoice'] as const;
export type DeliveryChoiceValue = (typeof DELIVERY_CHOICES)[number];

export interface ProductDiff { count?: number; fast_delivery?: boolean; commissioning?: boolean; options?: Record<string, number> }
export interface PaymentChoice { value: PaymentType; initial_fee: number; term: number }
export interface DeliveryChoice { value: DeliveryChoiceValue; addres: string | null }

/** The client's changes against a version: only what differs from it is kept. */
export interface OfferDiff {
  products?: Record<string, ProductDiff>;
  payment?: PaymentChoice;
  delivery?: DeliveryChoice;
  use_cases?: string[];
  comment?: string;
}

export const CHANGE_MESSAGES = {
  unknownProduct: 'Такой позиции в предложении нет',
  unknownOption: 'Такой опции у позиции нет',
  unknownUseCase: 'Такого сценария в предложении нет',
  negativeOption: 'Количество опции не может быть отрицательным',
  countTooSmall: 'Количество — не меньше 1',
  noAddress: 'Укажите адрес доставки',
  nothing: 'Изменений нет',
} as const;

const MAX_COUNT = 9_999;
const id = (label: string) => textField(label).min(1, `Поле «${label}» не заполнено`).max(64, `Поле «${label}» длиннее 64 символов`);
const productId = id('id позиции');

/** One queued change, as the page sends it (spec §7 set-change; the other types are ours, shaped alike). */
export const changeItem = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('product-options'),
    data: z.object({
      key: z.tuple([z.literal('productsOptions'), productId, id('id опции')]),
      // The change of the option's count, sent only when the count changed (spec §4).
      payload: z.object({ countDiff: z.number().int('Изменение количества — целое число').min(-MAX_COUNT).max(MAX_COUNT).refine((n) => n !== 0, 'Количество не изменилось'), isAnalog: z.boolean().optional() }),
    }),
  }),
  z.object({ type: z.literal('count'), data: z.object({ productId, value: z.number().int('Количество — целое число').min(1, CHANGE_MESSAGES.countTooSmall).max(MAX_COUNT, `Количество — не больше ${MAX_COUNT}`) }) }),
  z.object({ type: z.literal('fast-delivery'), data: z.object({ productId, value: z.boolean() }) }),
  z.object({ type: z.literal('commissioning'), data: z.object({ productId, value: z.boolean() }) }),
  z.object({
    type: z.literal('payment'),
    data: z.object({
      value: z.string().max(64).transform((v, ctx) => paymentTypeOf(v) ?? (ctx.addIssue({ code: 'custom', message: `Вид оплаты: ${PAYMENT_TYPES.join(', ')}` }), z.NEVER)),
      initial_fee: z.number().int('Аванс — целое число в копейках').min(0, 'Аванс не может быть отрицательным').max(1e13).default(0),
      term: z.number().int('Срок — целое число месяцев').min(0, 'Срок не может быть отрицательным').max(120, 'Срок — не больше 120 месяцев').default(0),
    }),
  }),
  z.object({
    type: z.literal('delivery'),
    data: z.object({
      value: z.enum(DELIVERY_CHOICES, { error: 'Способ получения: pickupChoice или deliveryChoice' }),
      addres: textField('Адрес доставки').trim().max(300, 'Поле «Адрес доставки» длиннее 300 символов').optional(),
    }),
  }),
  z.object({ type: z.literal('use-cases'), data: z.object({ value: z.array(id('id сценария')).max(50) }) }),
  z.object({ type: z.literal('comment'), data: z.object({ value: textField('Комментарий', { multiline: true }).trim().max(2000, 'Комментарий — не длиннее 2000 символов') }) }),
], { error: 'Неизвестный вид изменения' });
export type ChangeItem = z.infer<typeof changeItem>;

/** The set-change body: the page's queue, saved together. */
export const changeQueue = z.object({ queue: z.array(changeItem).min(1, CHANGE_MESSAGES.nothing).max(50, 'Не более 50 изменений за раз') });

export type ActionKind = 'count' | 'option' | 'fast_delivery' | 'commissioning' | 'payment' | 'delivery' | 'use_cases' | 'comment';
/** A saved change as the log keeps it. */
export interface ChangeAction { kind: ActionKind; product_id: string | null; option_id: string | null; before: unknown; after: unknown }

export type ApplyResult = { ok: true; diff: OfferDiff; actions: ChangeAction[] } | { ok: false; code: 'unknown' | 'invalid' | 'rule'; message: string };

type Product = OfferContent['products'][number];

/** What the version itself says, for each thing the client can change. */
const base = {
  count: (p: Product) => p.prices.count,
  option: (o: Product['options'][number]) => o.count,
  commissioning: (p: Product) => p.prices.commissioning_total > 0,
  delivery: (content: OfferContent): DeliveryChoice => {
    // Spec §4: the first shipment's type decides, else the offer's method.
    const type = content.shipment[0]?.type ?? content.delivery_method;
    return type === 'delivery' ? { value: 'deliveryChoice', addres: content.delivery?.address ?? null } : { value: 'pickupChoice', addres: null };
  },
  payment: (content: OfferContent): PaymentChoice | null => {
    const first = content.payments[0];
    return first ? { value: first.type, initial_fee: first.initial_fee, term: first.term } : null;
  },
};

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A deep copy of a diff (it is plain JSON). */
const copy = (diff: OfferDiff): OfferDiff => JSON.parse(JSON.stringify(diff)) as OfferDiff;

/** Drops empty product entries, so a diff that changes nothing is `{}`. */
function tidy(diff: OfferDiff): OfferDiff {
  for (const [pid, p] of Object.entries(diff.products ?? {})) {
    if (p.options && Object.keys(p.options).length === 0) delete p.options;
    if (Object.keys(p).length === 0) delete diff.products![pid];
  }
  if (diff.products && Object.keys(diff.products).length === 0) delete diff.products;
  return diff;
}

/**
 * Applies a queue to the diff kept against `content`: each item changes the client's value; a value
 * set back to the version's leaves the diff. Every item that changes something is an action (from,
 * to). Unknown products, options or use cases, a negative option count and a broken option rule
 * refuse the whole queue (nothing is saved).
 */
export function applyQueue(content: OfferContent, diff: OfferDiff, queue: readonly ChangeItem[]): ApplyResult {
  const next = copy(diff);
  const actions: ChangeAction[] = [];
  const productOf = (pid: string) => content.products.find((p) => p.id === pid);
  const entryOf = (pid: string): ProductDiff => ((next.products ??= {})[pid] ??= {});
  const touched = new Set<string>();

  for (const item of queue) {
    switch (item.type) {
      case 'product-options': {
        const [, pid, oid] = item.data.key;
        const product = productOf(pid);
        if (!product) return { ok: false, code: 'unknown', message: CHANGE_MESSAGES.unknownProduct };
        const option = product.options.find((o) => o.id === oid);
        if (!option) return { ok: false, code: 'unknown', message: CHANGE_MESSAGES.unknownOption };
        const entry = entryOf(pid);
        const before = entry.options?.[oid] ?? base.option(option);
        const after = before + item.data.payload.countDiff;
        if (after < 0) return { ok: false, code: 'invalid', message: CHANGE_MESSAGES.negativeOption };
        if (after > MAX_COUNT) return { ok: false, code: 'invalid', message: `Количество опции — не больше ${MAX_COUNT}` };
        entry.options ??= {};
        if (after === base.option(option)) delete entry.options[oid];
        else entry.options[oid] = after;
        actions.push({ kind: 'option', product_id: pid, option_id: oid, before, after });
        touched.add(pid);
        break;
      }
      case 'count':
      case 'fast-delivery':
      case 'commissioning': {
        const product = productOf(item.data.productId);
        if (!product) return { ok: false, code: 'unknown', message: CHANGE_MESSAGES.unknownProduct };
        const entry = entryOf(product.id);
        const field = item.type === 'count' ? 'count' : item.type === 'fast-delivery' ? 'fast_delivery' : 'commissioning';
        const version = field === 'count' ? base.count(product) : field === 'commissioning' ? base.commissioning(product) : false;
        const before = entry[field] ?? version;
        const after = item.data.value;
        if (before === after) break;
        if (after === version) delete entry[field];
        else (entry as Record<string, unknown>)[field] = after;
        actions.push({ kind: field, product_id: product.id, option_id: null, before, after });
        break;
      }
      case 'payment': {
        const after: PaymentChoice = { value: item.data.value, initial_fee: isFinanced(item.data.value) ? item.data.initial_fee : 0, term: isFinanced(item.data.value) ? item.data.term : 0 };
        const version = base.payment(content);
        const before = next.payment ?? version;
        if (sameJson(before, after)) break;
        if (sameJson(after, version)) delete next.payment;
        else next.payment = after;
        actions.push({ kind: 'payment', product_id: null, option_id: null, before, after });
        break;
      }
      case 'delivery': {
        const version = base.delivery(content);
        const addres = item.data.value === 'deliveryChoice' ? (item.data.addres || version.addres) : null;
        if (item.data.value === 'deliveryChoice' && !addres) return { ok: false, code: 'invalid', message: CHANGE_MESSAGES.noAddress };
        const after: DeliveryChoice = { value: item.data.value, addres };
        const before = next.delivery ?? version;
        if (sameJson(before, after)) break;
        if (sameJson(after, version)) delete next.delivery;
        else next.delivery = after;
        actions.push({ kind: 'delivery', product_id: null, option_id: null, before, after });
        break;
      }
      case 'use-cases': {
        const known = new Set(content.use_cases.map((u) => u.id));
        if (item.data.value.some((u) => !known.has(u))) return { ok: false, code: 'unknown', message: CHANGE_MESSAGES.unknownUseCase };
        const after = [...new Set(item.data.value)].sort();
        const version = [...content.selected_use_cases].sort();
        const before = next.use_cases ?? version;
        if (sameJson(before, after)) break;
        if (sameJson(after, version)) delete next.use_cases;
        else next.use_cases = after;
        actions.push({ kind: 'use_cases', product_id: null, option_id: null, before, after });
        break;
      }
      case 'comment': {
        const before = next.comment ?? '';
        const after = item.data.value;
        if (before === after) break;
        if (after === '') delete next.comment;
        else next.comment = after;
        actions.push({ kind: 'comment', product_id: null, option_id: null, before, after });
        break;
      }
    }
  }
  // The option rules hold for the options as the client leaves them.
  for (const pid of touched) {
    const options = effectiveProduct(productOf(pid)!, next.products?.[pid]).options;
    for (const o of options) {
      const problem = optionRuleProblem(options, o);
      if (problem) return { ok: false, code: 'rule', message: problem };
    }
  }
  return { ok: true, diff: tidy(next), actions };
}

function effectiveProduct(p: Product, d: ProductDiff | undefined): Product {
  if (!d) return p;
  const commissioning = d.commissioning === undefined ? p.prices.commissioning_total : d.commissioning ? (p.prices.commissioning_total || DEFAULT_COMMISSIONING) : 0;
  return {
    ...p,
    prices: { ...p.prices, count: d.count ?? p.prices.count, commissioning_total: commissioning },
    options: p.options.map((o) => (d.options?.[o.id] === undefined ? o : { ...o, count: d.options[o.id]! })),
  };
}

/**
 * The version as the client's changes make it: counts, options, commissioning, delivery (to another
 * address the carriers' price kept for that address and those counts, ADR 088; without one the price
 * is not known: 'по запросу', counted as 0 and flagged), the payment chosen, the use cases. The
 * totals of offers.rules.ts apply to it as to any version.
 */
export function effectiveContent(content: OfferContent, diff: OfferDiff, quote: DeliveryQuote | null = null): OfferContent & { deliveryPriceUnknown: boolean } {
  const products = content.products.map((p) => effectiveProduct(p, diff.products?.[p.id]));
  let delivery = content.delivery;
  let deliveryMethod = content.delivery_method;
  let deliveryPrice = content.delivery_price;
  let deliveryPriceUnknown = false;
  if (diff.delivery) {
    if (diff.delivery.value === 'pickupChoice') {
      deliveryMethod = 'pickup';
      delivery = content.delivery ? { ...content.delivery, price: 0 } : undefined;
      deliveryPrice = 0;
    } else {
      deliveryMethod = 'delivery';
      const sameAddress = diff.delivery.addres === content.delivery?.address;
      const quoted = sameAddress ? null : quotedPrice(quote, diff.delivery.addres, products);
      deliveryPriceUnknown = !sameAddress && quoted === null;
      const coords = sameAddress ? content.delivery?.coords : (quoted !== null ? quote?.coords ?? undefined : undefined);
      delivery = { address: diff.delivery.addres ?? '', price: sameAddress ? content.delivery!.price : (quoted ?? 0), deliveryIncluded: sameAddress ? content.delivery!.deliveryIncluded : false, ...(coords ? { coords } : {}) };
      if (quoted !== null) deliveryPrice = quoted;
    }
  }
  const payments = diff.payment
    ? [{ type: diff.payment.value, amount: 0, initial_fee: diff.payment.initial_fee, term: diff.payment.term, details: [] }]
    : content.payments;
  return {
    ...content, products, delivery, delivery_method: deliveryMethod, delivery_price: deliveryPrice, payments,
    selected_use_cases: diff.use_cases ?? content.selected_use_cases, deliveryPriceUnknown,
  };
}

/** One change of a diff as both sides see it: what, from, to. `key` names it in the manager's decisions. */
export interface DiffEntry { key: string; kind: ActionKind; title: string; from: string; to: string }

const yesNo = (v: boolean) => (v ? 'да' : 'нет');
const paymentText = (p: PaymentChoice | null, money: (minor: number) => string) => {
  if (!p) return 'не выбран';
  const label = PAYMENT_TYPE_LABELS[p.value];
  return isFinanced(p.value) ? `${label}, аванс ${money(p.initial_fee)}, ${p.term} мес.` : label;
};
const deliveryText = (d: DeliveryChoice) => (d.value === 'pickupChoice' ? 'самовывоз' : `доставка: ${d.addres ?? ''}`);

/** The diff's changes in a fixed order (products as in the offer, then payment, delivery, use cases, comment). */
export function diffEntries(content: OfferContent, diff: OfferDiff, money: (minor: number) => string): DiffEntry[] {
  const entries: DiffEntry[] = [];
  for (const p of content.products) {
    const d = diff.products?.[p.id];
    if (!d) continue;
    if (d.count !== undefined) entries.push({ key: `product:${p.id}:count`, kind: 'count', title: `${p.name}: количество`, from: String(base.count(p)), to: String(d.count) });
    for (const o of p.options) {
      const n = d.options?.[o.id];
      if (n !== undefined) entries.push({ key: `product:${p.id}:option:${o.id}`, kind: 'option', title: `${p.name}: ${o.name}`, from: String(o.count), to: String(n) });
    }
    if (d.commissioning !== undefined) entries.push({ key: `product:${p.id}:commissioning`, kind: 'commissioning', title: `${p.name}: пусконаладка`, from: yesNo(base.commissioning(p)), to: yesNo(d.commissioning) });
    if (d.fast_delivery !== undefined) entries.push({ key: `product:${p.id}:fast_delivery`, kind: 'fast_delivery', title: `${p.name}: быстрая поставка`, from: yesNo(false), to: yesNo(d.fast_delivery) });
  }
  if (diff.payment) entries.push({ key: 'payment', kind: 'payment', title: 'Оплата', from: paymentText(base.payment(content), money), to: paymentText(diff.payment, money) });
  if (diff.delivery) entries.push({ key: 'delivery', kind: 'delivery', title: 'Получение', from: deliveryText(base.delivery(content)), to: deliveryText(diff.delivery) });
  if (diff.use_cases) {
    const title = (ids: readonly string[]) => ids.map((u) => content.use_cases.find((c) => c.id === u)?.title ?? u).join(', ') || 'не выбраны';
    entries.push({ key: 'use_cases', kind: 'use_cases', title: 'Сценарии применения', from: title(content.selected_use_cases), to: title(diff.use_cases) });
  }
  if (diff.comment) entries.push({ key: 'comment', kind: 'comment', title: 'Комментарий клиента', from: '', to: diff.comment });
  return entries;
}

/** The part of a diff whose entries were accepted (the comment is read, never part of a version). */
export function acceptedPart(diff: OfferDiff, accepted: ReadonlySet<string>): OfferDiff {
  const part: OfferDiff = {};
  for (const [pid, d] of Object.entries(diff.products ?? {})) {
    const kept: ProductDiff = {};
    if (d.count !== undefined && accepted.has(`product:${pid}:count`)) kept.count = d.count;
    if (d.commissioning !== undefined && accepted.has(`product:${pid}:commissioning`)) kept.commissioning = d.commissioning;
    if (d.fast_delivery !== undefined && accepted.has(`product:${pid}:fast_delivery`)) kept.fast_delivery = d.fast_delivery;
    for (const [oid, n] of Object.entries(d.options ?? {})) if (accepted.has(`product:${pid}:option:${oid}`)) (kept.options ??= {})[oid] = n;
    if (Object.keys(kept).length) (part.products ??= {})[pid] = kept;
  }
  if (diff.payment && accepted.has('payment')) part.payment = diff.payment;
  if (diff.delivery && accepted.has('delivery')) part.delivery = diff.delivery;
  if (diff.use_cases && accepted.has('use_cases')) part.use_cases = diff.use_cases;
  return part;
}

/** The first option rule a version's chosen options break, or null (a version the manager makes must keep them). */
export function optionRuleProblems(content: OfferContent): string | null {
  for (const p of content.products) for (const o of p.options) {
    const problem = optionRuleProblem(p.options, o);
    if (problem) return problem;
  }
  return null;
}

/** Whole days from `today` to `validUntil` (both 'YYYY-MM-DD'); the offer is valid while this is ≥ 0 (spec §4). */
export function daysLeft(validUntil: string, today: string): number {
  return Math.round((Date.parse(`${validUntil}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The key under which queued items replace each other (options add up instead). */
function queueKey(item: ChangeItem): string {
  switch (item.type) {
    case 'product-options': return `o:${item.data.key[1]}:${item.data.key[2]}`;
    case 'count': case 'fast-delivery': case 'commissioning': return `${item.type}:${item.data.productId}`;
    default: return item.type;
  }
}

/**
 * Adds an item to the page's queue: an option's count changes add up (and leave the queue when they
 * cancel out, spec §4: counts are sent only when they differ), any other change replaces the earlier
 * one of its kind. The queue stays short however often the client clicks.
 */
export function enqueueChange(queue: readonly ChangeItem[], item: ChangeItem): ChangeItem[] {
  const key = queueKey(item);
  const at = queue.findIndex((q) => queueKey(q) === key);
  if (at < 0) return [...queue, item];
  const next = [...queue];
  const earlier = queue[at]!;
  if (item.type === 'product-options' && earlier.type === 'product-options') {
    const countDiff = earlier.data.payload.countDiff + item.data.payload.countDiff;
    if (countDiff === 0) next.splice(at, 1);
    else next[at] = { ...earlier, data: { ...earlier.data, payload: { ...earlier.data.payload, countDiff } } };
    return next;
  }
  next.splice(at, 1);
  return [...next, item];
}
