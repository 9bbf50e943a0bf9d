import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import { readCsv, SAMPLE_BYTES } from './csv.server.ts';
import { PRICE_LIST_LIMITS, type PriceListLimits } from './pricelist.constants.ts';
import type { DetectedType, PartFacts, RawChunk } from './pricelist.schema.ts';
import { PriceListError } from './raw.server.ts';
import { countNul, looksBinary } from './text.rules.ts';
import { readXls } from './xls.server.ts';
import { readXlsx } from './xlsx.server.ts';
import { entryStream, openZip, unpackError } from './zip.server.ts';

export { PriceListError } from './raw.server.ts';

/*
 * Reading a supplier's price list (issue 32 §3, ADR 094): the type told by the content, never by the
 * name (CSV/TXT by a text check, XLSX, XLS, ZIP), the file's size capped, then its rows handed on as
 * raw text in chunks. A stream is first written to a temporary file within the size cap: archives
 * and workbooks are read from their central directory, and nothing large is held in memory.
 */

export interface PriceListInput {
  /** A file on disk, or… */
  path?: string;
  /** …a stream of its bytes (an upload, an attachment). */
  stream?: Readable | AsyncIterable<Uint8Array>;
  /** The name it came with, for the report (the type is told by the content). */
  name: string;
  maxBytes?: number;
}

export interface ReadOptions {
  limits?: Partial<PriceListLimits>;
  /** A workbook's sheet to read (a template's); others are left out when it is found. */
  sheet?: string;
}

export interface PriceListReading {
  name: string;
  size: number;
  type: DetectedType;
  /** Each file (an archive's entry) and sheet read, with its rows, or why it was left out; filled while reading. */
  parts: PartFacts[];
  /** The rows, in chunks; refusals of the whole file are thrown as `PriceListError`. Once only. */
  chunks: AsyncGenerator<RawChunk>;
  /** Removes the temporary files; also done when `chunks` ends. */
  dispose: () => Promise<void>;
}

const PRICE_LIST_EXTENSIONS = /\.(csv|txt|tsv|xlsx|xlsm|xls)$/i;
const ARCHIVE_EXTENSIONS = /\.(zip|rar|7z|gz|tgz|tar|bz2|xz)$/i;

async function readHead(path: string, bytes: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Copies a stream into `path`, refusing it beyond `maxBytes` without reading further. */
async function spool(source: Readable | AsyncIterable<Uint8Array>, path: string, maxBytes: number): Promise<number> {
  let size = 0;
  const counted = async function* () {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) throw new PriceListError('too_large', `больше ${Math.round(maxBytes / 1024 / 1024)} МБ`);
      yield chunk;
    }
  };
  try {
    await pipeline(counted, createWriteStream(path));
  } finally {
    if (size > maxBytes && source instanceof Readable) source.destroy();
  }
  return size;
}

const SPREADSHEET_MARKUP = /urn:schemas-microsoft-com:office:spreadsheet|<table[\s>]|<html[\s>]/i;

/** The type by the content: a ZIP holding `xl/workbook.xml` is an XLSX, an OLE2 container an XLS. */
async function detect(path: string, head: Uint8Array): Promise<DetectedType> {
  if (head.length === 0) throw new PriceListError('empty');
  const magic = Buffer.from(head.subarray(0, 8));
  if (magic.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) || magic.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x05, 0x06]))) {
    const zip = await openZip(path, { maxEntries: 5000, maxBytes: Number.MAX_SAFE_INTEGER });
    zip.close();
    const names = zip.entries.map((e) => e.name.toLowerCase());
    if (names.includes('xl/workbook.xml')) return 'xlsx';
    if (names.includes('xl/workbook.bin')) throw new PriceListError('bad_type', 'двоичная книга Excel (XLSB): сохраните её как XLSX');
    if (names.some((n) => /^(word|ppt)\/|^content\.xml$|^mimetype$/.test(n))) throw new PriceListError('bad_type', 'документ, а не таблица');
    return 'zip';
  }
  if (magic.equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'xls';
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16) {
    const known = await fileTypeFromBuffer(head);
    if (known && known.ext !== 'xml') throw new PriceListError('bad_type', `содержимое — ${known.ext.toUpperCase()} (${known.mime})`);
    const nul = countNul(head);
    if (nul > 0 || looksBinary(head)) {
      throw looksBinary(head) || nul > head.length / 10 ? new PriceListError('bad_type', 'двоичный файл, а не таблица') : new PriceListError('nul_bytes');
    }
  }
  const bom = utf16 ? 2 : head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  const start = new TextDecoder(utf16 ? (head[0] === 0xff ? 'utf-16le' : 'utf-16be') : 'latin1').decode(head.subarray(bom, 4096)).trimStart();
  if (start.startsWith('<')) {
    if (SPREADSHEET_MARKUP.test(start)) return 'xls';
    throw new PriceListError('bad_type', 'разметка XML или HTML, а не таблица');
  }
  return 'csv';
}

