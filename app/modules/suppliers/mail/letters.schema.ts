import { z } from '#app/lib/zod.ts';

/*
 * Suppliers' letters read from the price-list mailbox (issue 32 §2, ADR 095): what the cabinet and
 * the quarantine show of them, and the limits a letter is taken by.
 */

export type LetterState = 'accepted' | 'quarantined' | 'failed';
export type AttachmentState = 'received' | 'quarantined' | 'refused' | 'processed' | 'failed';

export const LETTER_STATE_LABELS: Record<LetterState, string> = {
  accepted: 'Принято',
  quarantined: 'На проверке',
  failed: 'Отклонено',
};

export const ATTACHMENT_STATE_LABELS: Record<AttachmentState, string> = {
  received: 'Получен, ждёт обработки',
  quarantined: 'На проверке у менеджера',
  refused: 'Не сохранён',
  processed: 'Обработан',
  failed: 'Ошибка обработки',
};

/** A letter larger than this is refused whole (its size is known before it is downloaded). */
export const MAX_LETTER_BYTES = 50 * 1024 * 1024;
/** Attachments one letter may carry (inline pictures of a signature are not counted). */
export const MAX_ATTACHMENTS = 20;
/** What a quarantined letter's attachments may take together; the rest are not kept. */
export const MAX_QUARANTINE_BYTES = 10 * 1024 * 1024;
/** Letters one reading of the mailbox takes; the rest wait for the next. */
export const LETTERS_PER_RUN = 200;
/** Letters a page of the cabinet's list shows. */
export const LETTERS_PAGE_SIZE = 25;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} МБ`;

export const LETTER_MESSAGES = {
  tooLarge: (size: number, max = MAX_LETTER_BYTES) => `Письмо больше ${mb(max)} (${mb(size)}): не принято, пришлите прайс-лист в архиве или загрузите его в кабинете`,
  tooManyAttachments: (count: number, max = MAX_ATTACHMENTS) => `В письме ${count} вложений, а принимаем не больше ${max}: пришлите файлы несколькими письмами или архивом`,
  unreadable: 'Письмо не удалось прочитать: оно повреждено или в неизвестном формате',
  noAttachments: 'В письме нет вложений: прайс-лист нужно приложить файлом',
  unknownSender: 'Отправитель не зарегистрирован ни у одного поставщика',
  noSender: 'В письме нет адреса отправителя',
  mailNotAllowed: (name: string) => `Приём прайс-листов по почте у поставщика «${name}» не включён`,
  quarantineFull: `Вложения письма на проверке занимают больше ${mb(MAX_QUARANTINE_BYTES)}: этот файл не сохранён`,
  notFound: 'Письмо не найдено',
  fileNotFound: 'Файл не найден',
  organisation: 'Выберите поставщика',
  assigned: 'Письмо передано поставщику',
  deleted: 'Письмо удалено',
  alreadyHandled: 'Письмо уже разобрано другим сотрудником',
  senderTaken: (email: string, owner: string) => `Адрес ${email} уже принадлежит поставщику «${owner}»: письмо не передано`,
} as const;

/** An employee's decision on a quarantined letter. */
export const quarantineDecision = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('assign'),
    organisationId: z.coerce.number({ error: LETTER_MESSAGES.organisation }).int().min(1, LETTER_MESSAGES.organisation).max(2_147_483_647, LETTER_MESSAGES.organisation),
    addSender: z.literal('on').optional().transform((v) => v === 'on'),
  }),
  z.object({ intent: z.literal('delete') }),
]);
export type QuarantineDecision = z.infer<typeof quarantineDecision>;
