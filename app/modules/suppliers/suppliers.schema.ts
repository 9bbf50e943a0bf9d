import { textField } from '#app/lib/text.ts';
import { MAX_EMAIL_LENGTH } from '#app/lib/validation.ts';
import { z } from '#app/lib/zod.ts';
import { isValidInn } from '#app/modules/regions/requisites.rules.ts';

/*
 * What employees set of a supplier organisation at /suppliers/admin (issue 32, ADR 091): who it is,
 * which ways in it may use, and the rules its price lists are read by.
 */

export const SUPPLIER_SOURCES = ['mail', 'upload', 'api'] as const;
export type SupplierSource = (typeof SUPPLIER_SOURCES)[number];
export const SOURCE_LABELS: Record<SupplierSource, string> = { mail: 'Почта', upload: 'Загрузка файла', api: 'API' };

export const SUPPLIER_CURRENCIES = ['RUB', 'KZT', 'USD', 'EUR', 'CNY'] as const;
export const MISSING_ROWS = ['deactivate', 'delete', 'keep'] as const;
export type MissingRows = (typeof MISSING_ROWS)[number];
export const MISSING_ROWS_LABELS: Record<MissingRows, string> = {
  deactivate: 'Снимать с продажи',
  delete: 'Удалять',
  keep: 'Оставлять как есть',
};

/** Markup steps an organisation may have; the form shows this many rows. */
export const MAX_MARKUP_RULES = 5;
/** Letters' addresses an organisation may have. */
export const MAX_SENDERS = 20;
/** Live API tokens an organisation may hold at once. */
export const MAX_API_TOKENS = 10;

export const SUPPLIER_MESSAGES = {
  name: 'Укажите название организации (до 200 символов)',
  nameTaken: 'Поставщик с таким названием уже есть',
  inn: 'ИНН — 10 или 12 цифр, контрольные цифры не сходятся',
  sender: 'Адрес отправителя указан неверно',
  senders: `Не больше ${MAX_SENDERS} адресов`,
  senderTaken: (email: string, owner: string) => `Адрес ${email} уже принадлежит поставщику «${owner}»`,
  leadTime: 'Срок поставки — целое число дней от 0 до 365',
  markup: 'Наценка: цена от — неотрицательное число рублей, процент — от −100 до 1000, цены по возрастанию без повторов',
  threshold: 'Порог — целое число процентов от 0 до 100',
  notFound: 'Поставщик не найден',
  email: 'Укажите e-mail пользователя',
  userElsewhere: (owner: string) => `Этот пользователь уже работает у поставщика «${owner}»`,
  userStaff: 'Сотрудник компании не может быть пользователем поставщика',
  tokenName: 'Назовите токен (до 100 символов), например «Выгрузка из 1С»',
  tooManyTokens: `У поставщика уже ${MAX_API_TOKENS} действующих токенов: отзовите ненужный`,
  tokenShownOnce: 'Скопируйте токен сейчас: он показывается один раз и нигде не хранится в открытом виде.',
  saved: 'Настройки сохранены',
  noOrganisation: 'Ваша учётная запись не привязана к поставщику: обратитесь к менеджеру компании',
} as const;

/** How long an invitation's link works (ADR 101). */
export const INVITATION_DAYS = 7;

export const INVITATION_MESSAGES = {
  invited: `Приглашение отправлено: по ссылке из письма пользователь войдёт или зарегистрируется и попадёт в кабинет поставщика. Ссылка действует ${INVITATION_DAYS} дней.`,
  invalid: 'Приглашение недействительно: ссылка устарела или уже использована. Попросите менеджера «Агротехники» пригласить вас снова.',
  otherEmail: (email: string) => `Приглашение отправлено на адрес ${email}: войдите или зарегистрируйтесь с этим адресом.`,
} as const;

const SENDER_EMAIL = /^[^\s@]+@[^\s@]+\.[a-z0-9-]{2,63}$/i;

