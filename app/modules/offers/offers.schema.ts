import { textField } from '#app/lib/text.ts';
import { z } from '#app/lib/zod.ts';

/*
 * Commercial offers (КП, spec §3 Offer, issue 30; ADR 083): what an offer holds, as 1C sends it to
 * `POST /api/exchange/offers` and as the offer's versions keep it. Every sum is an integer in minor
 * units of the offer's currency (kopecks for 643); dates are 'dd.mm.yyyy' as in the spec.
 */

export const OFFER_VARIANTS = ['multi-technique', 'single-technique', 'spare-parts', 'engineer'] as const;
export type OfferVariant = (typeof OFFER_VARIANTS)[number];
export const OFFER_VARIANT_LABELS: Record<OfferVariant, string> = {
  'multi-technique': 'Несколько машин',
  'single-technique': 'Одна машина',
  'spare-parts': 'Запчасти',
  engineer: 'Работы инженера',
};

export const OFFER_SOURCES = ['1C', '1C-QR', '1C-Personal', '1C-Personal-QR'] as const;
export type OfferSource = (typeof OFFER_SOURCES)[number];

/** Spec §9 currencies by their ISO 4217 numeric code: 643 is the rouble. */
export const OFFER_CURRENCIES = { 643: 'RUB', 398: 'KZT', 840: 'USD', 978: 'EUR', 156: 'CNY' } as const;
export type OfferCurrencyCode = keyof typeof OFFER_CURRENCIES;

export const PAYMENT_TYPES = ['prepayment', 'booking', 'installment', 'leasing', 'loan', 'credit', 'sber'] as const;

export const OFFER_STATES = ['draft', 'sent', 'accepted', 'cancelled'] as const;
export type OfferState = (typeof OFFER_STATES)[number];
export const OFFER_STATE_LABELS: Record<OfferState, string> = { draft: 'Черновик', sent: 'Отправлено', accepted: 'Принято', cancelled: 'Отменено' };

export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  prepayment: 'Предоплата', booking: 'Бронирование', installment: 'Рассрочка', leasing: 'Лизинг', loan: 'Заём', credit: 'Кредит', sber: 'СберБизнес',
};

export const OFFER_MESSAGES = {
  exchangeOff: 'Обмен с 1С не настроен: задайте EXCHANGE_USER и EXCHANGE_PASSWORD',
  exchangeDenied: 'Неверный логин или пароль обмена с 1С',
  notJson: 'Ожидались предложения в формате JSON: { "offers": [ … ] }',
  accepted: 'Предложение уже принято клиентом и не меняется',
  unknownBranch: (code: string) => `Филиал с кодом «${code}» не найден`,
  notFound: 'Предложение не найдено',
  importFile: (title: string) => `Документ «${title}»: 1С передаёт документы ссылкой (url); файл к предложению загружает менеджер в редакторе`,
  importImage: 'Изображение: 1С передаёт фото ссылкой (url); файл к предложению загружает менеджер в редакторе',
} as const;

/** Most offers one exchange call may carry. */
export const OFFERS_PER_IMPORT = 100;

const DATE = /^(0[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])\.(\d{4})$/;
/** 'dd.mm.yyyy' that names a real day. */
const ruDate = z.string().regex(DATE, 'Дата — в виде дд.мм.гггг').refine((v) => {
  const [d, m, y] = v.split('.').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCDate() === d && date.getUTCMonth() === m - 1;
}, 'Такой даты нет');

const text = (label: string, max: number) => textField(label).trim().min(1, `Поле «${label}» не заполнено`).max(max, `Поле «${label}» длиннее ${max} символов`);
const optionalText = (label: string, max: number) => textField(label).trim().max(max, `Поле «${label}» длиннее ${max} символов`).optional();
/** A sum in minor units: a whole number, not negative, below 10¹³ (a hundred billion roubles). */
const money = z.number({ error: 'Сумма — целое число в копейках' }).int('Сумма — целое число в копейках').min(0, 'Сумма не может быть отрицательной').max(1e13, 'Слишком большая сумма');
const count = z.number({ error: 'Количество — целое число' }).int('Количество — целое число').min(0, 'Количество не может быть отрицательным').max(100_000);
const percent = z.number().min(0).max(100);
const coords = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]);

