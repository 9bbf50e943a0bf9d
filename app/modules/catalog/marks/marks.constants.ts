/**
 * Comparison, favourites and browsing history (issue 8 points 6–8).
 *
 * A comparison table is read across: past ten columns nobody compares anything, so each technique
 * type (tractors, seeders, sprayers …) holds at most ten models. Types are compared separately, so
 * a visitor may keep tractors and seeders side by side in two tables at once.
 */
export const COMPARE_LIMIT_PER_TYPE = 10;
/** How many product codes a shared /compare/{codes} address may carry; more is refused with a message. */
export const COMPARE_CODES_MAX = 50;
/** Spec: the last 20 models each visitor viewed. */
export const HISTORY_LIMIT = 20;
/** A bookmarks list is a shopping list, not an archive; the cap (models and parts together) keeps one account from growing without bound. */
export const BOOKMARKS_LIMIT = 500;
/** Product codes are short and URL-safe (catalog_model.product_code). */
export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;

export const COMPARE_PATH = '/compare';
export const BOOKMARKS_PATH = '/profile/bookmarks';

export const MARKS_MESSAGES = {
  compareAdded: 'Товар добавлен в сравнение',
  compareRemoved: 'Товар убран из сравнения',
  compareLimit: (typeName: string) =>
    `В сравнении уже ${COMPARE_LIMIT_PER_TYPE} моделей типа «${typeName}» — это наибольшее число. Уберите одну из них, чтобы добавить новую`,
  bookmarkAdded: 'Товар добавлен в избранное',
  bookmarkRemoved: 'Товар убран из избранного',
  bookmarkLimit: `В избранном уже ${BOOKMARKS_LIMIT} товаров — это наибольшее число. Уберите ненужные, чтобы добавить новый`,
  bookmarkNeedsSignIn: 'Войдите, чтобы добавлять товары в избранное',
  unknownModel: 'Такой модели нет в каталоге',
  unknownPart: 'Такой запчасти нет в каталоге',
  badModelId: 'Укажите модель: modelId — целое положительное число',
  badModelIds: `Укажите модели: modelIds — от 1 до ${COMPARE_CODES_MAX} целых положительных чисел`,
  badPartId: 'Укажите запчасть: partId — целое положительное число',
  badBookmarkTarget: 'Укажите товар: modelId (техника) или partId (запчасть) — целое положительное число',
  tooManyCodes: `В адресе сравнения больше ${COMPARE_CODES_MAX} товаров: покажем первые ${COMPARE_CODES_MAX}`,
  unknownCodes: (codes: string[]) =>
    codes.length === 1 ? `Товар с кодом ${codes[0]} не найден — он не показан` : `Товары с кодами ${codes.join(', ')} не найдены — они не показаны`,
  compareEmpty: 'В сравнении пока нет товаров',
  bookmarksEmpty: 'В избранном пока ничего нет',
  modelBookmarksEmpty: 'Техники в избранном нет',
  partBookmarksEmpty: 'Запчастей в избранном нет',
} as const;
