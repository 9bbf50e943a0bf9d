import { sortField } from '#app/components/backoffice/sort.rules.ts';
import { parseStrictInt, strictInt } from '#app/lib/strict-number.ts';
import { textField } from '#app/lib/text.ts';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, VALIDATION_MESSAGES, nameField, phoneDigits } from '#app/lib/validation.ts';
import { z } from '#app/lib/zod.ts';

/**
 * The boundary of the visitor's requests to the company (ADR 069). Isomorphic: the request dialog
 * validates with the same schema as `POST /api/leads/offer-request`.
 */

export const LEAD_COMMENT_MAX = 1000;
export const MACHINE_MODEL_MAX = 200;
export const SERIAL_MAX = 40;
export const TERM_MONTHS_MIN = 1;
export const TERM_MONTHS_MAX = 120;
/** The largest price or advance a visitor may name, in whole units (ten billion). */
const AMOUNT_MAX_MAJOR = 10_000_000_000;

export const LEAD_KINDS = ['offer', 'service', 'financing'] as const;
export type LeadKindCode = (typeof LEAD_KINDS)[number];
export const LEAD_KIND_LABELS: Record<LeadKindCode, string> = { offer: 'Коммерческое предложение', service: 'Сервис', financing: 'Финансирование' };

export const FINANCING_TYPES = ['leasing', 'credit'] as const;
export type FinancingType = (typeof FINANCING_TYPES)[number];
export const FINANCING_TYPE_LABELS: Record<FinancingType, string> = { leasing: 'Лизинг', credit: 'Кредит' };

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
  machineModel: 'Укажите модель техники',
  machineModelTooLong: `Модель техники: не более ${MACHINE_MODEL_MAX} символов`,
  serialTooLong: `Серийный номер: не более ${SERIAL_MAX} символов`,
  problem: 'Опишите, что случилось с техникой',
  problemTooLong: `Описание неисправности слишком длинное: не более ${LEAD_COMMENT_MAX} символов`,
  financingType: 'Выберите лизинг или кредит',
  price: 'Укажите стоимость техники числом, например 12 500 000',
  advance: 'Укажите аванс числом, например 2 500 000, или оставьте поле пустым',
  advanceTooBig: 'Аванс не может быть больше стоимости техники',
  term: `Укажите срок в месяцах: от ${TERM_MONTHS_MIN} до ${TERM_MONTHS_MAX}`,
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

/** The visitor's confirmation of a service or financing request. */
export function leadRequestThanks(request: { id: number; kind: 'service' | 'financing'; branchName: string | null }): string {
  const who = request.branchName ? `филиала «${request.branchName}»` : 'компании';
  return request.kind === 'service'
    ? `Заявка на сервис № ${request.id} принята. Сервисный инженер ${who} свяжется с вами в рабочее время, уточнит детали и согласует время ремонта.`
    : `Заявка на финансирование № ${request.id} принята. Менеджер ${who} рассчитает условия и свяжется с вами в рабочее время.`;
}

/**
 * An amount as a visitor types it in whole units ('12 500 000', '12500000,50') → minor units
 * (kopecks, tiyn), exactly; null when it is not such an amount. Digits only: no sign, no exponent.
 */
export function parseAmountMinor(text: string): number | null {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const match = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const major = Number(match[1]);
  if (major > AMOUNT_MAX_MAJOR) return null;
  return major * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const machineModel = textField('Модель техники', { error: LEAD_MESSAGES.machineModel }).trim()
  .min(1, LEAD_MESSAGES.machineModel).max(MACHINE_MODEL_MAX, LEAD_MESSAGES.machineModelTooLong);

/** A catalogue model the visitor picked (absent: he typed one). */
const pickedModel = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || value === '') return null;
  const id = parseStrictInt(value);
  if (id === null) {
    ctx.issues.push({ code: 'custom', message: LEAD_MESSAGES.badModel, input: value });
    return z.NEVER;
  }
  return id;
}).optional();

const contacts = { name: nameField(), phone, email, acceptGDPR: consent };

/** `POST /api/leads/service-request`: the form on /servis. */
export const serviceRequestInput = z.object({
  modelId: pickedModel,
  model: machineModel,
  serial: textField('Серийный номер').trim().max(SERIAL_MAX, LEAD_MESSAGES.serialTooLong).optional().default(''),
  problem: textField('Что случилось', { multiline: true, error: LEAD_MESSAGES.problem }).trim()
    .min(1, LEAD_MESSAGES.problem).max(LEAD_COMMENT_MAX, LEAD_MESSAGES.problemTooLong),
  ...contacts,
});
export type ServiceRequestInput = z.infer<typeof serviceRequestInput>;

const amount = (message: string) => z.string({ error: message }).max(40, message)
  .refine((v) => parseAmountMinor(v) !== null, message).transform((v) => parseAmountMinor(v)!);