/** An option's id where another field names it: refused with the same rules as the id (no control characters or broken Unicode, which the stored JSON cannot hold). */
const optionId = textField('id опции').max(64, 'Поле «id опции» длиннее 64 символов');

/** A side of a unit, in whole centimetres (a combine's header is under 20 m). */
const side = (label: string) => z.number({ error: `${label} — целое число сантиметров` }).int(`${label} — целое число сантиметров`).min(1, `${label} — от 1 до 3000 см`).max(3000, `${label} — от 1 до 3000 см`).optional();

/** A file uploaded in the editor (offers_file, ADR 102): its id; name, type and size as stored. */
const storedFile = z.object({
  id: z.uuid('Файл документа не найден'),
  name: text('Имя файла', 200),
  mime: text('Тип файла', 100),
  size: z.number().int().positive().max(2 ** 31 - 1),
});

/**
 * Where a video of an offer may be (ADR 102): the big video hosts, opened in a new tab. The page never
 * embeds a player (no third-party script, spec §7 and ADR 086), and a link elsewhere could lead anywhere.
 */
export const VIDEO_HOSTS = ['youtube.com', 'youtu.be', 'rutube.ru', 'vk.com', 'vkvideo.ru', 'dzen.ru', 'vimeo.com'] as const;
export const VIDEO_HOST_MESSAGE = `Видео — ссылка на ${VIDEO_HOSTS.join(', ')}`;

/** An https address on one of VIDEO_HOSTS (or their subdomains: www., m.), with no user name or port. */
export function videoHostAllowed(url: string): boolean {
  let parsed: URL;
  try { parsed = new URL(url); } catch { return false; }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) return false;
  const host = parsed.hostname.toLowerCase();
  return VIDEO_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/** The kinds of document the editor offers (1C may send any text as a type). */
export const OFFER_DOCUMENT_TYPES = ['Спецификация', 'Договор', 'Счёт', 'Паспорт и сертификаты', 'Буклет', 'Инструкция', 'Прочее'] as const;

const option = z.object({
  id: text('id опции', 64),
  name: text('Название опции', 300),
  price: money,
  count: count.default(1),
  /** Included in the machine's price (shown, not charged). */
  isIncluded: z.boolean().default(false),
  /** Required for the machine (a catalogue model's required option, ADR 102): it stays chosen. */
  required: z.boolean().optional(),
  /** Rules between options: this one needs those, or cannot go with those (ids of the same product). */
  requires: z.array(optionId).max(50).default([]),
  excludes: z.array(optionId).max(50).default([]),
});

const product = z.object({
  id: text('id позиции', 64),
  kind: z.enum(['machine', 'part', 'work'], { error: 'Вид позиции: machine, part или work' }),
  name: text('Название позиции', 300),
  /** The catalogue's model code or the part's number, when it is one of ours. */
  code: optionalText('Код', 64),
  prices: z.object({
    price: money,
    default_price: money,
    count: count.min(1, 'Количество — не меньше 1'),
    sale: money.default(0),
    /** Discount in percent of the default price. */
    discount: percent.default(0),
    delivery: money.default(0),
    original_currency: z.number().int().optional(),
    commissioning_total: money.default(0),
  }),
  counts: z.array(z.object({ term: text('Срок', 100), count })).max(20).default([]),
  options: z.array(option).max(200).default([]),
  productOptionsConfig: z.object({ hiddenPriceOptionsIds: z.array(optionId).max(200).default([]) }).default({ hiddenPriceOptionsIds: [] }),
  /** An engineer's work: hours and the hourly rate. */
  hours: z.number().min(0).max(10_000).optional(),
  rate: money.optional(),
  /**
   * One unit's size in centimetres and mass in kilograms, for the carriers' delivery price (ADR 088).
   * Where the offer names no mass, the catalogue's is used (the model's 'Масса', the part's weight).
   */
  dimensions: z.object({
    length: side('Длина'),
    width: side('Ширина'),
    height: side('Высота'),
    weight: z.number({ error: 'Масса — число килограммов' }).positive('Масса — больше 0 кг').max(200_000, 'Масса — не больше 200 000 кг').optional(),
  }).optional(),
});

