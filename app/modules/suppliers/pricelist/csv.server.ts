import { createReadStream } from 'node:fs';
import Papa from 'papaparse';
import type { PriceListLimits } from './pricelist.constants.ts';
import type { PartInfo, RawChunk, RawRow } from './pricelist.schema.ts';
import { limitRow, PriceListError, slicer } from './raw.server.ts';
import { guessDelimiter, guessEncoding, guessNewline } from './text.rules.ts';

/*
 * A CSV or TXT price list read as a stream (ADR 094): the encoding and delimiter guessed from the
 * first bytes, then the file decoded and parsed slice by slice by papaparse's parser, the cut row at
 * a slice's end carried into the next. Nothing but the current slice and the rows at hand is held.
 */

/** Enough text to guess the delimiter and the encoding from. */
export const SAMPLE_BYTES = 64 * 1024;

export async function* readCsv(path: string, file: string, sample: Uint8Array, limits: PriceListLimits): AsyncGenerator<RawChunk> {
  const guess = guessEncoding(sample);
  if (!guess) throw new PriceListError('bad_encoding');
  const { encoding, bom } = guess;
  const utf16 = encoding.startsWith('utf-16');
  // Strict for UTF-8: a file that stops being UTF-8 half-way is in no one encoding.
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  const sampleText = new TextDecoder(encoding).decode(sample.subarray(bom));
  const newline = guessNewline(sampleText);
  const delimiter = guessDelimiter(sampleText, newline);
  const parser = new Papa.Parser({ delimiter, newline, quoteChar: '"' });
  const part: PartInfo = { file, type: 'csv', sheet: null, encoding, delimiter };
  const pause = slicer(limits.sliceMs);
  // A quoted cell spanning slices is carried whole; an unclosed quote would carry the rest of the file.
  const maxCarry = Math.max(limits.maxRowChars * 4, 1024 * 1024);

  let carried = '';
  let line = 0;
  let rows: RawRow[] = [];
  const take = (data: string[][]) => {
    for (const cells of data) {
      line++;
      const row = limitRow(cells, line, limits);
      if (row) rows.push(row);
    }
  };
  const decode = (bytes?: Uint8Array) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new PriceListError('bad_encoding', `после строки ${line} текст не в кодировке UTF-8`);
    }
  };

  const stream = createReadStream(path, { start: bom, highWaterMark: 32 * 1024 });
  try {
    for await (const bytes of stream as AsyncIterable<Buffer>) {
      if (!utf16 && bytes.includes(0)) throw new PriceListError('nul_bytes', `после строки ${line}`);
      const text = carried + decode(bytes);
      if (utf16 && text.includes('\u0000')) throw new PriceListError('nul_bytes', `после строки ${line}`);
      const result = parser.parse(text, 0, true) as Papa.ParseResult<string[]>;
      carried = text.slice(result.meta.cursor);
      if (carried.length > maxCarry) throw new PriceListError('row_too_long', `после строки ${line}: не закрыта кавычка?`);
      take(result.data);
      if (rows.length >= limits.chunkRows) {
        yield { part, rows };
        rows = [];
      }
      await pause();
    }
    const rest = carried + decode();
    if (rest !== '') take((parser.parse(rest, 0, false) as Papa.ParseResult<string[]>).data);
    if (rows.length > 0) yield { part, rows };
  } finally {
    stream.destroy();
  }
}
