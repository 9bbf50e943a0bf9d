/**
 * Part numbers as people type them (issue 9, point 6). A mechanic copies '700А.17.01.000-1' from a
 * worn label, types it with Cyrillic letters, without dots, in lower case, or with the keyboard left
 * in the other layout; every form must find the part. Pure and isomorphic: the browser may use it
 * to show what is looked up. ADR 031.
 */

/**
 * Cyrillic capitals that look like Latin ones → those Latin letters. Codes are printed with either
 * ('АВ' on a Russian label is 'AB' on the maker's), so both sides are compared in Latin. Ё is Е with
 * dots, І/Ѕ/Ј are the Kazakh and Serbian look-alikes.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  А: 'A', В: 'B', Е: 'E', Ё: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X',
  І: 'I', Ѕ: 'S', Ј: 'J',
};

/** Everything but Latin capitals, Russian capitals and digits is a separator: dashes, dots, slashes, spaces. */
const NOT_CODE = /[^0-9A-ZА-Я]+/g;

/**
 * The comparable form of a part number: upper case, look-alikes in Latin, separators dropped.
 * Must stay the same function as SQL `parts_code_norm` (migration 0011); a test holds them equal.
 */
export function normalizePartCode(raw: string): string {
  let out = '';
  for (const ch of raw.toUpperCase()) out += LOOK_ALIKES[ch] ?? ch;
  return out.replace(NOT_CODE, '');
}

// The two layouts key by key (ЙЦУКЕН over QWERTY), punctuation keys included: '.' on the Russian
// layout is the Latin '/', and the Latin '.' and ',' keys type 'ю' and 'б'.
const LATIN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,./`";
const CYRILLIC_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбю.ё';
const TO_LATIN = new Map<string, string>();
const TO_CYRILLIC = new Map<string, string>();
for (let i = 0; i < LATIN_KEYS.length; i++) {
  const lat = LATIN_KEYS[i]!, cyr = CYRILLIC_KEYS[i]!;
  TO_LATIN.set(cyr, lat);
  TO_CYRILLIC.set(lat, cyr);
  if (cyr.toUpperCase() !== cyr) TO_LATIN.set(cyr.toUpperCase(), lat.toUpperCase());
  if (lat.toUpperCase() !== lat) TO_CYRILLIC.set(lat.toUpperCase(), cyr.toUpperCase());
}

/** What the same keys type in the other layout: 'ку504836' → 're504836'. */
export function switchKeyboardLayout(raw: string, to: 'latin' | 'cyrillic'): string {
  const map = to === 'latin' ? TO_LATIN : TO_CYRILLIC;
  let out = '';
  for (const ch of raw) out += map.get(ch) ?? ch;
  return out;
}

const HAS_CYRILLIC = /[а-яё]/i;
// Latin letters, or the punctuation keys that type letters on the Russian layout (',' is 'б').
const HAS_LATIN = /[a-z,;'[\]`]/i;

/**
 * The normalised codes a query may mean, most likely first: as typed (look-alikes folded), then
 * typed in the wrong layout. A Cyrillic letter that has no Latin look-alike (Ф, И, Ю…) in a code
 * that is otherwise Latin is the strongest hint of the wrong layout, but the whole query is
 * switched either way: the lookup keeps the first candidate's parts first. Empty for a query with
 * no letter or digit.
 */
export function partCodeCandidates(raw: string): string[] {
  const found: string[] = [];
  const add = (code: string) => { if (code && !found.includes(code)) found.push(code); };
  add(normalizePartCode(raw));
  if (HAS_CYRILLIC.test(raw)) add(normalizePartCode(switchKeyboardLayout(raw, 'latin')));
  if (HAS_LATIN.test(raw)) add(normalizePartCode(switchKeyboardLayout(raw, 'cyrillic')));
  return found;
}

/** Whether a query can be a part number at all: at least one digit and two characters of code. */
export function looksLikePartCode(raw: string): boolean {
  const code = normalizePartCode(raw);
  return code.length >= 2 && /\d/.test(code);
}
