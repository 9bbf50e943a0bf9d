/** Spec: the last 20 models each visitor viewed; the parts history keeps as many of each kind (parts, parts catalogues). */
export const PARTS_HISTORY_LIMIT = 20;
export const PARTS_HISTORY_MESSAGES = {
  badItem: 'Укажите просмотренное: partId (запчасть) или lineId (каталог запчастей модельного ряда) — целое положительное число',
} as const;
