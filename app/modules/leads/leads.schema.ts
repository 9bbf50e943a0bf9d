import { strictInt } from '#app/lib/strict-number.ts';
import { textField } from '#app/lib/text.ts';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, VALIDATION_MESSAGES, nameField, phoneDigits } from '#app/lib/validation.ts';
import { z } from '#app/lib/zod.ts';

/**
 * The boundary of the visitor's requests to the company (ADR 069). Isomorphic: the request dialog
 * validates with the same schema as `POST /api/leads/offer-request`.
 */

export const LEAD_COMMENT_MAX = 1000;

/** Name, phone, e-mail and consent are the spec's §5 messages; the rest are the module's own. */
export const LEAD_MESSAGES = {
  name: VALIDATION_MESSAGES.name,
  phone: VALIDATION_MESSAGES.phone,
  email: VALIDATION_MESSAGES.emailHyphenated,
  commentTooLong: `Комментарий слишком длинный: не более ${LEAD_COMMENT_MAX} символов`,
  consent: VALIDATION_MESSAGES.consent,
  badModel: 'Не указана модель техники',
  unknownModel: 'Такой модели нет в каталоге. Обновите страницу и попробуйте ещё раз',
  tooMany: 'Вы отправили слишком много запросов. Попробуйте ещё раз позже или позвоните в филиал',
} as const;

/** The visitor's confirmation: what happens next, and the number to name on the phone. */
export function offerRequestThanks(request: { id: number; modelName: string; branchName: string | null }): string {
  const who = request.branchName ? `Менеджер филиала «${request.branchName}»` : 'Менеджер';
  return `Запрос № ${request.id} принят. ${who} подготовит коммерческое предложение на ${request.modelName} и свяжется с вами в рабочее время.`;
}

/**
 * The requests are open to guests: limits per network address keep the form from becoming a way to
 * flood the branches' mailboxes (a person asks for a few offers at most; a farm's office behind one
 * address for a few dozen a day).
 */
export const OFFER_REQUEST_RATE_LIMITS = [
  { name: 'offer-request:ip:10min', limit: 5, windowMs: 10 * 60_000 },
  { name: 'offer-request:ip:day', limit: 30, windowMs: 24 * 60 * 60_000 },
];

/** Spec §5: 11 or 12 digits, typed with any punctuation; stored as the digits. */
const phone = textField('Номер телефона', { error: LEAD_MESSAGES.phone })
  .max(40, LEAD_MESSAGES.phone)
  .transform(phoneDigits)
  .refine((digits) => /^\d{11,12}$/.test(digits), LEAD_MESSAGES.phone);

const email = textField('E-mail', { error: LEAD_MESSAGES.email }).trim()
  .max(MAX_EMAIL_LENGTH, LEAD_MESSAGES.email)
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), LEAD_MESSAGES.email)
  .optional().default('');

/** The form's 152-ФЗ consent checkbox, as JSON or as a form posts it. */
const consent = z.union([z.literal(true), z.literal('true'), z.literal('1'), z.literal('on')], { error: LEAD_MESSAGES.consent });

/** `POST /api/leads/offer-request`: 'Запросить коммерческое предложение' on a model page. */
export const offerRequestInput = z.object({
  modelId: strictInt(LEAD_MESSAGES.badModel),
  name: nameField(),
  phone,
  email,
  comment: textField('Комментарий', { multiline: true }).trim().max(LEAD_COMMENT_MAX, LEAD_MESSAGES.commentTooLong).optional().default(''),
  acceptGDPR: consent,
});

export type OfferRequestInput = z.infer<typeof offerRequestInput>;

/** `GET /api/leads/contacts`: what the request form is filled with for a signed-in visitor. */
export interface LeadContacts { name: string; phone: string; email: string }

export type LeadDeliveryState = 'pending' | 'sent' | 'failed';

/** A request as employees read it (`/admin/leads`). */
export interface LeadView {
  id: number;
  kind: 'offer';
  status: 'new';
  model: { id: number | null; name: string | null; code: string | null };
  branchId: number | null;
  name: string;
  phone: string;
  email: string | null;
  comment: string;
  /** The model's page when the request was made. */
  pageUrl: string | null;
  createdAt: string;
  deliveryState: LeadDeliveryState;
}

export interface LeadPage { leads: LeadView[]; total: number; page: number; pageSize: number }
