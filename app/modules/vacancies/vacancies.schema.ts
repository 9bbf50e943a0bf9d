import { textField } from '#app/lib/text.ts';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, VALIDATION_MESSAGES, nameField, phoneDigits } from '#app/lib/validation.ts';
import { z } from '#app/lib/zod.ts';
import type { VacancyApplicationStatus, VacancyEmployment, VacancyStatus } from '#app/.server/db/schema.ts';

/**
 * The boundary of the vacancies (ADR 092): the visitor's application (the same schema in the form and
 * at `POST /api/vacancies/apply`), the list's filters, the editor's vacancy and HR's status change.
 * Isomorphic.
 */

export type { VacancyApplicationStatus, VacancyEmployment, VacancyStatus };

export const APPLICATION_MESSAGE_MAX = 2000;

export const VACANCY_MESSAGES = {
  versionUnfit: 'Эту версию нельзя восстановить: её поля не подходят к нынешней форме вакансии.',
  restored: (n: number) => `Восстановлена версия ${n}: её текст стал текстом вакансии.`,
  name: VALIDATION_MESSAGES.name,
  phone: VALIDATION_MESSAGES.phone,
  email: VALIDATION_MESSAGES.emailHyphenated,
  consent: VALIDATION_MESSAGES.consent,
  messageTooLong: `Сопроводительное письмо слишком длинное: не более ${APPLICATION_MESSAGE_MAX} символов`,
  badVacancy: 'Не указана вакансия',
  unknownVacancy: 'Эта вакансия уже закрыта или снята с публикации. Обновите страницу',
  cvMissing: 'Приложите резюме: файл PDF, DOC, DOCX, RTF или ODT',
  cvEmpty: 'Файл резюме пустой. Выберите другой файл',
  cvType: (name: string) => `Файл «${name}» не похож на резюме: принимаются PDF, DOC, DOCX, RTF и ODT. Проверьте, что файл не переименован из другого формата`,
  tooMany: 'Вы отправили слишком много откликов. Попробуйте ещё раз позже или позвоните в филиал',
  // The editor's.
  title: 'Укажите название вакансии: до 160 символов',
  slug: 'Адрес: латинские буквы, цифры и дефисы, до 120 символов',
  slugTaken: 'Такой адрес уже есть у другой вакансии',
  city: 'Укажите город: до 80 символов',
  branch: 'Выберите филиал',
  direction: 'Выберите направление',
  salary: 'Укажите зарплату целым числом рублей или тенге, например 85 000, или оставьте поле пустым',
  salaryOrder: 'Зарплата «от» не может быть больше зарплаты «до»',
  employment: 'Выберите вид занятости',
  text: (label: string, max: number) => `${label}: не более ${max} символов`,
  date: 'Укажите дату и время как ДД.ММ.ГГГГ ЧЧ:ММ или оставьте поле пустым',
  validThrough: 'Укажите дату как ГГГГ-ММ-ДД или оставьте поле пустым',
  notFound: 'Вакансия не найдена',
  saved: 'Черновик сохранён',
  published: 'Вакансия опубликована',
  scheduled: 'Вакансия будет опубликована в указанное время',
  unpublished: 'Вакансия снята с публикации',
  // HR's.
  statusChanged: 'Состояние отклика изменено',
  statusRefused: 'Это состояние отклика уже изменили. Обновите страницу',
  applicationNotFound: 'Отклик не найден',
  alias: 'Адрес списка: латинские буквы, цифры и дефисы, начиная с буквы, до 40 символов',
  aliasTaken: 'Такой адрес списка уже занят другим филиалом или направлением',
  hrEmail: 'Укажите e-mail специалиста по персоналу, например hr@agrotechnika.ru',
  branchSaved: 'Адрес филиала для откликов сохранён',
  branchNotYours: 'Это не ваш филиал',
} as const;

export const EMPLOYMENT_LABELS: Record<VacancyEmployment, string> = {
  full_time: 'Полная занятость', part_time: 'Частичная занятость', temporary: 'Временная работа', internship: 'Стажировка',
};
export const EMPLOYMENTS = Object.keys(EMPLOYMENT_LABELS) as VacancyEmployment[];

export const VACANCY_STATUS_LABELS: Record<VacancyStatus | 'scheduled', string> = { draft: 'Черновик', published: 'Опубликована', scheduled: 'Запланирована' };

