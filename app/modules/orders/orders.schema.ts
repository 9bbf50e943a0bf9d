import { z } from '#app/lib/zod.ts';
import { strictDecimal, strictInt } from '#app/lib/strict-number.ts';
import { hasForbiddenChars } from '#app/lib/text.ts';
import { textField } from '#app/lib/text.ts';
import { emailField, nameField, phoneDigits, VALIDATION_MESSAGES } from '#app/lib/validation.ts';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '#app/lib/phone.ts';
import type { CurrencyCode } from '#app/lib/money.ts';
import {
  ADDRESS_MAX_LENGTH, COMMENT_MAX_LENGTH, DELIVERY_METHODS, IDEMPOTENCY_KEY_PATTERN, ORDER_COUNT_MAX, ORDER_MAX_LINES, ORDER_MESSAGES,
  type DeliveryMethod, type OrderStatusCode,
} from './orders.constants.ts';

const M = ORDER_MESSAGES;

/**
 * One product of `POST /api/order/create`: the cart line, its count, the price (minor units; 0 for
 * 'цена по запросу', ordered as a line asking for a price) and the stock the customer saw.
 */
const product = z.object({
  id: strictInt(M.badLineId),
  count: strictInt(M.badCount, { min: 1, max: ORDER_COUNT_MAX }),
  price: strictInt(M.badPrice, { min: 0, max: Number.MAX_SAFE_INTEGER }),
  /** Pieces in stock the customer saw at the branch; without it he is taken to have seen the whole count. */
  stock: strictInt(M.badStock, { min: 0, max: Number.MAX_SAFE_INTEGER }).optional(),
}, { error: M.badProducts });

/** `products` as JSON text (spec §7): parsed here, so a malformed text is a 400 with the reason. */
const productsField = z.string({ error: M.noProducts }).max(64 * 1024, M.badProducts).transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.issues.push({ code: 'custom', message: M.badProducts, input: text });
    return z.NEVER;
  }
}).pipe(z.array(z.unknown(), { error: M.badProducts })
  .min(1, M.noProducts)
  .max(ORDER_MAX_LINES, M.tooManyProducts)
  .pipe(z.array(product)))
  .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, M.duplicateLine);

const optionalText = (label: string, max: number) =>
  textField(label).trim().max(max, M.tooLong(label, max)).optional().transform((v) => v || null);

const phone = textField('Номер телефона', { error: VALIDATION_MESSAGES.phone })
  .max(40, VALIDATION_MESSAGES.phone)
  .transform(phoneDigits)
  // Spec §5: 11 or 12 digits only.
  .refine((d) => d.length >= PHONE_MIN_DIGITS && d.length <= PHONE_MAX_DIGITS, VALIDATION_MESSAGES.phone);

/** One part of the delivery address as the panel keeps it (spec §3 address): at most 200 characters, no control characters. */
const pointPart = z.string({ error: M.badDeliveryPoint }).max(200, M.badDeliveryPoint)
  .refine((v) => !hasForbiddenChars(v), M.badDeliveryPoint).optional().default('');
const degrees = (min: number, max: number) => strictDecimal(M.badDeliveryPoint).pipe(z.number().min(min, M.badDeliveryPoint).max(max, M.badDeliveryPoint));

/**
 * `deliveryPoint`: the address the delivery module prices (spec §3 address with its coords), as JSON
 * text like `products`. The server quotes the delivery from it (ADR 042); the text address is what
 * the letters and the manager read.
 */
const deliveryPointField = z.string({ error: M.badDeliveryPoint }).max(4096, M.badDeliveryPoint).transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.issues.push({ code: 'custom', message: M.badDeliveryPoint, input: text });
    return z.NEVER;
  }
}).pipe(z.object({
  country: pointPart, city: pointPart, region: pointPart, district: pointPart, street: pointPart, house: pointPart,
  lat: degrees(-90, 90), long: degrees(-180, 180),
}, { error: M.badDeliveryPoint }));

export type DeliveryPoint = z.infer<typeof deliveryPointField>;

/** Empty form fields read as absent. */
const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);

/**
 * The text fields of `POST /api/order/create` (multipart; a key sent twice is refused as malformed
 * by the endpoint). The delivery price is not taken from the browser: the delivery module quotes it
 * (`OrderDeliveryQuote`).
 */