async function* readOne(path: string, file: string, type: Exclude<DetectedType, 'zip'>, head: Uint8Array, size: number, limits: PriceListLimits, sheet?: string): AsyncGenerator<RawChunk> {
  if (type === 'csv') yield* readCsv(path, file, head, limits);
  else if (type === 'xlsx') yield* readXlsx(path, file, limits, sheet);
  else yield* readXls(path, file, size, limits, sheet);
}

/** Counts the rows of each part into `parts` as they pass. */
async function* counted(source: AsyncGenerator<RawChunk>, parts: PartFacts[]): AsyncGenerator<RawChunk> {
  let last: PartFacts | undefined;
  for await (const chunk of source) {
    if (!last || last.file !== chunk.part.file || last.sheet !== chunk.part.sheet) {
      last = { ...chunk.part, rows: 0 };
      parts.push(last);
    }
    last.rows += chunk.rows.length;
    yield chunk;
  }
}

/** Each entry of an archive that is a price list, in turn; nested archives are not opened. */
async function* readArchive(path: string, name: string, dir: string, limits: PriceListLimits, parts: PartFacts[], sheet?: string): AsyncGenerator<RawChunk> {
  const zip = await openZip(path, { maxEntries: limits.maxZipEntries, maxBytes: limits.maxUncompressedBytes });
  try {
    let budget = limits.maxUncompressedBytes;
    let n = 0;
    for (const info of zip.entries) {
      if (info.directory || /(^|\/)(__MACOSX\/|\.)/.test(info.name)) continue;
      const file = `${name}/${info.name}`;
      const skip = (code: PartFacts['skipped'], detail: string) => parts.push({ file, type: 'csv', sheet: null, rows: 0, skipped: code, detail });
      if (ARCHIVE_EXTENSIONS.test(info.name)) { skip('bad_type', 'вложенный архив не распаковывается'); continue; }
      if (!PRICE_LIST_EXTENSIONS.test(info.name)) { skip('bad_type', 'не прайс-лист (ожидаются CSV, TXT, XLSX, XLS)'); continue; }
      if (info.size > limits.maxBytes) { skip('too_large', `${Math.round(info.size / 1024 / 1024)} МБ`); continue; }
      const target = join(dir, `entry-${++n}`);
      try {
        const stream = await entryStream(zip.zip, info);
        const written = await spool(stream, target, Math.min(budget, limits.maxBytes));
        budget -= written;
      } catch (error) {
        throw unpackError(error, info.name);
      }
      const head = await readHead(target, SAMPLE_BYTES);
      let type: DetectedType;
      try {
        type = await detect(target, head);
      } catch (error) {
        if (!(error instanceof PriceListError)) throw error;
        skip(error.code, error.detail ?? '');
        await rm(target, { force: true });
        continue;
      }
      if (type === 'zip') { skip('bad_type', 'вложенный архив не распаковывается'); await rm(target, { force: true }); continue; }
      // An entry that is no price list is left out above; one refused half-way refuses the archive,
      // since its first rows have already been handed on.
      try {
        yield* counted(readOne(target, file, type, head, info.size, limits, sheet), parts);
      } finally {
        await rm(target, { force: true });
      }
    }
  } finally {
    zip.close();
  }
}

/**
 * Opens a price list: writes a stream to a temporary file within the cap, tells the type by the
 * content and answers the file's facts with its rows to come. Refusals found before any row
 * (too large, not a table, empty) are thrown here as `PriceListError`.
 */
export async function readPriceList(input: PriceListInput, options: ReadOptions = {}): Promise<PriceListReading> {
  const limits: PriceListLimits = { ...PRICE_LIST_LIMITS, ...options.limits };
  if (input.maxBytes !== undefined) limits.maxBytes = Math.min(limits.maxBytes, input.maxBytes);
  const dir = await mkdtemp(join(tmpdir(), 'price-list-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    let path = input.path;
    let size: number;
    if (path) {
      size = (await stat(path)).size;
      if (size > limits.maxBytes) throw new PriceListError('too_large', `${Math.round(size / 1024 / 1024)} МБ, допустимо не больше ${Math.round(limits.maxBytes / 1024 / 1024)} МБ`);
    } else if (input.stream) {
      path = join(dir, 'upload');
      size = await spool(input.stream, path, limits.maxBytes);
    } else {
      throw new TypeError('readPriceList: path or stream');
    }
    const head = await readHead(path, SAMPLE_BYTES);
    const type = await detect(path, head);
    const parts: PartFacts[] = [];
    const source = type === 'zip'
      ? readArchive(path, input.name, dir, limits, parts, options.sheet)
      : counted(readOne(path, input.name, type, head, size, limits, options.sheet), parts);
    async function* chunks(): AsyncGenerator<RawChunk> {
      try {
        yield* source;
      } finally {
        await dispose();
      }
    }
    return { name: input.name, size, type, parts, chunks: chunks(), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
