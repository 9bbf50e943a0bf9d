import { textField } from '#app/lib/text.ts';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, VALIDATION_MESSAGES, nameField, phoneDigits } from '#app/lib/validation.ts';
import type { PictureView } from '#app/lib/picture.ts';
import { z } from '#app/lib/zod.ts';

export { EMAIL_PATTERN, phoneDigits };

/** Texts of the 'write us' form; name, phone, e-mail and consent are the spec's §5 messages. */
export const FEEDBACK_MESSAGES = {
  name: VALIDATION_MESSAGES.name,
  phone: VALIDATION_MESSAGES.phone,
  email: VALIDATION_MESSAGES.emailHyphenated,
  message: 'Напишите, пожалуйста, ваш вопрос',
  messageTooLong: 'Сообщение слишком длинное: не более 2000 символов',
  consent: VALIDATION_MESSAGES.consent,
  thanks: 'Спасибо! Мы получили ваше сообщение и свяжемся с вами в рабочее время филиала.',
  tooMany: 'Вы отправили слишком много сообщений. Попробуйте ещё раз позже или позвоните нам',
} as const;

export const FEEDBACK_MESSAGE_MAX = 2000;

/** 'Write us' is open to guests: limits per address keep it from becoming a spam gateway. */
export const FEEDBACK_RATE_LIMITS = [
  { name: 'feedback:ip:10min', limit: 5, windowMs: 10 * 60_000 },
  { name: 'feedback:ip:day', limit: 30, windowMs: 24 * 60 * 60_000 },
];


/** Every text refuses control characters first (app/lib/text.ts); the message may span lines. */
export const feedbackInput = z.object({
  name: nameField(),
  phone: textField('Номер телефона', { error: FEEDBACK_MESSAGES.phone }).refine((v) => /^\d{11,12}$/.test(phoneDigits(v)), FEEDBACK_MESSAGES.phone),
  email: textField('E-mail', { error: FEEDBACK_MESSAGES.email }).trim().max(MAX_EMAIL_LENGTH, FEEDBACK_MESSAGES.email).optional().default('')
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), FEEDBACK_MESSAGES.email),
  message: textField('Сообщение', { error: FEEDBACK_MESSAGES.message, multiline: true }).trim().min(1, FEEDBACK_MESSAGES.message).max(FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGES.messageTooLong),
  acceptGDPR: z.union([z.literal(true), z.literal('true'), z.literal('1'), z.literal('on')], { error: FEEDBACK_MESSAGES.consent }),
  pageUrl: textField('Адрес страницы').max(500).optional(),
});

export type FeedbackInput = z.infer<typeof feedbackInput>;

export const pageAliasQuery = z.object({
  path: textField('Путь страницы', { error: 'Не указан путь страницы' }).min(1, 'Не указан путь страницы').max(500).startsWith('/', 'Путь страницы должен начинаться с /'),
});

/** 'part': a part's page, derived from its path (`/parts/{slug}-{id}`, ADR 033), never stored. */
export interface PageAlias { controller: 'category' | 'model-line' | 'model' | 'part' | 'other'; referenceId: number | null }

export interface PageView { slug: string; title: string; metaDescription: string; lead: string; bodyHtml: string }

export interface PromotionView { id: number; title: string; text: string; link: string; badge: string; endsOn: string; picture: PictureView | null }
