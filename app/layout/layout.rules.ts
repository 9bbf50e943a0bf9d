/** Spec §9: the mobile menu expands at most to level 2; the header reacts to scroll every 100 ms. */
export const MOBILE_MENU_MAX_LEVEL = 2;
export const SCROLL_THROTTLE_MS = 100;
/** Spec §9: the footer is revealed 2 s after page load. */
export const FOOTER_REVEAL_MS = 2000;

/**
 * Mobile drill-down menu (spec §2, §4): level 0 is the main list, level 1 the machinery categories,
 * level 2 one category's subcategories (shown with their own children, not drilled further).
 */
export interface MobileMenuState { level: 0 | 1 | 2; categoryId: number | null }

export const MOBILE_MENU_START: MobileMenuState = { level: 0, categoryId: null };

export function drillDown(state: MobileMenuState, categoryId?: number): MobileMenuState {
  if (state.level >= MOBILE_MENU_MAX_LEVEL) return state;
  if (state.level === 0) return { level: 1, categoryId: null };
  return { level: 2, categoryId: categoryId ?? null };
}

export function goBack(state: MobileMenuState): MobileMenuState {
  if (state.level === 2) return { level: 1, categoryId: null };
  return MOBILE_MENU_START;
}

/** Items expand into a deeper level only below level 2. */
export function canExpand(state: MobileMenuState): boolean {
  return state.level < MOBILE_MENU_MAX_LEVEL;
}

/**
 * Spec §2: the mobile header hides when scrolling down past its own height and returns when
 * scrolling up. Returns whether it should be hidden after a scroll from `previousY` to `y`.
 */
export function headerHiddenAfterScroll(previousY: number, y: number, headerHeight: number, hidden: boolean): boolean {
  if (y <= headerHeight) return false;
  if (y > previousY) return true;
  if (y < previousY) return false;
  return hidden;
}

/** 'Звонок по {country} бесплатный' needs the dative of the country's name. */
export function countryDative(code: 'RU' | 'KZ'): string {
  return code === 'KZ' ? 'Казахстану' : 'России';
}

/**
 * Spec §2: the spare-parts link carries ref_t=p.btn, ref_c (the path controller) and ref_i
 * (the path reference id) of the page it is clicked on.
 */
/**
 * Whether a header link to `to` is the current section, as React Router's NavLink decides: the path
 * (without its query) is the current one or one of its parents.
 */
export function isCurrentSection(pathname: string, to: string): boolean {
  const path = to.split(/[?#]/, 1)[0]!;
  return pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}

export function sparePartsHref(alias: { controller: string; referenceId: number | null }): string {
  const params = new URLSearchParams({ ref_t: 'p.btn', ref_c: alias.controller, ref_i: alias.referenceId === null ? '' : String(alias.referenceId) });
  return `/zapchasti?${params.toString()}`;
}

export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: A;
  return (...args: A) => {
    latest = args;
    const now = Date.now();
    const wait = ms - (now - last);
    if (wait <= 0) {
      last = now;
      fn(...args);
    } else if (!timer) {
      // A trailing call with the latest arguments, so the final scroll position is never missed.
      timer = setTimeout(() => { timer = null; last = Date.now(); fn(...latest); }, wait);
    }
  };
}

/**
 * Arrow-key movement in a list of `count` items (WAI-ARIA menu keys): ↓/↑ go to the next/previous
 * item and wrap around, Home/End go to the first/last. `current` is -1 when no item has focus.
 * Returns null for any other key (the caller lets the browser handle it).
 */
export function arrowKeyIndex(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowDown': return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp': return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return null;
  }
}
