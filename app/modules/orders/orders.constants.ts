/**
 * The orders' numbers, labels and messages (issue 10 points 5 and 6, ADR 041). Browser code imports
 * this file: no zod, no server code.
 */

/** Attachments: each file at most 10 MB, at most 5 files per order. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_MAX_FILES = 5;
/** What the picker offers; the server checks the content, not the name. */
export const ATTACHMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.gif,.doc,.docx,.xls,.xlsx,.odt,.ods';
export const ATTACHMENT_KINDS_LABEL = 'PDF, изображения (PNG, JPEG, WebP, GIF), документы Word, Excel, OpenDocument';

/** Lines one order takes (the cart holds at most 200). */
export const ORDER_MAX_LINES = 200;
export const ORDER_COUNT_MAX = 9999;
export const COMMENT_MAX_LENGTH = 2000;
export const ADDRESS_MAX_LENGTH = 500;
/**
 * Orders a buyer may place (issue 28 point 3, token buckets of ADR 010): an account 30 at once and
 * then one every 2 minutes (a dealer's customer orders a few times a day; each order writes letters
 * to him and to the branch); a network address, shared by an office or a mobile operator's NAT, 60
 * at once and then one a minute. An order not created (refused, or a repeat of its key) gives its
 * tokens back: the limits count orders, not attempts.
 */
export const ORDER_LIMIT_PER_ACCOUNT = { name: 'order:account', limit: 30, windowMs: 60 * 60_000 } as const;
export const ORDER_LIMIT_PER_ADDRESS = { name: 'order:ip', limit: 60, windowMs: 60 * 60_000 } as const;

/** The idempotency key: 8..100 characters of [A-Za-z0-9_-] (a UUID fits). Kept at least this long. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
export const IDEMPOTENCY_KEEP_HOURS = 48;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const DELIVERY_METHODS = ['pickup', 'calc', 'terminals'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  pickup: 'Самовывоз из филиала',
  calc: 'Доставка по адресу',
  terminals: 'Доставка до терминала транспортной компании',
};

/** Spec-less, issue 29: the states staff move an order through (ADR 075). */
export const ORDER_STATUSES = ['new', 'in_work', 'assembled', 'shipped', 'issued', 'closed', 'cancelled'] as const;
export type OrderStatusCode = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatusCode, string> = {
  new: 'Новый',
  in_work: 'В работе',
  assembled: 'Собран',
  shipped: 'Отгружен',
  issued: 'Выдан',
  closed: 'Закрыт',
  cancelled: 'Отменён',
};

/** Where an order may go from each state (orders.rules.ts `statusMove` adds the conditions). */
export const ORDER_TRANSITIONS: Record<OrderStatusCode, readonly OrderStatusCode[]> = {
  new: ['in_work', 'cancelled'],
  in_work: ['assembled', 'cancelled'],
  assembled: ['shipped', 'issued', 'cancelled'],
  shipped: ['closed'],
  issued: ['closed'],
  closed: [],
  cancelled: [],
};

/** A cancellation's reason: required, at most this long. */
export const CANCEL_REASON_MAX = 500;

export const ORDER_WORK_MESSAGES = {
  notFound: 'Заказ не найден',
  moved: 'Заказ уже в другом статусе: обновите страницу',
  notAllowed: (from: string, to: string) => `Из статуса «${from}» нельзя перейти в «${to}»`,
  unpriced: 'Не у всех позиций есть цена: назовите цены позиций «по запросу»',
  unconfirmed: 'Покупатель ещё не подтвердил названные цены',
  pickupOnly: 'Заказ с доставкой отгружают, а не выдают',
  deliveryOnly: 'Заказ с самовывозом выдают, а не отгружают',
  reasonRequired: 'Укажите причину отмены',
  reasonTooLong: `Причина отмены — не больше ${CANCEL_REASON_MAX} символов`,
  priceInvalid: 'Укажите цену числом больше нуля, не больше двух знаков после запятой',
  lineNotFound: 'Позиция не найдена',
  lineNotOnRequest: 'Цена этой позиции уже известна',
  closedForPricing: 'Цены можно назвать, пока заказ новый или в работе',
  nothingToConfirm: 'Подтверждать нечего',
  confirmed: 'Цены подтверждены',
} as const;

