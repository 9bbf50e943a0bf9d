import interCyrillic from '@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2?url';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { afterFirstPaint } from '#app/lib/after-first-paint.ts';
import { APPLY_WEB_FONTS } from './web-fonts-at-navigation.ts';

/**
 * Inter, self-hosted from @fontsource-variable, as the two subsets the shop's text needs. Declared
 * here for the FontFace API instead of as @font-face rules in fonts.css, so that the page decides
 * when the files load (webFontsScript); the family name is the one tokens.css puts first.
 */
const FAMILY = 'Inter Variable';
const FACES: [url: string, unicodeRange: string][] = [
  [interCyrillic, 'U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116'],
  [interLatin, 'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD'],
];
/** sessionStorage key: which Inter files this tab has loaded (and so holds in its memory cache). */
const STORAGE_KEY = 'web-fonts';

/**
 * Source of the inline script in the head that gives the page Inter.
 * - The first page of a tab fetches Inter after its first paint (after-first-paint.ts), so the
 *   68 KB of fonts never compete with the document and the styles, and the text paints at once in
 *   the fallback (fonts.css). That page keeps the fallback: Inter joins at the first page change
 *   (web-fonts-at-navigation.ts), never under the reader's eyes. A swap while the page loads would
 *   lay out the whole page again (a long task on a long page such as /contacts) and, where the
 *   metric-matched fallback is missing (Android has no Arial: Roboto stands in), move the text.
 * - Later full page loads in that tab add the faces at once, before the first paint: the files are
 *   in the cache, and the page never shows the fallback.
 * sessionStorage, not localStorage: a new tab may find the fonts evicted from the cache (or the
 * cache cleared, as Lighthouse does between runs while it keeps localStorage), and then fetching
 * them before the first paint would delay it again. Without JavaScript the fallback stays.
 * See docs/decisions/026-web-fonts-after-first-paint.md.
 */
export function webFontsScript(): string {
  // The value kept: the built files' hashed names, so a new Inter is a first visit again.
  const version = FACES.map(([url]) => url).join(' ');
  const args = [STORAGE_KEY, version, FAMILY, FACES, APPLY_WEB_FONTS].map((value) => JSON.stringify(value)).join(',').replace(/</g, '\\u003c');
  return '(function(k,v,n,F,g){var d=document,w=window;if(!d.fonts||!w.FontFace)return;'
    + 'function faces(){return F.map(function(f){return new FontFace(n,"url("+f[0]+") format(\\"woff2\\")",{weight:"100 900",style:"normal",display:"swap",unicodeRange:f[1]})})}'
    + 'function add(l){l.forEach(function(f){d.fonts.add(f)})}'
    + 'try{if(sessionStorage.getItem(k)===v){add(faces());return}}catch(e){}'
    + 'var loaded=null,wanted=false;w[g]=function(){if(loaded){add(loaded);loaded=null}else wanted=true};'
    + `${afterFirstPaint('function(){var l=faces();Promise.all(l.map(function(f){return f.load()})).then(function(){'
      + 'try{sessionStorage.setItem(k,v)}catch(e){}if(wanted)add(l);else loaded=l},function(){})}')}`
    + `})(${args})`;
}
