import { textField } from '#app/lib/text.ts';
import { VALIDATION_MESSAGES, phoneDigits } from '#app/lib/validation.ts';
import { z } from '#app/lib/zod.ts';
import { TRANSPORT_ACTIONS } from './transport.rules.ts';

/**
 * The boundary of the transportation exchange (ADR 097): the owner's load, a carrier's bid, the
 * status actions and the list's filters. Isomorphic: the forms show the same messages.
 */

export const LOAD_MESSAGES = {
  fromCity: 'Укажите город отправления: до 100 символов',
  toCity: 'Укажите город назначения: до 100 символов',
  address: 'Адрес: до 300 символов',
  machine: 'Укажите, что везти: до 200 символов',
  modelId: 'Неверный номер модели каталога',
  size: (label: string, max: number) => `${label}: целое число сантиметров от 1 до ${String(max).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}`,
  weight: 'Масса: целое число килограммов от 1 до 200 000',
  date: 'Дата в формате ГГГГ-ММ-ДД',
  deadline: 'Срок доставки не может быть раньше даты готовности',
  phone: VALIDATION_MESSAGES.phone,
  note: 'Комментарий: до 2000 символов',
  price: 'Цена: сумма в рублях от 1 до 1 000 000 000',
  comment: 'Комментарий: до 1000 символов',
} as const;

const line = (label: string, max: number, message: string, required = true) => {
  const field = textField(label).trim().max(max, message);
  return required ? field.min(1, message) : field.optional().default('');
};

const whole = (min: number, max: number, message: string) => z.union([z.string(), z.number()], { error: message })
  .transform((v) => (typeof v === 'number' ? v : /^\s*\d{1,9}\s*$/.test(v.replace(/\s/g, '')) ? Number(v.replace(/\s/g, '')) : NaN))
  .refine((v) => Number.isInteger(v) && v >= min && v <= max, message);

const day = z.string({ error: LOAD_MESSAGES.date }).trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), LOAD_MESSAGES.date);

/** The load's form: from, to, machine (a model of the catalogue optionally), size, weight, dates, contact phone. */
export const loadInput = z.object({
  fromCity: line('Откуда', 100, LOAD_MESSAGES.fromCity),
  fromAddress: line('Адрес погрузки', 300, LOAD_MESSAGES.address, false),
  toCity: line('Куда', 100, LOAD_MESSAGES.toCity),
  toAddress: line('Адрес выгрузки', 300, LOAD_MESSAGES.address, false),
  machine: line('Техника', 200, LOAD_MESSAGES.machine),
  modelId: z.string().trim().optional().default('')
    .transform((v) => (v === '' ? null : /^[1-9]\d{0,8}$/.test(v) ? Number(v) : NaN))
    .refine((v) => v === null || !Number.isNaN(v), LOAD_MESSAGES.modelId),
  lengthCm: whole(1, 10_000, LOAD_MESSAGES.size('Длина', 10_000)),
  widthCm: whole(1, 10_000, LOAD_MESSAGES.size('Ширина', 10_000)),
  heightCm: whole(1, 10_000, LOAD_MESSAGES.size('Высота', 10_000)),
  weightKg: whole(1, 200_000, LOAD_MESSAGES.weight),
  readyOn: day,
  deadlineOn: day,
  contactPhone: textField('Телефон', { error: LOAD_MESSAGES.phone }).max(40, LOAD_MESSAGES.phone)
    .transform(phoneDigits).refine((d) => /^\d{11,12}$/.test(d), LOAD_MESSAGES.phone),
  note: textField('Комментарий', { multiline: true }).trim().max(2000, LOAD_MESSAGES.note).optional().default(''),
}).refine((v) => v.deadlineOn >= v.readyOn, { path: ['deadlineOn'], message: LOAD_MESSAGES.deadline });
export type LoadInput = z.output<typeof loadInput>;

/** A carrier's answer: the price in whole roubles (kept in kopecks) and the pickup date. */
export const bidInput = z.object({
  price: whole(1, 1_000_000_000, LOAD_MESSAGES.price).transform((roubles) => roubles * 100),
  pickupOn: day,
  comment: textField('Комментарий', { multiline: true }).trim().max(1000, LOAD_MESSAGES.comment).optional().default(''),
});
export type BidInput = z.output<typeof bidInput>;

export const transportAction = z.object({
  intent: z.enum(TRANSPORT_ACTIONS, { error: 'Неизвестное действие' }),
  bidId: z.string().optional().transform((v) => (v && /^[1-9]\d{0,14}$/.test(v) ? Number(v) : null)),
});

/** `/transportation-orders?from=…&to=…&page=…`; nonsense is dropped, not refused. */
export const loadsQuery = z.object({
  from: z.string().trim().max(100).optional().catch(undefined).transform((v) => v || undefined),
  to: z.string().trim().max(100).optional().catch(undefined).transform((v) => v || undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined).transform((v) => v ?? 1),
});
export type LoadsQuery = z.output<typeof loadsQuery>;

/** A load's id in a path; anything else is a 404. */
export function parseLoadId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}
