import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FOOTER_REVEAL_MS, MOBILE_MENU_MAX_LEVEL, MOBILE_MENU_START, SCROLL_THROTTLE_MS,
  arrowKeyIndex, canExpand, countryDative, drillDown, goBack, headerHiddenAfterScroll, isCurrentSection, sparePartsHref, throttle,
} from './layout.rules.ts';
import { LOGIN_TOOLTIP_DELAY_MS } from '#app/components/page/layout-ui.tsx';

describe('mobile drill-down menu (spec §2, §4: levels 0 to 2)', () => {
  it('goes main list → categories → one category, and no deeper', () => {
    const one = drillDown(MOBILE_MENU_START);
    expect(one).toEqual({ level: 1, categoryId: null });
    const two = drillDown(one, 7);
    expect(two).toEqual({ level: 2, categoryId: 7 });
    expect(drillDown(two, 9)).toBe(two);
    expect(MOBILE_MENU_MAX_LEVEL).toBe(2);
  });
  it('expands items only below level 2', () => {
    expect(canExpand({ level: 0, categoryId: null })).toBe(true);
    expect(canExpand({ level: 1, categoryId: null })).toBe(true);
    expect(canExpand({ level: 2, categoryId: 3 })).toBe(false);
  });
  it('goes back one level at a time', () => {
    expect(goBack({ level: 2, categoryId: 3 })).toEqual({ level: 1, categoryId: null });
    expect(goBack({ level: 1, categoryId: null })).toEqual(MOBILE_MENU_START);
  });
});

describe('mobile header on scroll (spec §2)', () => {
  it('stays while within its own height', () => {
    expect(headerHiddenAfterScroll(0, 40, 56, false)).toBe(false);
  });
  it('hides scrolling down past its height, returns scrolling up', () => {
    expect(headerHiddenAfterScroll(50, 120, 56, false)).toBe(true);
    expect(headerHiddenAfterScroll(300, 280, 56, true)).toBe(false);
  });
});

describe('constants of spec §9', () => {
  it('pins the timings', () => {
    expect(SCROLL_THROTTLE_MS).toBe(100);
    expect(FOOTER_REVEAL_MS).toBe(2000);
    expect(LOGIN_TOOLTIP_DELAY_MS).toBe(300);
  });
});

describe('contacts and links', () => {
  it('names the free-call country', () => {
    expect(countryDative('RU')).toBe('России');
    expect(countryDative('KZ')).toBe('Казахстану');
  });
  it('builds the spare-parts link with ref_t, ref_c and ref_i', () => {
    expect(sparePartsHref({ controller: 'category', referenceId: 12 })).toBe('/zapchasti?ref_t=p.btn&ref_c=category&ref_i=12');
    expect(sparePartsHref({ controller: 'other', referenceId: null })).toBe('/zapchasti?ref_t=p.btn&ref_c=other&ref_i=');
  });
});

describe('throttle', () => {
  afterEach(() => { vi.useRealTimers(); });
  it('runs at most once per interval and keeps the trailing call', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const f = throttle((n: number) => seen.push(n), 100);
    f(1); f(2); f(3);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([1, 3]);
  });
});

describe('arrowKeyIndex (catalogue menu keys)', () => {
  it('moves down and up with wrap-around, Home and End go to the ends', () => {
    expect(arrowKeyIndex('ArrowDown', 0, 3)).toBe(1);
    expect(arrowKeyIndex('ArrowDown', 2, 3)).toBe(0);
    expect(arrowKeyIndex('ArrowUp', 0, 3)).toBe(2);
    expect(arrowKeyIndex('ArrowUp', 2, 3)).toBe(1);
    expect(arrowKeyIndex('Home', 2, 3)).toBe(0);
    expect(arrowKeyIndex('End', 0, 3)).toBe(2);
  });
  it('starts at the first (↓) or the last (↑) item when none has focus', () => {
    expect(arrowKeyIndex('ArrowDown', -1, 4)).toBe(0);
    expect(arrowKeyIndex('ArrowUp', -1, 4)).toBe(3);
  });
  it('ignores other keys and empty lists', () => {
    expect(arrowKeyIndex('ArrowRight', 0, 3)).toBeNull();
    expect(arrowKeyIndex('a', 0, 3)).toBeNull();
    expect(arrowKeyIndex('ArrowDown', -1, 0)).toBeNull();
  });
});

describe('the header\'s current section (as React Router\'s NavLink marks it)', () => {
  it('is the link\'s path or one of its children, whatever the link\'s query', () => {
    expect(isCurrentSection('/blog', '/blog')).toBe(true);
    expect(isCurrentSection('/blog/novaya-seyalka', '/blog')).toBe(true);
    expect(isCurrentSection('/blogs', '/blog')).toBe(false);
    expect(isCurrentSection('/', '/blog')).toBe(false);
    expect(isCurrentSection('/zapchasti/versatile/mfwd', '/zapchasti?ref_t=p.btn&ref_c=category')).toBe(true);
    expect(isCurrentSection('/zapchasti-old', '/zapchasti?ref_t=p.btn')).toBe(false);
  });
});
