import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lockScroll, SCROLLBAR_GAP_VAR, scrollLockCount } from './scroll-lock.ts';

// Vitest runs in node here (no DOM package installed): a hand-made stub of the few
// browser pieces scroll-lock touches — <html>'s inline style, its width and the window width.
function fakeStyle(initial: Record<string, string>) {
  const style = {
    ...initial,
    setProperty(name: string, value: string) {
      (style as Record<string, unknown>)[name] = value;
    },
    removeProperty(name: string) {
      delete (style as Record<string, unknown>)[name];
    },
  };
  return style as typeof style & Record<string, string | undefined>;
}

let style: ReturnType<typeof fakeStyle>;

// cssPaddingRight: padding from stylesheets; an inline padding, when set, wins as in a browser.
function stubPage({ scrollbar, cssPaddingRight = '0px', inlinePaddingRight = '' }: { scrollbar: number; cssPaddingRight?: string; inlinePaddingRight?: string }) {
  style = fakeStyle({ overflow: 'auto', paddingRight: inlinePaddingRight });
  const computed = inlinePaddingRight || cssPaddingRight;
  vi.stubGlobal('document', { documentElement: { style, clientWidth: 1000 - scrollbar } });
  vi.stubGlobal('window', { innerWidth: 1000 });
  vi.stubGlobal('getComputedStyle', () => ({ paddingRight: computed }));
}

beforeEach(() => stubPage({ scrollbar: 15 }));
afterEach(() => {
  expect(scrollLockCount()).toBe(0); // every test must release what it took
  vi.unstubAllGlobals();
});

describe('lockScroll', () => {
  it('hides overflow on <html> and pads by the scrollbar width so the page does not shift', () => {
    const unlock = lockScroll();
    expect(style.overflow).toBe('hidden');
    expect(style.paddingRight).toBe('15px');
    expect(style[SCROLLBAR_GAP_VAR]).toBe('15px');
    unlock();
  });

  it('adds the scrollbar width to padding the page already had', () => {
    stubPage({ scrollbar: 17, cssPaddingRight: '8px' });
    const unlock = lockScroll();
    expect(style.paddingRight).toBe('25px');
    unlock();
  });

  it('adds no padding when there is no scrollbar (overlay scrollbars, phones)', () => {
    stubPage({ scrollbar: 0 });
    const unlock = lockScroll();
    expect(style.overflow).toBe('hidden');
    expect(style.paddingRight).toBe('');
    unlock();
  });

  it('nested locks release only on the last unlock, then restore previous values', () => {
    stubPage({ scrollbar: 15, inlinePaddingRight: '3px' });
    const unlockMenu = lockScroll();
    const unlockDialog = lockScroll();
    expect(scrollLockCount()).toBe(2);

    unlockMenu(); // closing in any order
    expect(style.overflow).toBe('hidden');
    expect(style.paddingRight).toBe('18px');

    unlockDialog();
    expect(style.overflow).toBe('auto');
    expect(style.paddingRight).toBe('3px');
    expect(style[SCROLLBAR_GAP_VAR]).toBeUndefined();
  });

  it('calling one unlock twice does not release another lock', () => {
    const unlockA = lockScroll();
    const unlockB = lockScroll();
    unlockA();
    unlockA(); // e.g. a StrictMode double cleanup
    expect(style.overflow).toBe('hidden');
    unlockB();
    expect(style.overflow).toBe('auto');
  });

  it('does nothing on the server', () => {
    vi.stubGlobal('document', undefined);
    const unlock = lockScroll();
    expect(scrollLockCount()).toBe(0);
    unlock();
  });
});