const shipment = z.object({
  type: z.enum(['pickup', 'delivery']),
  date: ruDate.optional(),
  subsidiary: optionalText('Филиал отгрузки', 200),
  destination: optionalText('Место назначения', 300),
  term: optionalText('Срок', 100),
});

const payment = z.object({
  type: z.enum(PAYMENT_TYPES, { error: `Вид оплаты: ${PAYMENT_TYPES.join(', ')}` }),
  amount: money,
  initial_fee: money.default(0),
  /** Months. */
  term: z.number().int().min(0).max(120).default(0),
  details: z.array(z.object({ date: ruDate, percentage: percent, sum: money, prepay: money.default(0) })).max(240).default([]),
});

const place = z.object({ addres: text('Адрес', 300), coordinates: coords.optional() });

/** One offer as 1C sends it; `external_id` is 1C's own id, by which a later import updates it. */
export const offerImport = z.object({
  external_id: text('external_id', 100),
  variant: z.enum(OFFER_VARIANTS, { error: `Вариант предложения: ${OFFER_VARIANTS.join(', ')}` }),
  source: z.enum(OFFER_SOURCES, { error: `Источник: ${OFFER_SOURCES.join(', ')}` }),
  valid_date: ruDate,
  currency_code: z.number().int().refine((c) => c in OFFER_CURRENCIES, `Валюта: ${Object.keys(OFFER_CURRENCIES).join(', ')}`),
  /** The branch that makes the offer, by its code (region_branch.code). */
  branch_code: text('Код филиала', 16),
  folder: optionalText('Папка', 200),
  manager: z.object({ name: text('Менеджер', 200), email: optionalText('E-mail менеджера', 254), phone: optionalText('Телефон менеджера', 20) }),
  client: z.object({
    name: text('Клиент', 300),
    company: optionalText('Организация', 300),
    inn: z.string().regex(/^(\d{10}|\d{12})$/, 'ИНН — 10 или 12 цифр').optional(),
    phone: z.string().regex(/^\d{11,12}$/, 'Телефон клиента — 11 или 12 цифр'),
    email: optionalText('E-mail клиента', 254),
  }),
  delivery_price: money.default(0),
  delivery: z.object({ address: text('Адрес доставки', 300), price: money, coords: coords.optional(), deliveryIncluded: z.boolean().default(false) }).optional(),
  delivery_point: place.optional(),
  dispatch_point: place.optional(),
  delivery_method: z.enum(['pickup', 'delivery']).default('pickup'),
  products: z.array(product).min(1, 'В предложении нет позиций').max(200),
  shipment: z.array(shipment).max(20).default([]),
  payments: z.array(payment).max(10).default([]),
  /** Documents: a link (1C's) or a file uploaded in the editor (ADR 102), with its type. */
  docs: z.array(z.object({
    title: text('Документ', 300),
    url: z.url({ protocol: /^https$/, error: 'Ссылка на документ — адрес https://' }).optional(),
    file: storedFile.optional(),
    type: optionalText('Тип документа', 100),
  }).refine((d) => (d.url === undefined) !== (d.file === undefined), 'У документа — либо ссылка, либо загруженный файл')).max(50, 'Не более 50 документов').default([]),
  use_cases: z.array(z.object({ id: text('id сценария', 64), title: text('Сценарий', 300), description: optionalText('Описание сценария', 1000) })).max(50, 'Не более 50 сценариев').default([]),
  /** The use cases the client marked (ids of `use_cases`). */
  selected_use_cases: z.array(optionId).max(50).default([]),
  /**
   * Pictures (a link, or a picture uploaded in the editor and kept as AVIF/WebP variants, ADR 077) and
   * video links to the hosts of VIDEO_HOSTS only (opened there: the offer's page loads no player).
   */
  media: z.array(z.object({
    type: z.enum(['image', 'video'], { error: 'Вид материала: image или video' }),
    url: z.url({ protocol: /^https$/, error: 'Ссылка — адрес https://' }).optional(),
    image: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Изображение не найдено'), width: z.number().int().positive().max(100_000), height: z.number().int().positive().max(100_000) }).optional(),
    title: optionalText('Подпись', 300),
  }).superRefine((m, ctx) => {
    if (m.type === 'video') {
      if (m.image || m.url === undefined) ctx.addIssue({ code: 'custom', message: 'Укажите ссылку на видео' });
      else if (!videoHostAllowed(m.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: VIDEO_HOST_MESSAGE });
    } else if ((m.url === undefined) === (m.image === undefined)) ctx.addIssue({ code: 'custom', message: 'У изображения — либо ссылка, либо загруженный файл' });
  })).max(50, 'Не более 50 фото и видео').default([]),
}).superRefine((offer, ctx) => {
  offer.products.forEach((p, i) => {
    const path = ['products', i, 'options'];
    const byId = new Map(p.options.map((o) => [o.id, o]));
    if (byId.size !== p.options.length) ctx.addIssue({ code: 'custom', path, message: `У позиции «${p.name}» повторяются id опций` });
    for (const o of p.options) {
      for (const other of [...o.requires, ...o.excludes]) {
        if (!byId.has(other)) ctx.addIssue({ code: 'custom', path, message: `Опция «${o.name}» ссылается на неизвестную опцию ${other}` });
      }
      const problem = optionRuleProblem(p.options, o);
      if (problem) ctx.addIssue({ code: 'custom', path, message: problem });
    }
  });
});
export type OfferImport = z.infer<typeof offerImport>;

