import { formatPhoneDisplay } from '#app/lib/phone.ts';

/** Pure rules of the visitors' requests (ADR 069). */

/** A stored request as its letter to the branch needs it. */
export interface OfferRequestLetterInput {
  id: number;
  modelName: string | null;
  modelCode: string | null;
  /** The model's page, absolute. */
  modelUrl: string | null;
  branchName: string | null;
  name: string;
  /** Digits. */
  phone: string;
  email: string | null;
  comment: string;
  createdAt: Date;
}

/**
 * The letter to the branch: who asks, for which model, how to answer. Plain text: the branch's
 * mailbox shows it as it is, and nothing the visitor typed can become markup in it.
 */
export function offerRequestLetter(row: OfferRequestLetterInput): { subject: string; text: string } {
  const model = row.modelName ?? 'модель удалена из каталога';
  const lines = [
    'Запрос коммерческого предложения с сайта.',
    '',
    `Модель: ${model}${row.modelCode ? ` (код товара ${row.modelCode})` : ''}`,
    ...(row.modelUrl ? [`Страница модели: ${row.modelUrl}`] : []),
    `Филиал: ${row.branchName ?? 'не определён'}`,
    '',
    `Имя: ${row.name}`,
    `Телефон: ${formatPhoneDisplay(row.phone)}`,
    `E-mail: ${row.email ?? 'не указан'}`,
    `Комментарий: ${row.comment || 'нет'}`,
    `Получено: ${row.createdAt.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })} (МСК)`,
    '',
    `Номер запроса: ${row.id}. Подготовьте предложение и свяжитесь с клиентом в рабочее время филиала.`,
  ];
  return { subject: `Запрос КП №${row.id}: ${model} — ${row.name}`, text: lines.join('\n') };
}

/** `?page=` of the employees' list: a positive whole number, anything else the first page. */
export function pageNumber(raw: string | null): number {
  return raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
