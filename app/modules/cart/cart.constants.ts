/**
 * The cart's numbers and messages (issue 9: 'add to cart'; the cart page of issue 10 uses the same).
 * Browser code imports this file: no zod, no server code.
 */

/** Distinct parts one cart holds. A dealer's largest orders are a few dozen lines; 200 keeps one visitor from growing a table without bound. */
export const CART_ITEMS_LIMIT = 200;
/** The most of one part a line holds; an order of more goes through a manager. */
export const CART_COUNT_MAX = 9999;
/** Products one `POST /api/cart/add` may carry (a drawing's whole list at once fits). */
export const CART_ADD_MAX_PRODUCTS = 50;

/** Recommended parts shown beside the cart. */
export const CART_REC_ITEMS = 12;

/**
 * Where the browser keeps the lines the visitor unchecked (spec §3: 'checked' is a local flag,
 * default true). Unchecked ids, not checked ones: a line added elsewhere is checked without a write.
 */
export const CART_UNCHECKED_STORAGE_KEY = 'cart:unchecked';

/**
 * A guest's cart size for the header, readable by the page's script (not HttpOnly). A guest's pages
 * come from the page cache and carry no per-visitor data; the cart endpoints set this cookie when a
 * guest's cart changes, and clear it for signed-in visitors, whose pages carry the count. Only a
 * display hint: the cart itself is in the database. ADR 035.
 */
export const CART_COUNT_COOKIE = 'cart_count';

export const CART_MESSAGES = {
  added: 'Добавлено в корзину',
  noProducts: 'Укажите товары: products — список из {part_id, count}',
  tooManyProducts: `За один раз можно добавить не больше ${CART_ADD_MAX_PRODUCTS} товаров`,
  badPartId: 'part_id — целое положительное число',
  badCount: `count — целое число от 1 до ${CART_COUNT_MAX}`,
  unknownParts: (ids: number[]) =>
    ids.length === 1 ? `Запчасть с id ${ids[0]} не найдена в каталоге` : `Запчасти с id ${ids.join(', ')} не найдены в каталоге`,
  badLineId: 'id — целое положительное число (номер строки корзины) или список таких чисел',
  noLineIds: 'Укажите, что удалить: id — номер строки корзины или список номеров',
  tooManyLineIds: `За один раз можно удалить не больше ${CART_ITEMS_LIMIT} строк — столько вмещает корзина`,
  lineNotFound: (ids: readonly number[]) =>
    ids.length === 1 ? `Строки ${ids[0]} нет в вашей корзине` : `Строк ${ids.join(', ')} нет в вашей корзине`,
  changed: 'Количество изменено',
  removed: (n: number) => (n === 1 ? 'Товар удалён из корзины' : `Удалено из корзины: ${n}`),
  badBranch: 'branchId — номер филиала, целое положительное число',
  unknownBranch: 'Такого филиала нет. Выберите филиал из списка',
  badCoords: 'Укажите координаты: lat — широта от -90 до 90, long — долгота от -180 до 180',
  noBranches: 'Филиалы ещё не заведены',
  noSupplierOffer: (ids: readonly number[]) =>
    ids.length === 1 ? `Запчасти с id ${ids[0]} нет в предложениях поставщиков — заказать её под заказ нельзя`
      : `Запчастей с id ${ids.join(', ')} нет в предложениях поставщиков — заказать их под заказ нельзя`,
  supplierTooMany: (ids: readonly number[]) => `Столько не заказать у поставщика (id ${ids.join(', ')}): с учётом минимального заказа и кратности выходит больше ${CART_COUNT_MAX} шт.`,
  supplierRounded: (count: number) => `Количество изменено: у поставщика заказ от минимальной партии и кратно упаковке — ${count} шт.`,
  limit: `В корзине уже ${CART_ITEMS_LIMIT} позиций — это наибольшее число. Оформите заказ или уберите ненужные, чтобы добавить новые`,
} as const;