export const orderCreateInput = z.object({
  products: productsField,
  name: nameField(),
  phone,
  email: emailField('E-mail'),
  branchId: strictInt(M.badBranch),
  deliveryMethod: z.enum(DELIVERY_METHODS, { error: M.badMethod }).default('pickup'),
  deliveryAddress: optionalText('Адрес доставки', ADDRESS_MAX_LENGTH),
  deliveryTerminal: optionalText('Терминал', 200),
  deliveryCarrier: optionalText('Транспортная компания', 200),
  deliveryPoint: z.preprocess(emptyAsAbsent, deliveryPointField.optional()).transform((v) => v ?? null),
  /** The carrier's terminal in the delivery module's directory, and its company's code. */
  deliveryTerminalId: z.preprocess(emptyAsAbsent, strictInt(M.badTerminalId).optional()).transform((v) => v ?? null),
  deliveryCompany: z.preprocess(emptyAsAbsent, z.string().regex(/^[a-z]{2,20}$/, M.badCompany).optional()).transform((v) => v ?? null),
  /**
   * The delivery price the customer saw (minor units), or 'none' when the page showed none (the
   * manager names it). Never stored: the server's quote is; a difference is a change shown first.
   */
  deliveryPriceSeen: z.preprocess(emptyAsAbsent, z.union([z.literal('none'), strictInt(M.badDeliveryPrice, { min: 0, max: Number.MAX_SAFE_INTEGER })], { error: M.badDeliveryPrice }).optional())
    .transform((v) => (v === undefined ? undefined : v === 'none' ? null : v)),
  comment: textField('Комментарий', { multiline: true }).trim().max(COMMENT_MAX_LENGTH, M.tooLong('Комментарий', COMMENT_MAX_LENGTH)).default(''),
  onCredit: z.enum(['0', '1', 'true', 'false'], { error: 'onCredit — 0 или 1' }).default('0').transform((v) => v === '1' || v === 'true'),
}).superRefine((v, ctx) => {
  if (v.deliveryMethod !== 'pickup' && !v.deliveryAddress && v.deliveryMethod === 'calc') ctx.addIssue({ code: 'custom', path: ['deliveryAddress'], message: M.noAddress });
  if (v.deliveryMethod === 'terminals' && !v.deliveryTerminal) ctx.addIssue({ code: 'custom', path: ['deliveryTerminal'], message: M.noTerminal });
});

export type OrderCreateInput = z.infer<typeof orderCreateInput>;

export const idempotencyKeyInput = z.string({ error: M.noIdempotencyKey }).regex(IDEMPOTENCY_KEY_PATTERN, M.noIdempotencyKey);

/** What the create call answers on success (200, the same for a repeated key). */
export interface OrderCreatedAnswer {
  number: string;
  total: number;
  currency: CurrencyCode;
  /** The confirmation page. */
  url: string;
  /** True when the key had already created this order (a repeat). */
  repeated: boolean;
}

export interface CustomerInfo { name: string; phone: string; email: string; branchId: number | null }

/** `price` and `lineTotal` null: 'цена по запросу' (the manager names it). */
export interface OrderLineView {
  id: number; code: string; name: string; count: number; price: number | null; lineTotal: number | null;
  /**
   * Ordered from a supplier ('под заказ у поставщика, N дней', ADR 099). `organisationId` is for the
   * back-office only: the customer's pages drop it (`forCustomer`), the supplier is never named to him.
   */
  supplier?: { organisationId?: number; leadTimeDays: number } | null;
}

/** What happened to an order (orders_event), oldest first: the customer's history and the back-office's. */
export interface OrderEventView { kind: 'status' | 'price' | 'confirmed'; status: OrderStatusCode | null; statusLabel: string | null; note: string; actor: string; at: string }
export interface OrderAttachmentView { id: number; name: string; mime: string; size: number; url: string }

export interface OrderView {
  number: string;
  status: OrderStatusCode;
  statusLabel: string;
  createdAt: string;
  name: string;
  phone: string;
  email: string;
  branch: { id: number; name: string; address: string; phone: string };
  delivery: { method: DeliveryMethod; label: string; address: string | null; terminal: string | null; carrier: string | null; price: number; failed: boolean };
  comment: string;
  onCredit: boolean;
  currency: CurrencyCode;
  itemsTotal: number;
  total: number;
  lines: OrderLineView[];
  attachments: OrderAttachmentView[];
  events: OrderEventView[];
  /** A price was named for a 'по запросу' line and waits for the customer's confirmation. */
  pricesPendingConfirmation: boolean;
  /** Where the customer's letter went: the account's confirmed address or phone; null: none confirmed. */
  notice: { channel: 'email' | 'sms'; to: string } | null;
}