/** `POST /api/leads/financing-request`: the form on /finansirovanie. */
export const financingRequestInput = z.object({
  type: z.enum(FINANCING_TYPES, { error: LEAD_MESSAGES.financingType }),
  modelId: pickedModel,
  model: machineModel,
  price: amount(LEAD_MESSAGES.price),
  termMonths: strictInt(LEAD_MESSAGES.term, { min: TERM_MONTHS_MIN, max: TERM_MONTHS_MAX }),
  advance: z.string({ error: LEAD_MESSAGES.advance }).max(40, LEAD_MESSAGES.advance)
    .refine((v) => v.trim() === '' || parseAmountMinor(v) !== null, LEAD_MESSAGES.advance)
    .transform((v) => (v.trim() === '' ? 0 : parseAmountMinor(v)!))
    .optional().default(0),
  comment: textField('Комментарий', { multiline: true }).trim().max(LEAD_COMMENT_MAX, LEAD_MESSAGES.commentTooLong).optional().default(''),
  ...contacts,
}).refine((v) => v.advance <= v.price, { message: LEAD_MESSAGES.advanceTooBig, path: ['advance'] });
export type FinancingRequestInput = z.infer<typeof financingRequestInput>;

/** A service request's details (the `details` column). */
export interface ServiceDetails { serial: string; problem: string }
/** A financing request's details: money in minor units of `currency`. */
export interface FinancingDetails { type: FinancingType; price: number; advance: number; termMonths: number; currency: 'RUB' | 'KZT' }

/** `GET /api/leads/contacts`: what the request form is filled with for a signed-in visitor. */
export interface LeadContacts { name: string; phone: string; email: string }

export type LeadDeliveryState = 'pending' | 'sent' | 'failed';

export const LEAD_STATUSES = ['new', 'in_work', 'done', 'rejected'] as const;
export type LeadStatusCode = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatusCode, string> = { new: 'Новая', in_work: 'В работе', done: 'Выполнена', rejected: 'Отклонена' };

/** A request as employees read it (`/admin/leads`). */
export interface LeadView {
  id: number;
  kind: LeadKindCode;
  status: LeadStatusCode;
  model: { id: number | null; name: string | null; code: string | null };
  branchId: number | null;
  userId: number | null;
  name: string;
  phone: string;
  email: string | null;
  comment: string;
  /** The model's page when the request was made (an offer request). */
  pageUrl: string | null;
  createdAt: string;
  deliveryState: LeadDeliveryState;
  service: ServiceDetails | null;
  financing: FinancingDetails | null;
  assignee: { id: number; name: string } | null;
}

export interface LeadPage { leads: LeadView[]; total: number; page: number; pageSize: number }

/** An event of a request's history. */
export interface LeadEventView { kind: 'status' | 'assign' | 'comment'; status: LeadStatusCode | null; note: string; actor: string; at: string }

/* The back-office's inputs (leads-work.server.ts). */

/** /admin/leads filters from the query string: anything malformed reads as absent. */
/** What /admin/leads sorts by (ADR 079): when the request came (its id), the visitor's name; each through an index. */
export const STAFF_LEAD_SORT_KEYS = ['created', 'name'] as const;
export type StaffLeadSortKey = (typeof STAFF_LEAD_SORT_KEYS)[number];
export const STAFF_LEADS_DEFAULT_SORT = '-created';

export const staffLeadFilter = z.object({
  kind: z.enum(LEAD_KINDS).optional().catch(undefined),
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
  branch: z.coerce.number().int().positive().max(2 ** 31 - 1).optional().catch(undefined),
  sort: sortField(STAFF_LEAD_SORT_KEYS, STAFF_LEADS_DEFAULT_SORT),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type StaffLeadFilter = z.infer<typeof staffLeadFilter>;

export const LEAD_WORK_MESSAGES = {
  notFound: 'Заявка не найдена',
  moved: 'Заявку уже изменил другой сотрудник. Обновите страницу',
  badMove: 'Такой переход статуса заявки невозможен',
  reasonRequired: 'Укажите причину отказа',
  reasonTooLong: `Причина: не более ${LEAD_COMMENT_MAX} символов`,
  comment: 'Напишите комментарий',
  commentTooLong: `Комментарий слишком длинный: не более ${LEAD_COMMENT_MAX} символов`,
  assignee: 'Выберите сотрудника филиала заявки',
  badRequest: 'Некорректный запрос',
} as const;

const note = (label: string, tooLong: string) => textField(label, { multiline: true }).trim().max(LEAD_COMMENT_MAX, tooLong);

export const leadStatusInput = z.object({
  from: z.enum(LEAD_STATUSES, { error: LEAD_WORK_MESSAGES.badRequest }),
  to: z.enum(LEAD_STATUSES, { error: LEAD_WORK_MESSAGES.badMove }),
  reason: note('Причина', LEAD_WORK_MESSAGES.reasonTooLong).optional().default(''),
});

export const leadCommentInput = z.object({
  text: note('Комментарий', LEAD_WORK_MESSAGES.commentTooLong).min(1, LEAD_WORK_MESSAGES.comment),
});

/** '' takes the assignment away. */
export const leadAssignInput = z.object({
  assigneeId: z.union([z.literal(''), strictInt(LEAD_WORK_MESSAGES.assignee)]).transform((v) => (v === '' ? null : v)),
});
