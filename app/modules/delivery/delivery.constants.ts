/**
 * The delivery module's numbers and texts (issue "Cart, delivery and orders", point 3; spec §3, §5,
 * §8, §9). Browser code imports this file: no zod, no server code.
 */

/** Spec §3 Delivery method; spec §9: pickup by default. */
export const DELIVERY_METHODS = ['pickup', 'calc', 'terminals'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DEFAULT_DELIVERY_METHOD: DeliveryMethod = 'pickup';

export const METHOD_LABELS: Record<DeliveryMethod, string> = {
  pickup: 'Самовывоз',
  calc: 'Доставка до адреса',
  terminals: 'До терминала ТК',
};

/** The transport companies of the terminals method (spec §3 transportCompany). */
export const CARRIERS = ['cdek', 'dellin', 'pek'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const CARRIER_NAMES: Record<Carrier, string> = { cdek: 'СДЭК', dellin: 'Деловые Линии', pek: 'ПЭК' };

/** Nearest terminals shown per company: enough to choose from, few enough for a phone's list. */
export const TERMINALS_PER_CARRIER = 3;
/** Terminals farther than this from the address are offered only when a company has none closer. */
export const TERMINAL_RADIUS_KM = 150;

/** Distinct parts one price request may carry: the cart's own limit (200 lines). */
export const DELIVERY_MAX_PARTS = 200;
export const DELIVERY_MAX_COUNT = 9999;
/** Above this checked total the request is not a shop's cart (minor units would overflow later). */
export const DELIVERY_MAX_PRICE = 1_000_000_000;
/** Suggestions: the query's length limits and how many come back. */
export const SUGGEST_MIN_CHARS = 3;
export const SUGGEST_MAX_CHARS = 200;
export const SUGGEST_LIMIT = 7;
/** Milliseconds the address field waits after the last key before it asks. */
export const SUGGEST_DEBOUNCE_MS = 250;

export const DELIVERY_MESSAGES = {
  failCalc: 'Не удалось рассчитать доставку — менеджер уточнит стоимость',
  failTerminals: 'Не удалось рассчитать доставку до терминала — менеджер уточнит стоимость',
  conditionsNotMet: 'Укажите адрес и отметьте товары с ценой — тогда рассчитаем доставку',
  noTerminals: 'Рядом с этим адресом нет терминалов транспортных компаний',
  noSuggestions: 'Адрес не найден в подсказках — уточните его или используйте введённый',
  useTyped: 'Использовать введённый адрес',
  locating: 'Ищем адрес на карте…',
  /** Issue 28 §4 point 13: a typed address priced to the nearest place the directory knows. */
  approximate: (place: string) => `Стоимость приблизительная: точного адреса нет в справочнике, доставку посчитали до «${place}». Менеджер уточнит её при подтверждении заказа.`,
  /** The terminals of a typed address: found near the nearest place the directory knows. */
  approximateTerminals: (place: string) => `Точного адреса нет в справочнике — показываем терминалы рядом с «${place}».`,
  suggestFailed: 'Подсказки адресов сейчас недоступны — введите адрес полностью',
  loading: 'Рассчитываем доставку…',
  terminalsLoading: 'Ищем ближайшие терминалы…',
  cheapest: 'Дешевле всего',
  fastest: 'Быстрее всего',
  // Boundary (4xx) messages
  badCoords: 'Укажите координаты адреса: coords {lat, long} — широта от -90 до 90, долгота от -180 до 180',
  badAddress: 'Укажите адрес доставки: address {country, city, region, district, street, house}',
  badAddressText: 'Поле "Адрес" содержит недопустимые символы',
  badBranch: 'branch — номер филиала, целое положительное число',
  unknownBranch: 'Филиал не найден',
  badParts: `Укажите товары: parts — список из {id, count}, не больше ${DELIVERY_MAX_PARTS} позиций`,
  badPartId: 'id товара — целое положительное число',
  badCount: `count — целое число от 1 до ${DELIVERY_MAX_COUNT}`,
  unknownParts: 'Некоторые товары не найдены в каталоге',
  badPrice: 'price — сумма отмеченных товаров, число не меньше 0',
  badCarrier: 'transportCompany — одна из транспортных компаний: cdek, dellin, pek',
  unknownTerminal: 'Терминал не найден у этой транспортной компании',
  terminalWithoutCarrier: 'Укажите вместе transportCompany и idTerminal',
  carrierRequired: 'Укажите transportCompany и idTerminal: транспортную компанию и её терминал или null для доставки до адреса',
  badTerminal: 'idTerminal — номер терминала, целое положительное число',
  badQuery: `Введите от ${SUGGEST_MIN_CHARS} до ${SUGGEST_MAX_CHARS} символов адреса`,
  tooManyRequests: 'Слишком много запросов подсказок. Попробуйте через минуту',
  tooManyPriceRequests: 'Слишком много расчётов доставки. Попробуйте через минуту',
} as const;
