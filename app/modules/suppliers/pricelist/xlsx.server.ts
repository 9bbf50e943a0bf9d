import { StringDecoder } from 'node:string_decoder';
import sax from 'sax';
import { columnIndex } from './columns.rules.ts';
import type { PriceListLimits } from './pricelist.constants.ts';
import type { PartInfo, RawChunk, RawRow } from './pricelist.schema.ts';
import { limitRow, PriceListError, slicer } from './raw.server.ts';
import { entryStream, openZip, unpackError, type OpenZip, type ZipEntryInfo } from './zip.server.ts';

/*
 * An XLSX read as a stream (ADR 094): the archive's parts reached through its central directory
 * (yauzl), so the shared strings are read first wherever they lie in the archive — exceljs's
 * streaming reader gives `{ sharedString: n }` instead of text when they come after the sheet — and
 * then each sheet's XML is parsed by sax slice by slice, rows handed on in chunks. Only the shared
 * strings and the rows at hand are held.
 */

/** Parts an XLSX may have (sheets, styles, drawings, images…) before it is taken for a bomb. */
const MAX_XLSX_PARTS = 5000;
/** A part this small may compress as much as it likes. */
const SMALL_PART = 1024 * 1024;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const k = e.toLowerCase();
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'amp') return '&';
    if (k === 'quot') return '"';
    if (k === 'apos') return "'";
    return String.fromCodePoint(k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10));
  });
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) out[localName(m[1]!)] = unescapeXml(m[3] ?? m[4] ?? '');
  return out;
}

