import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { PriceListError } from './raw.server.ts';

/*
 * ZIP containers (a ZIP of price lists, an XLSX's parts) read with yauzl from the central directory
 * (ADR 094): entries opened in any order, sizes and counts checked before anything is unpacked, and
 * every unpacked byte counted against what the entry declared (yauzl refuses a lying header).
 */

export interface ZipEntryInfo { name: string; entry: yauzl.Entry; size: number; compressed: number; directory: boolean }

/** The entry's name: UTF-8 when flagged or valid, else the DOS code page Russian Windows writes (866). */
function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  if (entry.generalPurposeBitFlag & 0x800) return raw.toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return new TextDecoder('ibm866').decode(raw);
  }
}

export interface OpenZip { zip: yauzl.ZipFile; entries: ZipEntryInfo[]; close: () => void }

/** The archive's entries, refused as a bomb over `maxEntries` or over `maxBytes` unpacked in all. */
export async function openZip(path: string, limits: { maxEntries: number; maxBytes: number }): Promise<OpenZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true });
  } catch (error) {
    throw new PriceListError('bad_type', `архив повреждён: ${(error as Error).message}`);
  }
  const close = () => { if (zip.isOpen) zip.close(); };
  try {
    if (zip.entryCount > limits.maxEntries) throw new PriceListError('zip_bomb', `${zip.entryCount} файлов в архиве, допустимо не больше ${limits.maxEntries}`);
    const entries: ZipEntryInfo[] = [];
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      const name = entryName(entry);
      total += entry.uncompressedSize;
      if (total > limits.maxBytes) throw new PriceListError('zip_bomb', `распаковывается больше чем в ${Math.round(limits.maxBytes / 1024 / 1024)} МБ`);
      entries.push({ name, entry, size: entry.uncompressedSize, compressed: entry.compressedSize, directory: name.endsWith('/') });
    }
    return { zip, entries, close };
  } catch (error) {
    close();
    if (error instanceof PriceListError) throw error;
    throw new PriceListError('bad_type', `архив повреждён: ${(error as Error).message}`);
  }
}

/** An entry's bytes as a stream; a size beyond the declared one is an error of the stream. */
export async function entryStream(zip: yauzl.ZipFile, info: ZipEntryInfo): Promise<Readable> {
  try {
    return await zip.openReadStreamPromise(info.entry);
  } catch (error) {
    throw new PriceListError('bad_type', `не распаковывается ${info.name}: ${(error as Error).message}`);
  }
}

/** Errors of unpacking as the report's codes: a size mismatch is a forged header, so a bomb. */
export function unpackError(error: unknown, name: string): PriceListError {
  if (error instanceof PriceListError) return error;
  const message = (error as Error).message ?? String(error);
  if (/too many bytes|too few bytes|size/i.test(message)) return new PriceListError('zip_bomb', `${name}: размер не совпадает с заявленным`);
  return new PriceListError('bad_type', `${name}: ${message}`);
}
