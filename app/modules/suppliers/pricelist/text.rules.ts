/*
 * What a text price list is written in (ADR 094): its encoding told apart by a strict UTF-8 decode
 * and, failing that, by which Cyrillic code page gives Russian-looking letters; its line ends; its
 * delimiter, the one that splits the first lines into the same number of cells.
 */

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1251' | 'koi8-r' | 'ibm866';

export interface EncodingGuess { encoding: TextEncoding; bom: number }

// The most frequent Russian letters; a wrong code page turns them into other letters or symbols.
const FREQUENT = new Set('оеаинтсрвлкмдпуяыьгзбчйхжшюцщэфъё'.split(''));
const CYRILLIC = /[\u0400-\u04ff]/;

function russianScore(text: string): number {
  let score = 0;
  for (const ch of text) {
    if (FREQUENT.has(ch)) score += 2;
    else if (CYRILLIC.test(ch)) score += ch === ch.toUpperCase() ? 0.5 : 0;
    else if (ch.charCodeAt(0) >= 0x80 && !/[\u00a0\u00ab\u00bb\u2013\u2014\u2116\u20bd]/.test(ch)) score -= 2;
  }
  return score;
}

/** The encoding of a text file from its first bytes; null when it is UTF-8 nowhere and Cyrillic nothing. */
export function guessEncoding(sample: Uint8Array): EncodingGuess | null {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (sample[0] === 0xfe && sample[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  try {
    // `stream: true`: a character cut by the sample's end is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return { encoding: 'utf-8', bom: 0 };
  } catch {
    // not UTF-8: one of the single-byte Cyrillic code pages
  }
  let best: EncodingGuess | null = null;
  let bestScore = -Infinity;
  for (const encoding of ['windows-1251', 'koi8-r', 'ibm866'] as const) {
    const score = russianScore(new TextDecoder(encoding).decode(sample));
    if (score > bestScore) { best = { encoding, bom: 0 }; bestScore = score; }
  }
  return bestScore > 0 ? best : null;
}

/** The line end used first in the text (outside quotes is not checked: good enough for a guess). */
export function guessNewline(text: string): '\r\n' | '\n' | '\r' {
  const n = text.indexOf('\n');
  const r = text.indexOf('\r');
  if (r !== -1 && (n === -1 || r < n)) return text[r + 1] === '\n' ? '\r\n' : '\r';
  return '\n';
}

export const DELIMITERS = [';', ',', '\t', '|'] as const;

/** Cells of a line split by `delimiter`, quotes respected (a doubled quote inside is a quote). */
function countCells(line: string, delimiter: string): number {
  let cells = 1;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') i++;
      else quoted = !quoted;
    } else if (!quoted && ch === delimiter) cells++;
  }
  return cells;
}

/**
 * The delimiter that splits the first lines into the most cells the same number of times: each
 * candidate scores the cells of the lines that agree with its most common count. A decimal comma
 * makes ',' split lines unevenly, so ';' wins for Russian files; a file of one column gets ';'.
 */
export function guessDelimiter(text: string, newline = guessNewline(text)): string {
  const lines = text.split(newline).slice(0, 50);
  if (lines.length > 1) lines.pop(); // the last line of a sample may be cut
  const nonEmpty = lines.filter((l) => l.trim() !== '');
  let best: string = ';';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const counts = nonEmpty.map((l) => countCells(l, delimiter));
    const frequency = new Map<number, number>();
    for (const c of counts) frequency.set(c, (frequency.get(c) ?? 0) + 1);
    let score = 0;
    for (const [cells, times] of frequency) if (cells > 1) score = Math.max(score, cells * times * times);
    if (score > bestScore) { best = delimiter; bestScore = score; }
  }
  return best;
}

/** True when the sample has bytes no text has (NUL aside, which is told apart by the caller). */
export function looksBinary(sample: Uint8Array): boolean {
  let control = 0;
  for (const b of sample) if ((b < 0x09 || (b > 0x0d && b < 0x20)) && b !== 0x1b && b !== 0) control++;
  return control > sample.length / 100;
}

export function countNul(sample: Uint8Array): number {
  let n = 0;
  for (const b of sample) if (b === 0) n++;
  return n;
}