function findPart(zip: OpenZip, path: string): ZipEntryInfo | undefined {
  const wanted = path.replace(/^\//, '').toLowerCase();
  return zip.entries.find((e) => e.name.toLowerCase() === wanted);
}

/** A part checked against bombs, then streamed as text into `write`, slice by slice. */
async function* streamPart(zip: OpenZip, part: ZipEntryInfo, limits: PriceListLimits, write: (text: string) => void): AsyncGenerator<void> {
  if (part.size > SMALL_PART && part.size > part.compressed * limits.maxCompressionRatio) {
    throw new PriceListError('zip_bomb', `${part.name} сжат в ${Math.round(part.size / Math.max(part.compressed, 1))} раз`);
  }
  const stream = await entryStream(zip.zip, part);
  const decoder = new StringDecoder('utf8');
  try {
    for await (const bytes of stream as AsyncIterable<Buffer>) {
      write(decoder.write(bytes));
      yield;
    }
    write(decoder.end());
  } catch (error) {
    throw unpackError(error, part.name);
  } finally {
    stream.destroy();
  }
}

async function readSmallPart(zip: OpenZip, part: ZipEntryInfo | undefined, limits: PriceListLimits): Promise<string> {
  if (!part) return '';
  let text = '';
  for await (const _ of streamPart(zip, part, limits, (t) => { text += t; })) {
    if (text.length > 16 * 1024 * 1024) throw new PriceListError('zip_bomb', `${part.name} слишком большой`);
  }
  return text;
}

function xmlParser(file: string): sax.SAXParser {
  const parser = sax.parser(true, { trim: false, normalize: false, position: false });
  parser.onerror = (error) => { throw new PriceListError('bad_type', `${file}: XML повреждён (${error.message.split('\n')[0]})`); };
  return parser;
}

/** Every shared string in order; rich text runs joined, phonetic guides left out. */
async function readSharedStrings(zip: OpenZip, part: ZipEntryInfo | undefined, limits: PriceListLimits): Promise<string[]> {
  if (!part) return [];
  if (part.size > limits.maxSharedStringsBytes) throw new PriceListError('too_large', `общие строки книги — ${Math.round(part.size / 1024 / 1024)} МБ`);
  const strings: string[] = [];
  const parser = xmlParser(part.name);
  let inSi = false;
  let inT = false;
  let phonetic = 0;
  let current = '';
  parser.onopentag = (tag) => {
    const name = localName(tag.name);
    if (name === 'si') { inSi = true; current = ''; } else if (name === 't') inT = true;
    else if (name === 'rPh') phonetic++;
  };
  parser.onclosetag = (tagName) => {
    const name = localName(tagName);
    if (name === 'si') { strings.push(current); inSi = false; } else if (name === 't') inT = false;
    else if (name === 'rPh') phonetic--;
  };
  parser.ontext = (text) => { if (inSi && inT && phonetic === 0) current += text; };
  parser.oncdata = parser.ontext;
  const pause = slicer(limits.sliceMs);
  for await (const _ of streamPart(zip, part, limits, (t) => parser.write(t))) await pause();
  parser.close();
  return strings;
}

/** How a numeric cell is shown, as far as reading needs it: zero-padded to a width, or a date. */
type Shown = { pad: number } | { date: true } | null;

// Excel's built-in date formats (14–22, 45–47) and its default text-ish ones.
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Each cell style's way of showing numbers, from `styles.xml` (a small part). */
async function readStyles(zip: OpenZip, limits: PriceListLimits): Promise<Shown[]> {
  const xml = await readSmallPart(zip, findPart(zip, 'xl/styles.xml'), limits);
  if (!xml) return [];
  const formats = new Map<number, string>();
  for (const m of xml.matchAll(/<(?:\w+:)?numFmt\b([^>]*)>/g)) {
    const a = attributes(m[1]!);
    if (a.numFmtId && a.formatCode) formats.set(Number(a.numFmtId), a.formatCode);
  }
  const cellXfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(xml)?.[1] ?? '';
  return [...cellXfs.matchAll(/<(?:\w+:)?xf\b([^>]*)>/g)].map((m) => {
    const id = Number(attributes(m[1]!).numFmtId ?? 0);
    if (BUILT_IN_DATES.has(id)) return { date: true as const };
    const code = formats.get(id);
    if (!code) return null;
    if (/^0+$/.test(code)) return { pad: code.length };
    // A date format has day, month or year letters outside quotes and brackets.
    const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
    return /[dmy]/i.test(bare) && !/[#0?]/.test(bare) ? { date: true as const } : null;
  });
}

/** An Excel serial day (1900 system) as 'ДД.ММ.ГГГГ'. */
function serialDate(value: string): string {
  const serial = Number(value);
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return value;
  const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000);
  return `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${date.getUTCFullYear()}`;
}

function shownNumber(value: string, shown: Shown | undefined): string {
  if (!shown || value === '') return value;
  if ('pad' in shown) return /^\d+$/.test(value) ? value.padStart(shown.pad, '0') : value;
  return serialDate(value);
}

export interface SheetRef { name: string; path: string }

/** The workbook's sheets in its order, with the parts that hold them. */
async function sheetsOf(zip: OpenZip, limits: PriceListLimits): Promise<{ sheets: SheetRef[]; sharedStrings?: ZipEntryInfo }> {
  const workbook = await readSmallPart(zip, findPart(zip, 'xl/workbook.xml'), limits);
  const rels = await readSmallPart(zip, findPart(zip, 'xl/_rels/workbook.xml.rels'), limits);
  const targets = new Map<string, { type: string; target: string }>();
  for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
    const a = attributes(m[1]!);
    if (a.Id && a.Target) targets.set(a.Id, { type: a.Type ?? '', target: a.Target });
  }
  const resolve = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
  const sheets: SheetRef[] = [];
  for (const m of workbook.matchAll(/<(?:\w+:)?sheet\b([^>]*)>/g)) {
    const a = attributes(m[1]!);
    const rel = a.id ? targets.get(a.id) : undefined;
    if (rel && /worksheet$/.test(rel.type)) sheets.push({ name: a.name ?? '', path: resolve(rel.target) });
  }
  const sharedRel = [...targets.values()].find((r) => /sharedStrings$/.test(r.type));
  const sharedStrings = findPart(zip, sharedRel ? resolve(sharedRel.target) : 'xl/sharedStrings.xml');
  return { sheets, sharedStrings };
}