/**
 * Why an option breaks its rules with the others chosen, or null: spec's 'A requires B' and 'A
 * excludes C' between a product's chosen options (count above 0), and a required one left out.
 */
export function optionRuleProblem(options: ReadonlyArray<{ id: string; name: string; count: number; requires: readonly string[]; excludes: readonly string[] }>, option: { name: string; count: number; required?: boolean; requires: readonly string[]; excludes: readonly string[] }): string | null {
  if (option.count === 0) return option.required ? `Опция «${option.name}» обязательна для этой машины` : null;
  const chosen = new Map(options.filter((o) => o.count > 0).map((o) => [o.id, o]));
  const missing = option.requires.find((id) => !chosen.has(id));
  if (missing !== undefined) return `Опция «${option.name}» требует опцию «${options.find((o) => o.id === missing)?.name ?? missing}»`;
  const clash = option.excludes.find((id) => chosen.has(id));
  if (clash !== undefined) return `Опция «${option.name}» несовместима с опцией «${chosen.get(clash)!.name}»`;
  return null;
}

/** The exchange call's body: `{ offers: [ … ] }`. */
export const offersImport = z.object({ offers: z.array(z.unknown()).min(1, 'Нет предложений').max(OFFERS_PER_IMPORT, `Не более ${OFFERS_PER_IMPORT} предложений за раз`) });

/** What a version keeps: the offer as it was sent, less the ids that identify it. */
export type OfferContent = Omit<OfferImport, 'external_id' | 'branch_code'>;

/** An offer's answer to the exchange: its hash and the client's link, or why it was refused. */
export type ImportResult =
  | { external_id: string; ok: true; hash: string; link: string; version: number; created: boolean }
  | { external_id: string | null; ok: false; status: 400 | 409; message: string; path?: string };

/** The staff's list filters, from the query string: anything malformed reads as absent. */
export const staffOfferFilter = z.object({
  state: z.enum(OFFER_STATES).optional().catch(undefined),
  branch: z.coerce.number().int().positive().max(2 ** 31 - 1).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