export const APPLICATION_STATUS_LABELS: Record<VacancyApplicationStatus, string> = {
  new: 'Новый', in_review: 'На рассмотрении', invited: 'Приглашён на собеседование', rejected: 'Отказ',
};
export const APPLICATION_STATUSES = Object.keys(APPLICATION_STATUS_LABELS) as VacancyApplicationStatus[];

/** Spec §5: 11 or 12 digits, typed with any punctuation; stored as the digits. */
const phone = textField('Номер телефона', { error: VACANCY_MESSAGES.phone })
  .max(40, VACANCY_MESSAGES.phone)
  .transform(phoneDigits)
  .refine((digits) => /^\d{11,12}$/.test(digits), VACANCY_MESSAGES.phone);

const email = textField('E-mail', { error: VACANCY_MESSAGES.email }).trim()
  .max(MAX_EMAIL_LENGTH, VACANCY_MESSAGES.email)
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), VACANCY_MESSAGES.email)
  .optional().default('');

/** The form's 152-ФЗ consent checkbox, as JSON or as a form posts it. */
const consent = z.union([z.literal(true), z.literal('true'), z.literal('1'), z.literal('on')], { error: VACANCY_MESSAGES.consent });

/**
 * The application's text fields (`POST /api/vacancies/apply`, multipart with one file `cv`). The
 * browser's form checks the same fields; the CV is checked by its content on the server.
 */
export const applicationInput = z.object({
  vacancyId: z.union([z.number(), z.string()], { error: VACANCY_MESSAGES.badVacancy })
    .transform((v) => (typeof v === 'number' ? v : /^[1-9]\d{0,8}$/.test(v) ? Number(v) : NaN))
    .refine((v) => Number.isInteger(v) && v > 0 && v < 2 ** 31, VACANCY_MESSAGES.badVacancy),
  name: nameField(),
  phone,
  email,
  message: textField('Сопроводительное письмо', { multiline: true }).trim().max(APPLICATION_MESSAGE_MAX, VACANCY_MESSAGES.messageTooLong).optional().default(''),
  acceptGDPR: consent,
});
export type ApplicationInput = z.infer<typeof applicationInput>;

/** `/vacancies?city=…&direction=…`: unknown values are a 404 of the page (the route checks them). */
export const vacanciesQuery = z.object({
  city: z.string().max(80).optional().catch(undefined),
  direction: z.string().max(40).optional().catch(undefined),
});
export type VacanciesQuery = z.infer<typeof vacanciesQuery>;

const line = (label: string, max: number) => textField(label).trim().max(max, VACANCY_MESSAGES.text(label, max));
const block = (label: string, max: number) => textField(label, { multiline: true }).max(max, VACANCY_MESSAGES.text(label, max))
  .transform((v) => v.replace(/\r\n?/g, '\n').split('\n').map((s) => s.trim()).filter(Boolean).join('\n'));

/** A salary typed in whole units ('85 000'), kept in minor units; empty: not named. */
const salary = z.string().max(20, VACANCY_MESSAGES.salary).transform((v, ctx) => {
  const digits = v.replace(/[\s\u00a0]/g, '');
  if (digits === '') return null;
  if (!/^[1-9]\d{0,9}$/.test(digits)) { ctx.addIssue({ code: 'custom', message: VACANCY_MESSAGES.salary }); return z.NEVER; }
  return Number(digits) * 100;
});

