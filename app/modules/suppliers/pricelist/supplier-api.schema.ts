import { z } from 'zod';
import { PRICE_LIST_CURRENCIES, PRICE_LIST_KINDS } from './pricelist.constants.ts';

/*
 * What the suppliers' REST API (issue 32 §2 "API", ADR 098) takes and answers: a push of positions as
 * JSON, or of a file with an optional column template; messages in Russian.
 */

export const SUPPLIER_API_BASE = '/api/suppliers/v1';
/** Positions one JSON push may carry; a larger list goes as a file (CSV, XLSX, ZIP). */
export const API_MAX_POSITIONS = 50_000;
/** A JSON push's largest body: 50,000 positions of a few hundred bytes each, with room to spare. */
export const API_JSON_MAX_BYTES = 32 * 1024 * 1024;
/** Calls a token may make: bursts of 60, then one a second. */
export const API_RATE_LIMIT = { name: 'suppliers-api:token', limit: 60, windowMs: 60_000 } as const;

export const API_MESSAGES = {
  noToken: 'Нужен заголовок Authorization: Bearer <токен API поставщика>',
  badToken: 'Токен API не найден или отозван',
  notAllowed: 'Передача прайс-листов через API для вашей организации не открыта: обратитесь к менеджеру',
  notFound: 'Прайс-лист не найден',
  badJson: 'Тело запроса — не JSON',
  badType: 'Тело запроса: JSON с позициями, файл прайс-листа (text/csv, xlsx, xls, zip) или multipart/form-data с полем file',
  noFile: 'В запросе нет файла прайс-листа (поле file)',
  empty: 'Файл пустой',
  tooLarge: 'Тело запроса слишком большое: больше 50 000 позиций или 200 МБ передавайте файлом в ZIP',
  badTemplate: 'Поле template: ожидался JSON с колонками, например {"columns":{"code":"Артикул","price":"Цена"}}',
  badKind: 'Поле kind: full (полный прайс-лист) или delta (изменения)',
  rateLimited: 'Слишком много запросов с этим токеном: повторите позже',
  mapping: (detail: string) => `Колонки прайс-листа не сопоставлены: ${detail}`,
  fileRefused: (detail: string) => `Файл не принят: ${detail}`,
} as const;

const CONTROLS = /[\u0000-\u001f\u007f]/g;
const text = (max: number) => z.string().max(max * 4).transform((s) => s.replace(CONTROLS, ' ').trim().slice(0, max));

/** One position as JSON: the price in the currency's major units (rubles: 1234.5), up to two decimals. */
export const apiPosition = z.object({
  code: text(100).pipe(z.string().min(1, 'пустой код (артикул)')),
  brand: text(100).optional().default(''),
  name: text(300).optional().default(''),
  price: z.number({ error: 'цена — число' }).positive('цена должна быть больше нуля').max(1_000_000_000, 'цена слишком велика')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'у цены не больше двух знаков после точки'),
  currency: z.enum(PRICE_LIST_CURRENCIES, { error: `валюта — одна из ${PRICE_LIST_CURRENCIES.join(', ')}` }).optional(),
  stock: z.number({ error: 'остаток — целое число' }).int('остаток — целое число').min(0, 'остаток не может быть отрицательным').max(10_000_000).nullable().optional(),
  multiplicity: z.number({ error: 'кратность — целое число' }).int('кратность — целое число').min(1, 'кратность не меньше 1').max(100_000).optional().default(1),
  minOrder: z.number({ error: 'минимальный заказ — целое число' }).int('минимальный заказ — целое число').min(1, 'минимальный заказ не меньше 1').max(100_000).optional().default(1),
  leadTimeDays: z.number({ error: 'срок — целое число дней' }).int('срок — целое число дней').min(0, 'срок не может быть отрицательным').max(365, 'срок не больше 365 дней').nullable().optional(),
});
export type ApiPosition = z.infer<typeof apiPosition>;

export const apiPush = z.object({
  kind: z.enum(PRICE_LIST_KINDS, { error: API_MESSAGES.badKind }).optional().default('full'),
  name: text(200).optional(),
  positions: z.array(apiPosition, { error: 'positions — массив позиций' })
    .min(1, 'positions: нет ни одной позиции').max(API_MAX_POSITIONS, `positions: не больше ${API_MAX_POSITIONS.toLocaleString('ru-RU')} позиций за вызов; больший прайс-лист передайте файлом`),
});
export type ApiPush = z.infer<typeof apiPush>;

export interface FieldError { position?: number; field: string; message: string }

/** The push's problems as the answer names them: the position (from 1) and the field. */
export function fieldErrors(error: z.ZodError, max = 20): FieldError[] {
  return error.issues.slice(0, max).map((issue) => {
    const [head, index, field] = issue.path;
    if (head === 'positions' && typeof index === 'number') {
      return { position: index + 1, field: String(field ?? 'positions'), message: issue.code === 'invalid_type' && issue.input === undefined ? 'поле обязательно' : issue.message };
    }
    return { field: String(head ?? 'body'), message: issue.code === 'invalid_type' && issue.input === undefined ? 'поле обязательно' : issue.message };
  });
}

/** The errors as one Russian sentence: «позиция 3, поле price: цена должна быть больше нуля; …». */
export function describeErrors(errors: readonly FieldError[]): string {
  return `Позиции не приняты: ${errors.map((e) => `${e.position ? `позиция ${e.position}, ` : ''}поле ${e.field}: ${e.message}`).join('; ')}`;
}

/** `?show=&page=` of a list's positions through the API. */
export const POSITION_FILTERS_API = ['unmatched', 'problems', 'matched'] as const;
