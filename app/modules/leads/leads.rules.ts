import { formatMoney } from '#app/lib/money.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { FINANCING_TYPE_LABELS, LEAD_STATUS_LABELS, LEAD_WORK_MESSAGES, type FinancingDetails, type LeadEventView, type LeadView, type LeadStatusCode, type ServiceDetails } from './leads.schema.ts';

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

/**
 * The work states' moves (ADR 078): a new request is taken into work or rejected; one in work is
 * done or rejected; a done or rejected one may be taken back into work (the visitor called again).
 */
export const LEAD_MOVES: Readonly<Record<LeadStatusCode, readonly LeadStatusCode[]>> = {
  new: ['in_work', 'rejected'],
  in_work: ['done', 'rejected'],
  done: ['in_work'],
  rejected: ['in_work'],
};

/** Why `from` → `to` is refused, or null when it is allowed; a rejection needs its reason. */
export function leadMoveRefusal(from: LeadStatusCode, to: LeadStatusCode, reason: string): { status: 400 | 409; message: string } | null {
  if (!LEAD_MOVES[from].includes(to)) return { status: 409, message: LEAD_WORK_MESSAGES.badMove };
  if (to === 'rejected' && reason.trim() === '') return { status: 400, message: LEAD_WORK_MESSAGES.reasonRequired };
  return null;
}

/** A service or financing request as its letter to the branch needs it. */
export interface LeadRequestLetterInput {
  id: number;
  kind: 'service' | 'financing';
  modelName: string | null;
  branchName: string | null;
  name: string;
  phone: string;
  email: string | null;
  comment: string;
  service: ServiceDetails | null;
  financing: FinancingDetails | null;
  createdAt: Date;
  /** The request's page in the back-office, absolute. */
  adminUrl: string;
}

/** The branch's letter of a service or financing request: plain text, as the offer request's. */
export function leadRequestLetter(row: LeadRequestLetterInput): { subject: string; text: string } {
  const model = row.modelName ?? 'не указана';
  const what = row.kind === 'service'
    ? [
        'Заявка на сервис с сайта.',
        '',
        `Техника: ${model}`,
        `Серийный номер: ${row.service?.serial || 'не указан'}`,
        `Что случилось: ${row.service?.problem ?? ''}`,
      ]
    : [
        'Заявка на финансирование с сайта.',
        '',
        `Вид: ${row.financing ? FINANCING_TYPE_LABELS[row.financing.type] : ''}`,
        `Техника: ${model}`,
        ...(row.financing ? [
          `Стоимость: ${formatMoney(row.financing.price, row.financing.currency)}`,
          `Аванс: ${formatMoney(row.financing.advance, row.financing.currency)}`,
          `Срок: ${row.financing.termMonths} мес.`,
        ] : []),
        `Комментарий: ${row.comment || 'нет'}`,
      ];
  const lines = [
    ...what,
    `Филиал: ${row.branchName ?? 'не определён'}`,
    '',
    `Имя: ${row.name}`,
    `Телефон: ${formatPhoneDisplay(row.phone)}`,
    `E-mail: ${row.email ?? 'не указан'}`,
    `Получено: ${row.createdAt.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })} (МСК)`,
    '',
    `Номер заявки: ${row.id}. Заявка в работе сотрудников: ${row.adminUrl}`,
  ];
  const label = row.kind === 'service' ? 'Сервис' : 'Финансирование';
  return { subject: `Заявка ${label} №${row.id}: ${model} — ${row.name}`, text: lines.join('\n') };
}

/** How a history event reads. */
export function leadEventText(e: LeadEventView): string {
  if (e.kind === 'status') return `статус «${e.status ? LEAD_STATUS_LABELS[e.status] : ''}»${e.note ? `: ${e.note}` : ''}`;
  if (e.kind === 'assign') return e.note ? `ответственный: ${e.note}` : 'ответственный снят';
  return `комментарий: ${e.note}`;
}

/** What a request asks for, in a line of the list: the model, and a service request's trouble or a financing request's terms. */
export function leadSubject(lead: Pick<LeadView, 'kind' | 'model' | 'service' | 'financing'>): string {
  const model = lead.model.name ?? 'модель удалена';
  if (lead.kind === 'service' && lead.service) return `${model}${lead.service.serial ? ` (№ ${lead.service.serial})` : ''} — ${lead.service.problem.length > 80 ? `${lead.service.problem.slice(0, 79)}…` : lead.service.problem}`;
  if (lead.kind === 'financing' && lead.financing) {
    const f = lead.financing;
    return `${FINANCING_TYPE_LABELS[f.type]}: ${model}, ${formatMoney(f.price, f.currency)}, аванс ${formatMoney(f.advance, f.currency)}, ${f.termMonths} мес.`;
  }
  return model;
}
