/*
 * How a search query is read (issue 8, point 5). Pure and isomorphic: the server prepares the
 * query's variants and the highlighted ranges with these; nothing here touches the database.
 *
 * `foldText` is the JavaScript twin of the SQL function `search_fold` (migration 0009_search): both
 * sides of every comparison are folded the same way, so 'Kировец' typed with a Latin K, 'КИРОВЕЦ'
 * and 'кировец' are one word. A service test pins the two functions to each other.
 */

/** Latin letters that look like Cyrillic ones (after lower-casing), mapped to them. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  a: 'а', b: 'в', c: 'с', e: 'е', h: 'н', k: 'к', m: 'м', o: 'о', p: 'р', t: 'т', x: 'х', y: 'у',
};

/** What PostgreSQL's unaccent does to letters that Unicode does not decompose. */
const UNACCENT_EXTRA: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ё: 'е' };

const WORD_CHAR = /[0-9a-zа-я]/;
const JOINER = /[-./'’]/;

/** ЙЦУКЕН ↔ QWERTY: the same keys on the two layouts of a Russian keyboard. */
const QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const JCUKEN = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const TO_CYRILLIC = new Map([...QWERTY].map((key, i) => [key, JCUKEN[i]!]));
const TO_LATIN = new Map([...JCUKEN].map((key, i) => [key, QWERTY[i]!]));

const HAS_LATIN = /[a-z]/i;
const HAS_CYRILLIC = /[а-яё]/i;

/** Lower case without accents, ё → е: what the `russian` text-search configuration is given. */
export function plainText(value: string): string {
  let out = '';
  for (const ch of value.toLowerCase()) out += plainChar(ch);
  return out;
}

function plainChar(ch: string): string {
  if (ch in UNACCENT_EXTRA) return UNACCENT_EXTRA[ch]!;
  // Cyrillic stays as it is (NFD would take the breve off й).
  if (ch >= 'а' && ch <= 'я') return ch;
  return ch.normalize('NFD').replace(/\p{M}/gu, '');
}

interface FoldedChar { ch: string; from: number; to: number }

/**
 * The folded text and, for each folded character, the range of the original it came from: the
 * highlighted ranges of a hit are found in the folded name and shown on the original one.
 */
export function foldWithMap(value: string): FoldedChar[] {
  const chars: FoldedChar[] = [];
  let index = 0;
  for (const original of value) {
    const from = index;
    index += original.length;
    for (const lower of original.toLowerCase()) {
      for (const plain of plainChar(lower)) chars.push({ ch: LOOK_ALIKES[plain] ?? plain, from, to: index });
    }
  }
  // Joining punctuation inside a code goes ('К-744Р3' → 'к744р3'); any other run of non-letters is one space.
  const joined = chars.filter((c, i) => {
    if (!JOINER.test(c.ch)) return true;
    let before = i - 1;
    while (before >= 0 && JOINER.test(chars[before]!.ch)) before--;
    let after = i + 1;
    while (after < chars.length && JOINER.test(chars[after]!.ch)) after++;
    const between = before >= 0 && after < chars.length && WORD_CHAR.test(chars[before]!.ch) && WORD_CHAR.test(chars[after]!.ch);
    return !between;
  });
  const out: FoldedChar[] = [];
  for (const c of joined) {
    if (WORD_CHAR.test(c.ch)) out.push(c);
    else if (out.length && out[out.length - 1]!.ch !== ' ') out.push({ ch: ' ', from: c.from, to: c.to });
  }
  if (out.length && out[out.length - 1]!.ch === ' ') out.pop();
  return out;
}

/** The form names and queries are compared in (see `search_fold` in migration 0009_search). */
export function foldText(value: string): string {
  return foldWithMap(value).map((c) => c.ch).join('');
}

/** The text as typed on the other layout of the keyboard: 'rbhjdtw' → 'кировец', 'nhfrnjh' ← 'трактор'. */
export function switchLayout(value: string): string | null {
  const lower = value.toLowerCase();
  const latin = HAS_LATIN.test(lower);
  const cyrillic = HAS_CYRILLIC.test(lower);
  if (latin === cyrillic) return null; // both (a model code with Cyrillic letters) or none (digits)
  const map = latin ? TO_CYRILLIC : TO_LATIN;
  let out = '';
  for (const ch of lower) out += map.get(ch) ?? ch;
  // Russian letters on Latin keys give punctuation (х → '[', ж → ';'): nobody searches for that.
  return out === lower || /[[\];',.`]/.test(out) ? null : out;
}

export { QUERY_MAX_LENGTH } from './search.constants.ts';
/** Longer queries are cut to their first words: nobody types more, and each word costs a condition. */
export const QUERY_MAX_WORDS = 6;

/**
 * One reading of the query: folded for names and codes, plain for the `russian` configuration.
 * `corrected`: made of the catalogue's own words (withCorrections), so not checked for typos again.
 */
export interface QueryVariant { folded: string; plain: string; corrected?: true }

export interface PreparedQuery {
  /** The query as typed (trimmed), for the page and the empty state. */
  text: string;
  /** The query as typed first, then as typed on the other keyboard layout when that reads differently. */
  variants: QueryVariant[];
  /** The folded words of every variant, for highlighting. */
  terms: string[];
}

function variantOf(text: string): QueryVariant {
  const folded = foldText(text).split(' ').filter(Boolean).slice(0, QUERY_MAX_WORDS).join(' ');
  const plain = plainText(text).replace(/[^0-9a-zа-я]+/g, ' ').trim().split(' ').filter(Boolean).slice(0, QUERY_MAX_WORDS).join(' ');
  return { folded, plain };
}

/** The query's variants; none when nothing searchable is left (only punctuation or spaces). */
export function prepareQuery(raw: string): PreparedQuery {
  const text = raw.trim();
  const variants: QueryVariant[] = [];
  const first = variantOf(text);
  if (first.folded) variants.push(first);
  const switched = switchLayout(text);
  if (switched !== null) {
    const other = variantOf(switched);
    if (other.folded && !variants.some((v) => v.folded === other.folded)) variants.push(other);
  }
  const terms = [...new Set(variants.flatMap((v) => v.folded.split(' ')))];
  return { text, variants, terms };
}

/**
 * Words worth checking for typos: long enough to have one (see allowedTypos), no codes (digits);
 * from the other layout only Russian words ('тороктор' typed as 'njhjrnjh'), not the Latin
 * gibberish a Russian word gives on QWERTY keys.
 */
export function typoCandidates(query: PreparedQuery): string[] {
  const words = query.variants.flatMap((v, i) => v.folded.split(' ').filter((w) => i === 0 || !/[a-z]/.test(w)));
  return [...new Set(words)].filter((w) => allowedTypos(w.length) > 0 && !/\d/.test(w));
}

/**
 * The query with one more variant: its words replaced by the catalogue's words they are typos of
 * ('тороктор' → 'тракторы'), within the typos their length allows. Unchanged when none is.
 */
export function withCorrections(query: PreparedQuery, corrections: ReadonlyArray<{ typed: string; known: string; distance: number }>): PreparedQuery {
  const fix = new Map(corrections.filter((c) => c.distance > 0 && c.distance <= allowedTypos(c.typed.length)).map((c) => [c.typed, c.known]));
  if (!fix.size) return query;
  const added: QueryVariant[] = [];
  for (const v of query.variants) {
    const words = v.folded.split(' ');
    if (!words.some((w) => fix.has(w))) continue;
    const folded = words.map((w) => fix.get(w) ?? w).join(' ');
    if (![...query.variants, ...added].some((x) => x.folded === folded)) added.push({ folded, plain: folded, corrected: true });
  }
  const variants = [...query.variants, ...added];
  return { ...query, variants, terms: [...new Set(variants.flatMap((v) => v.folded.split(' ')))] };
}

export interface WordCorrection { typed: string; known: string; distance: number }

/**
 * For each typed word, the nearest of the catalogue's known words (search.server.ts keeps them in
 * memory: a few hundred at 10,000 models) by edit distance, also against the known word's
 * beginning, so a word being typed is distance 0: 'тороктор' → 'тракторы' (2). Ties go to the word
 * of the closest length, then the first in code point order. Distances above 3 are not told apart.
 * Trigrams alone miss such typos in short words. A word with no known word within 3 gets none.
 */
export function nearestKnownWords(words: readonly string[], known: readonly string[]): WordCorrection[] {
  const found: WordCorrection[] = [];
  for (const typed of words) {
    let best: WordCorrection | null = null;
    for (const word of known) {
      if (word.length < 3 || word.length < typed.length - 2) continue;
      // Ordered so that the cheapest, most likely exact comparison of a prefix being typed comes first.
      let distance = 4;
      for (const length of [typed.length, typed.length - 1, typed.length + 1, word.length]) {
        distance = Math.min(distance, levenshteinWithin(typed, word.slice(0, length), Math.min(3, distance - 1)));
        if (distance === 0) break;
      }
      if (distance > 3) continue;
      if (!best || distance < best.distance
        || (distance === best.distance && closer(typed, word, best.known))) best = { typed, known: word, distance };
    }
    if (best) found.push(best);
  }
  return found;
}

/** Of two known words equally near, the one closer in length to the typed word, then the first in code point order. */
function closer(typed: string, word: string, than: string): boolean {
  const a = Math.abs(word.length - typed.length);
  const b = Math.abs(than.length - typed.length);
  return a < b || (a === b && word < than);
}

/** The edit distance of a and b when it is at most `max`, otherwise max + 1 (stops as soon as it must exceed). */
export function levenshteinWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/**
 * Whether a reading of the query may find anything among these words (folded, each after a line
 * break: `'\nкировец\nк744р3…'`): each of its words is inside one of them (two letters: begin
 * one), or begins like one (a word form: 'сеялки' for 'сеялка'), or holds a digit (a code, which
 * names need not spell out). The query read on the other keyboard layout is mostly noise ('кир' → 'rbh', 'john' →
 * 'ощрт'), and each reading costs every source its conditions: it is searched only when it may
 * find something.
 */
export function plausibleIn(words: string, variant: QueryVariant): boolean {
  return variant.folded.split(' ').every((w) => /\d/.test(w)
    // Two letters are matched at a word's start only (search.queries.server.ts `holds`).
    || (w.length < 3 ? words.includes(`\n${w}`) : words.includes(w))
    || (w.length >= 4 && words.includes(`\n${w.slice(0, 4)}`)));
}

/** Edit distance (insertions, deletions, substitutions), for the few page titles matched in memory. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Typos allowed in a word of this length: none in short words, where one letter changes the word. */
export function allowedTypos(length: number): number {
  return length < 4 ? 0 : length < 7 ? 1 : 2;
}

/** A word the term may be a misspelling of, ending included: 'тороктор' for 'Тракторы'. */
export function typoOf(term: string, word: string): boolean {
  const allowed = allowedTypos(term.length);
  if (!allowed || word.length < term.length - allowed) return false;
  return [term.length - 1, term.length, term.length + 1].some((length) => levenshtein(term, word.slice(0, length)) <= allowed);
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** Two words are forms of one ('трактора', 'тракторы'): they share all but the last two letters of the shorter one, at least four. */
export function sameWordForm(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  return shorter >= 4 && commonPrefix(a, b) >= Math.max(4, shorter - 2);
}

/** Hit ranks: exact name > prefix > word form (full-text) > typo (trigram); a model found through its line or maker last. */
export const RANK = { exact: 4, prefix: 3, wordForm: 2, typo: 1, context: 0.5 } as const;

/**
 * The rank of a name for the query (in memory: page titles and site sections, a few dozen), or 0.
 * The database sources rank the same way in SQL.
 */
export function rankText(name: string, query: PreparedQuery): number {
  const folded = foldText(name);
  const words = folded.split(' ');
  let best = 0;
  for (const { folded: q } of query.variants) {
    if (folded === q) return RANK.exact;
    if (folded.startsWith(q) || folded.includes(` ${q}`)) { best = Math.max(best, RANK.prefix); continue; }
    const queryWords = q.split(' ');
    const each = (test: (qw: string, w: string) => boolean) => queryWords.every((qw) => words.some((w) => test(qw, w)));
    if (each((qw, w) => w.startsWith(qw) || sameWordForm(qw, w))) best = Math.max(best, RANK.wordForm);
    else if (each((qw, w) => w.startsWith(qw) || sameWordForm(qw, w) || typoOf(qw, w))) {
      best = Math.max(best, RANK.typo);
    }
  }
  return best;
}

/**
 * Where the query's words show in a name, as [from, to) ranges of the original text: a word that
 * starts with a term, a form of it ('Тракторы' for 'трактора': the shared stem), a term inside a
 * code ('744' in 'К-744Р3'), or a word within the typos allowed ('Тракторы' for 'тороктор').
 */
export function highlightRanges(name: string, terms: readonly string[]): Array<[number, number]> {
  const chars = foldWithMap(name);
  const folded = chars.map((c) => c.ch).join('');
  const marks: Array<[number, number]> = [];
  const mark = (start: number, length: number) => {
    if (length > 0) marks.push([chars[start]!.from, chars[start + length - 1]!.to]);
  };
  let start = 0;
  for (const word of folded.split(' ')) {
    for (const term of terms) {
      if (!term) continue;
      if (word.startsWith(term)) mark(start, term.length);
      else if (sameWordForm(term, word)) mark(start, commonPrefix(term, word));
      else if (term.length >= 2 && /\d/.test(term) && word.includes(term)) mark(start + word.indexOf(term), term.length);
      else if (typoOf(term, word)) mark(start, word.length);
    }
    start += word.length + 1;
  }
  marks.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const [from, to] of marks) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/**
 * A query that names a part and a machine ('масляный фильтр 6145'): its words split into those
 * parts are named with (a word of `partWords` begins with it or is a form of it: 'масляныи',
 * 'фильтр') and the rest, which name the machine (a model, a line, a maker; a word with a digit
 * always does). Null unless there are both.
 */
export function splitPartAndMachine(variant: QueryVariant, partWords: readonly string[]): { part: string; machine: string } | null {
  const part: string[] = [];
  const machine: string[] = [];
  for (const word of variant.folded.split(' ')) {
    const named = !/\d/.test(word) && word.length >= 3 && partWords.some((p) => p.startsWith(word) || sameWordForm(word, p));
    (named ? part : machine).push(word);
  }
  return part.length && machine.length ? { part: part.join(' '), machine: machine.join(' ') } : null;
}

/** Edits a whole word may be away from the spelling offered for it when nothing is found. */
function spellingDistance(length: number): number {
  return length < 4 ? 1 : length < 6 ? 2 : 3;
}

/**
 * The query spelt with the nearest words of the vocabulary (the catalogue's and the parts' names),
 * whole words by edit distance, for 'Возможно, вы искали «…»' when nothing is found: further than
 * the typos a search corrects by itself ('фильтер' → 'фильтр', 'мтс' → 'мтз'). Words with a digit
 * stay as typed. Ties go to the word closest in length, then the first in code point order. Null
 * when no word has a near spelling of its own.
 */
export function nearestSpelling(variant: QueryVariant, words: readonly string[]): string | null {
  let changed = false;
  const spelt = variant.folded.split(' ').map((typed) => {
    if (/\d/.test(typed) || words.includes(typed)) return typed;
    let best: { word: string; distance: number } | null = null;
    for (const word of words) {
      const max = Math.min(spellingDistance(typed.length), best ? best.distance : 3);
      const distance = levenshteinWithin(typed, word, max);
      if (distance > max || distance === 0) continue;
      if (!best || distance < best.distance || (distance === best.distance && closer(typed, word, best.word))) best = { word, distance };
    }
    if (!best) return typed;
    changed = true;
    return best.word;
  });
  return changed ? spelt.join(' ') : null;
}
