import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.rules.ts';

describe('safeRedirect (same-site paths only)', () => {
  it('accepts paths of this site with their query and hash', () => {
    expect(safeRedirect('/profile/bookmarks')).toBe('/profile/bookmarks');
    expect(safeRedirect('/')).toBe('/');
    expect(safeRedirect('/catalog?page=2#top')).toBe('/catalog?page=2#top');
  });

  it('refuses other sites, protocol-relative and backslash tricks', () => {
    for (const bad of ['https://evil', '//evil', '/\\evil', '\\\\evil', 'evil', 'javascript:alert(1)', '/\t/evil', '/\n/evil', ' /x', '/x y']) {
      expect(safeRedirect(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('refuses empty, missing and over-long values', () => {
    expect(safeRedirect('')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
    expect(safeRedirect(undefined)).toBeNull();
    expect(safeRedirect(`/${'a'.repeat(2048)}`)).toBeNull();
  });
});