/** An address a letter can go to: one @, a domain with a dot, no spaces or control characters, at most 254 characters. */
export function isEmailAddress(address: string): boolean {
  return address.length <= MAX_EMAIL_LENGTH && !/[\u0000-\u001f\u007f]/.test(address) && SENDER_EMAIL.test(address);
}

export const newSupplierInput = z.object({
  name: textField('Название').trim().min(1, SUPPLIER_MESSAGES.name).max(200, SUPPLIER_MESSAGES.name),
  inn: textField('ИНН').default('').transform((v) => v.replace(/\s+/g, '')).refine((v) => v === '' || isValidInn(v), SUPPLIER_MESSAGES.inn),
});
export type NewSupplierInput = z.infer<typeof newSupplierInput>;

/** Whole roubles typed with spaces or a decimal comma, as kopecks; null when it is not a sum. */
function kopecks(value: string): number | null {
  const clean = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

const markupRule = z.object({ from: z.string().max(20), percent: z.string().max(10) });

export const supplierSettingsInput = newSupplierInput.extend({
  sources: z.array(z.enum(SUPPLIER_SOURCES)).max(SUPPLIER_SOURCES.length).transform((v) => SUPPLIER_SOURCES.filter((s) => v.includes(s))),
  senders: textField('Адреса отправителей', { multiline: true }).max(MAX_SENDERS * (MAX_EMAIL_LENGTH + 2), SUPPLIER_MESSAGES.senders)
    .transform((v) => [...new Set(v.split(/[\s,;]+/).map((e) => e.trim().toLowerCase()).filter(Boolean))])
    .refine((list) => list.length <= MAX_SENDERS, SUPPLIER_MESSAGES.senders)
    .refine((list) => list.every((e) => e.length <= MAX_EMAIL_LENGTH && SENDER_EMAIL.test(e)), SUPPLIER_MESSAGES.sender),
  currency: z.enum(SUPPLIER_CURRENCIES),
  leadTimeDays: z.string().regex(/^\d{1,3}$/, SUPPLIER_MESSAGES.leadTime).transform(Number).refine((n) => n <= 365, SUPPLIER_MESSAGES.leadTime),
  markupRules: z.array(markupRule).max(MAX_MARKUP_RULES, SUPPLIER_MESSAGES.markup)
    .transform((rows, ctx) => {
      const rules: Array<{ from: number; percent: number }> = [];
      for (const row of rows) {
        if (row.from.trim() === '' && row.percent.trim() === '') continue;
        const from = kopecks(row.from);
        const percent = Number(row.percent.trim().replace(',', '.').replace('−', '-'));
        if (from === null || row.percent.trim() === '' || !Number.isFinite(percent) || percent < -100 || percent > 1000) {
          ctx.addIssue({ code: 'custom', message: SUPPLIER_MESSAGES.markup });
          return z.NEVER;
        }
        rules.push({ from, percent: Math.round(percent * 100) / 100 });
      }
      if (rules.some((r, i) => i > 0 && r.from <= rules[i - 1]!.from)) {
        ctx.addIssue({ code: 'custom', message: SUPPLIER_MESSAGES.markup });
        return z.NEVER;
      }
      return rules;
    }),
  autoPublishMaxChange: z.string().regex(/^\d{1,3}$/, SUPPLIER_MESSAGES.threshold).transform(Number).refine((n) => n <= 100, SUPPLIER_MESSAGES.threshold),
  missingRows: z.enum(MISSING_ROWS),
});
export type SupplierSettingsInput = z.infer<typeof supplierSettingsInput>;

export const tokenNameInput = textField('Название токена').trim().min(1, SUPPLIER_MESSAGES.tokenName).max(100, SUPPLIER_MESSAGES.tokenName);

/** The markup that applies to a supplier's price: the last step whose `from` it reaches; 0 below the first. */
export function markupFor(rules: ReadonlyArray<{ from: number; percent: number }>, price: number): number {
  let percent = 0;
  for (const rule of rules) if (price >= rule.from) percent = rule.percent;
  return percent;
}