/** The editor's form (`/admin/vacancies/{id}`). */
export const vacancyInput = z.object({
  branchId: z.string().regex(/^[1-9]\d{0,8}$/, VACANCY_MESSAGES.branch).transform(Number),
  directionId: z.string().regex(/^[1-9]\d{0,8}$/, VACANCY_MESSAGES.direction).transform(Number),
  title: line('Название', 160).min(1, VACANCY_MESSAGES.title),
  slug: z.string().trim().max(120, VACANCY_MESSAGES.slug).refine((v) => v === '' || /^[a-z0-9][a-z0-9-]{0,119}$/.test(v), VACANCY_MESSAGES.slug),
  city: line('Город', 80),
  lead: textField('Коротко о вакансии', { multiline: true }).trim().max(600, VACANCY_MESSAGES.text('Коротко о вакансии', 600)),
  salaryFrom: salary,
  salaryTo: salary,
  employment: z.enum(EMPLOYMENTS as [VacancyEmployment, ...VacancyEmployment[]], { error: VACANCY_MESSAGES.employment }),
  schedule: line('График', 120),
  duties: block('Обязанности', 4000),
  requirements: block('Требования', 4000),
  conditions: block('Условия', 4000),
  publishedAt: z.string().trim().refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v), VACANCY_MESSAGES.date),
  validThrough: z.string().trim().refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), VACANCY_MESSAGES.validThrough),
}).superRefine((v, ctx) => {
  if (v.salaryFrom !== null && v.salaryTo !== null && v.salaryFrom > v.salaryTo) ctx.addIssue({ code: 'custom', path: ['salaryTo'], message: VACANCY_MESSAGES.salaryOrder });
});
export type VacancyInput = z.infer<typeof vacancyInput>;

export const vacancyIntent = z.enum(['save', 'publish', 'unpublish']).catch('save');

/** HR's change of an application's state. */
export const applicationStatusInput = z.object({
  status: z.enum(APPLICATION_STATUSES as [VacancyApplicationStatus, ...VacancyApplicationStatus[]]),
  from: z.enum(APPLICATION_STATUSES as [VacancyApplicationStatus, ...VacancyApplicationStatus[]]),
});

/** A branch's vacancies page and HR address (`/admin/vacancies/branches`). */
export const branchHrInput = z.object({
  branchId: z.string().regex(/^[1-9]\d{0,8}$/, VACANCY_MESSAGES.branch).transform(Number),
  alias: z.string().trim().toLowerCase().regex(/^[a-z][a-z0-9-]{0,39}$/, VACANCY_MESSAGES.alias),
  hrEmail: textField('E-mail', { error: VACANCY_MESSAGES.hrEmail }).trim().max(MAX_EMAIL_LENGTH, VACANCY_MESSAGES.hrEmail)
    .refine((v) => EMAIL_PATTERN.test(v), VACANCY_MESSAGES.hrEmail),
});
export type BranchHrInput = z.infer<typeof branchHrInput>;

/** The applications' list filter. */
export const applicationsFilter = z.object({
  status: z.enum(APPLICATION_STATUSES as [VacancyApplicationStatus, ...VacancyApplicationStatus[]]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

// ---- Views (what the pages carry) ----

export interface DirectionView { id: number; slug: string; name: string }

export interface VacancyCard {
  id: number;
  slug: string;
  title: string;
  city: string;
  lead: string;
  branch: { id: number; name: string; alias: string };
  direction: DirectionView;
  /** 'от 80 000 руб.', 'до 120 000 ₸', '80 000 – 120 000 руб.'; null: not named. */
  salary: string | null;
  employment: string;
  schedule: string;
  link: string;
  publishedAt: string;
}

export interface VacancyDetails extends VacancyCard {
  duties: string[];
  requirements: string[];
  conditions: string[];
  salaryFrom: number | null;
  salaryTo: number | null;
  currency: 'RUB' | 'KZT';
  employmentCode: VacancyEmployment;
  validThrough: string | null;
  branchAddress: string;
  updatedAt: string;
}

/** `/vacancies`: the visible vacancies grouped by city, then by branch; the filters' choices. */
export interface VacanciesPage {
  groups: Array<{ city: string; branches: Array<{ id: number; name: string; alias: string; vacancies: VacancyCard[] }> }>;
  total: number;
  cities: string[];
  directions: Array<DirectionView & { count: number }>;
  filter: { city: string | null; direction: string | null };
}

/** `/vacancies/{alias}/{slug?}`: a branch's or a direction's vacancies, and the one opened. */
export interface VacancyAliasPage {
  alias: { kind: 'branch' | 'direction'; slug: string; name: string; city: string | null };
  vacancies: VacancyCard[];
  active: VacancyDetails | null;
}

export interface ApplicationView {
  id: number;
  vacancy: { id: number; title: string; link: string | null };
  branch: { id: number; name: string };
  name: string;
  phone: string;
  email: string | null;
  message: string;
  cv: { name: string; size: number; mime: string };
  status: VacancyApplicationStatus;
  deliveryState: 'pending' | 'sent' | 'failed';
  createdAt: string;
}