/** Rows of one sheet, in chunks. */
async function* readSheet(zip: OpenZip, entry: ZipEntryInfo, part: PartInfo, strings: string[], styles: Shown[], limits: PriceListLimits): AsyncGenerator<RawChunk> {
  const parser = xmlParser(entry.name);
  let rows: RawRow[] = [];
  let line = 0;
  let cells: string[] = [];
  let column = 0;
  let type = '';
  let style = 0;
  let value = '';
  let inValue = false;
  let inInline = false;
  let inRow = false;
  parser.onopentag = (tag) => {
    switch (localName(tag.name)) {
      case 'row': {
        const r = Number(tag.attributes.r);
        line = Number.isInteger(r) && r > line ? r : line + 1;
        cells = [];
        column = 0;
        inRow = true;
        break;
      }
      case 'c': {
        const ref = String(tag.attributes.r ?? '').replace(/\d+$/, '');
        const index = ref ? columnIndex(ref) : -1;
        column = index >= 0 ? index : cells.length;
        type = String(tag.attributes.t ?? '');
        style = Number(tag.attributes.s ?? 0);
        value = '';
        break;
      }
      case 'v': inValue = true; break;
      case 'is': inInline = true; break;
      case 't': if (inInline) inValue = true; break;
    }
  };
  parser.onclosetag = (tagName) => {
    switch (localName(tagName)) {
      case 'v': inValue = false; break;
      case 't': if (inInline) inValue = false; break;
      case 'is': inInline = false; break;
      case 'c': {
        if (!inRow || column >= limits.maxColumns * 10) break;
        let text = value;
        if (type === 's') text = strings[Number(value)] ?? '';
        else if (type === 'b') text = value === '1' ? 'TRUE' : 'FALSE';
        else if (type === 'e') text = '';
        else if ((type === '' || type === 'n') && style > 0) text = shownNumber(value, styles[style]);
        while (cells.length < column) cells.push('');
        cells[column] = text;
        break;
      }
      case 'row': {
        inRow = false;
        const row = limitRow(cells, line, limits);
        if (row) rows.push(row);
        break;
      }
    }
  };
  parser.ontext = (text) => { if (inValue) value += text; };
  parser.oncdata = parser.ontext;
  const pause = slicer(limits.sliceMs);
  for await (const _ of streamPart(zip, entry, limits, (t) => parser.write(t))) {
    if (rows.length >= limits.chunkRows) {
      yield { part, rows };
      rows = [];
    }
    await pause();
  }
  parser.close();
  if (rows.length > 0) yield { part, rows };
}

/** Every sheet's rows (or the one sheet named), in the workbook's order. */
export async function* readXlsx(path: string, file: string, limits: PriceListLimits, onlySheet?: string): AsyncGenerator<RawChunk> {
  const zip = await openZip(path, { maxEntries: MAX_XLSX_PARTS, maxBytes: limits.maxUncompressedBytes });
  try {
    const { sheets, sharedStrings } = await sheetsOf(zip, limits);
    if (sheets.length === 0) throw new PriceListError('bad_type', 'в книге нет листов');
    // First, wherever the part lies in the archive: the sheets' cells point into it.
    const strings = await readSharedStrings(zip, sharedStrings, limits);
    const styles = await readStyles(zip, limits);
    const wanted = onlySheet ? sheets.filter((s) => s.name.trim().toLowerCase() === onlySheet.trim().toLowerCase()) : sheets;
    for (const sheet of wanted.length > 0 ? wanted : sheets) {
      const entry = findPart(zip, sheet.path);
      if (!entry) continue;
      yield* readSheet(zip, entry, { file, type: 'xlsx', sheet: sheet.name }, strings, styles, limits);
    }
  } finally {
    zip.close();
  }
}
