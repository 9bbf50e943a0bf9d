import { crc32, deflateRawSync, constants } from 'node:zlib';

/**
 * Gzip for cached pages whose few per-response values (the CSP nonce, the CSRF token) differ for
 * every visitor. Compressing each response again costs more than rendering it from the cache (the
 * cached home page fell from ~1,800 to ~880 requests/s once browsers asked for gzip). Instead the
 * page is compressed once, in pieces: each static piece is a raw DEFLATE stream ended by a full
 * flush (byte-aligned, no final block, no back-references into the values), and each response
 * splices its values in between as stored (uncompressed) blocks, then adds the final empty block
 * and the gzip trailer. The result is one valid gzip member (RFC 1951 §3.2.4, RFC 1952), built per
 * response with a CRC over the page and no compression work.
 */
export interface GzipTemplate {
  /** Uncompressed static pieces; there is one more piece than there are slots. */
  readonly pieces: readonly Buffer[];
  /** The same pieces, each compressed as raw DEFLATE ending with a full flush. */
  readonly compressed: readonly Buffer[];
  /** Which value goes into each slot between pieces. */
  readonly slots: readonly string[];
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A final fixed-Huffman block with only the end-of-block code: BFINAL=1, BTYPE=01, EOB. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
const MAX_STORED = 0xffff;

/** Splits `text` at every occurrence of the placeholders and compresses the pieces. */
export function gzipTemplate(text: string, placeholders: readonly string[], level = 9): GzipTemplate {
  const pieces: Buffer[] = [];
  const slots: string[] = [];
  const pattern = new RegExp(placeholders.map(escapeRegExp).join('|'), 'g');
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    pieces.push(Buffer.from(text.slice(last, match.index), 'utf8'));
    slots.push(match[0]);
    last = match.index + match[0].length;
  }
  pieces.push(Buffer.from(text.slice(last), 'utf8'));
  const compressed = pieces.map((piece) => deflateRawSync(piece, { level, finishFlush: constants.Z_FULL_FLUSH }));
  return { pieces, compressed, slots };
}

/** One response: the template with `values[placeholder]` in every slot, as a gzip body. */
export function renderGzip(template: GzipTemplate, values: Readonly<Record<string, string>>): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  const addText = (raw: Buffer) => { crc = crc32(raw, crc); size += raw.length; };
  template.pieces.forEach((piece, i) => {
    chunks.push(template.compressed[i]!);
    addText(piece);
    if (i < template.slots.length) {
      const value = Buffer.from(values[template.slots[i]!] ?? '', 'utf8');
      for (let offset = 0; offset < value.length; offset += MAX_STORED) {
        const part = value.subarray(offset, offset + MAX_STORED);
        chunks.push(storedBlockHeader(part.length), part);
      }
      addText(value);
    }
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** A non-final stored block at a byte boundary: BFINAL=0, BTYPE=00, padding, LEN, NLEN. */
function storedBlockHeader(length: number): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0x00;
  header.writeUInt16LE(length, 1);
  header.writeUInt16LE(~length & 0xffff, 3);
  return header;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
