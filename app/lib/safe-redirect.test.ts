import { describe, expect, it } from 'vitest';
import { AUTH_SOCIAL_PATH } from '#app/modules/auth/oauth/oauth.constants.ts';
import { HOSTILE_REDIRECTS } from './safe-redirect.cases.ts';
import { MAX_REDIRECT_LENGTH, NO_RETURN_PATHS, redirectTarget, safeRedirect } from './safe-redirect.ts';

describe('safeRedirect: same-site paths only, checked after normalisation', () => {
  it('keeps paths of this site with their query and hash', () => {
    expect(safeRedirect('/')).toBe('/');
    expect(safeRedirect('/profile/bookmarks')).toBe('/profile/bookmarks');
    expect(safeRedirect('/catalog?page=2#top')).toBe('/catalog?page=2#top');
    expect(safeRedirect('/search?q=100%25')).toBe('/search?q=100%25');
    expect(safeRedirect('/search?q=a//b')).toBe('/search?q=a//b');
    expect(safeRedirect('/a//b')).toBe('/a//b');
    expect(safeRedirect('/каталог')).toBe('/%D0%BA%D0%B0%D1%82%D0%B0%D0%BB%D0%BE%D0%B3');
  });

  it('resolves dot segments, plain and percent-encoded, before deciding', () => {
    expect(safeRedirect('/catalog/../cart')).toBe('/cart');
    expect(safeRedirect('/catalog/%2e%2e/cart')).toBe('/cart');
    expect(safeRedirect('/../../cart')).toBe('/cart');
    expect(safeRedirect('/./profile')).toBe('/profile');
  });

  it(`refuses each of the ${HOSTILE_REDIRECTS.length} hostile addresses`, () => {
    expect(HOSTILE_REDIRECTS.length).toBeGreaterThanOrEqual(30);
    for (const bad of HOSTILE_REDIRECTS) expect(safeRedirect(bad), JSON.stringify(bad)).toBeNull();
  });

  it('refuses what is not text', () => {
    for (const bad of [null, undefined, 42, {}, ['/'], true]) expect(safeRedirect(bad)).toBeNull();
  });

  it('takes addresses up to the length limit', () => {
    expect(MAX_REDIRECT_LENGTH).toBe(2048);
    const longest = `/${'a'.repeat(2047)}`;
    expect(safeRedirect(longest)).toBe(longest);
    expect(safeRedirect(`${longest}a`)).toBeNull();
  });

  it('never returns into the social sign-in start (it would loop)', () => {
    expect(NO_RETURN_PATHS).toContain(AUTH_SOCIAL_PATH);
    expect(safeRedirect('/auth-socialist')).toBe('/auth-socialist');
  });

  it('redirectTarget falls back to the home page or the given address', () => {
    expect(redirectTarget('//evil.example')).toBe('/');
    expect(redirectTarget('/.//evil.example', '/profile')).toBe('/profile');
    expect(redirectTarget('/cart')).toBe('/cart');
  });
});