export const MY_ORDERS_PATH = '/profile/orders';
export const MY_ORDERS_TITLE = 'Мои заказы';
/** The confirmation page: `/cart/order/{number}` (its address since guests could order: letters sent then link to it). */
export const orderPath = (number: string) => `/cart/order/${encodeURIComponent(number)}`;
export const attachmentPath = (number: string, id: number) => `/cart/order/${encodeURIComponent(number)}/files/${id}`;

export const ORDER_MESSAGES = {
  created: 'Заказ оформлен',
  badProducts: 'Не удалось прочитать список товаров заказа. Обновите страницу корзины и попробуйте ещё раз',
  noProducts: 'Отметьте в корзине товары для заказа',
  tooManyProducts: `В одном заказе может быть не больше ${ORDER_MAX_LINES} позиций`,
  badLineId: 'id позиции корзины — целое положительное число',
  badCount: `Количество — целое число от 1 до ${ORDER_COUNT_MAX}`,
  badPrice: 'Цена — целое неотрицательное число',
  badStock: 'Наличие — целое неотрицательное число',
  duplicateLine: 'Одна позиция корзины указана в заказе дважды',
  unknownLines: 'Некоторых позиций уже нет в вашей корзине. Обновите страницу корзины',
  badBranch: 'Выберите филиал',
  unknownBranch: 'Такого филиала нет. Выберите филиал из списка',
  badMethod: 'Выберите способ получения: самовывоз, доставка по адресу или до терминала',
  noAddress: 'Укажите адрес доставки',
  noTerminal: 'Выберите терминал транспортной компании',
  badDeliveryPrice: 'Стоимость доставки — целое неотрицательное число',
  badDeliveryPoint: 'Не удалось прочитать адрес доставки. Выберите адрес из подсказок ещё раз',
  badTerminalId: 'Терминал указан неверно. Выберите терминал на карте или в списке ещё раз',
  badCompany: 'Транспортная компания указана неверно',
  unknownTerminal: 'Такого терминала нет. Выберите терминал на карте или в списке ещё раз',
  deliveryChanged: (was: string, now: string) => `Стоимость доставки изменилась: было ${was}, стало ${now}`,
  deliveryNowUnknown: (was: string) => `Стоимость доставки (${was}) сейчас не рассчитать — её назовёт менеджер`,
  deliveryNowKnown: (now: string) => `Стоимость доставки рассчитана: ${now}`,
  noCreditLine: 'У вас нет кредитного лимита: выберите оплату без отсрочки',
  tooLong: (label: string, max: number) => `Поле "${label}" — не длиннее ${max} символов`,
  noIdempotencyKey: `Не передан ключ повтора (заголовок ${IDEMPOTENCY_HEADER}): обновите страницу и отправьте заказ ещё раз`,
  keyReused: 'Этот ключ повтора уже использован для другого заказа. Обновите страницу и отправьте заказ ещё раз',
  changed: 'Пока вы оформляли заказ, изменились цены или наличие. Проверьте список и подтвердите заказ ещё раз',
  priceChanged: (name: string, was: string, now: string) => `«${name}»: цена изменилась с ${was} на ${now}`,
  noPrice: (name: string) => `«${name}»: цена теперь по запросу — позиция войдёт в заказ, цену назовёт менеджер`,
  priceKnown: (name: string, now: string) => `«${name}»: цена теперь известна — ${now}`,
  notEnough: (name: string, wanted: number, left: number) =>
    left > 0 ? `«${name}»: в наличии только ${left} шт., а в заказе ${wanted} — остальное привезём под заказ`
      : `«${name}»: нет в наличии в выбранном филиале — привезём под заказ`,
  mixedCurrencies: 'В заказе товары в разных валютах: оформите их отдельными заказами',
  creditRefused: (balance: string) => `Сумма заказа больше остатка кредитного лимита (${balance}). Уменьшите заказ или выберите оплату без кредита`,
  badType: (name: string) => `Файл «${name}» не принят: можно прикладывать ${ATTACHMENT_KINDS_LABEL}. Тип проверяется по содержимому файла`,
  emptyFile: (name: string) => `Файл «${name}» пустой`,
  notFound: 'Заказ не найден',
  fileNotFound: 'Файл не найден',
  signInToList: 'Войдите, чтобы увидеть свои заказы',
  failed: 'Не удалось оформить заказ. Попробуйте ещё раз через минуту',
  rateLimited: (minutes: number) => `Слишком много заказов подряд. Попробуйте через ${minutes} мин.`,
  signInToOrder: 'Войдите, чтобы оформить заказ: корзина сохранится',
} as const;
