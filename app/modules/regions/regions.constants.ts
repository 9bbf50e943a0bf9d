/** Spec §3 and §9. */
export const KAZAKHSTAN_COUNTRY_ID = 115;
export const RUSSIA_ROOT_ID = 3220;
export const KAZAKHSTAN_ROOT_ID = 3221;
export const DEFAULT_CITY = 'Смоленск';
export const MAP_ZOOM = 5;
/** The page reloads this long after a region is saved (spec §4). */
export const RELOAD_AFTER_SAVE_MS = 1000;
/** Spec §2 contacts dropdown: the hours of the sales and service lines. */
export const CONTACT_HOURS = 'Пн–Пт 08:00–17:00';
