import { crc32, deflateRawSync } from 'node:zlib';

/*
 * Files shaped like suppliers' price lists, made in the tests and the benchmark (ADR 094): a ZIP
 * writer that puts entries in the order given (so an XLSX's shared strings can come after its
 * sheet) and may declare a size it does not have, and a minimal XLSX on top of it.
 */

export interface ZipEntrySpec {
  name: string;
  data: Uint8Array | string;
  /** Stored without compression. */
  store?: boolean;
  /** A size to declare instead of the real one (a forged header). */
  declaredSize?: number;
  /** The name in the DOS code page 866 without the UTF-8 flag, as Windows' own archiver writes it. */
  dosName?: boolean;
}

function cp866(text: string): Buffer {
  const decoder = new TextDecoder('ibm866');
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b++) table.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from([...text].map((ch) => table.get(ch) ?? 0x3f));
}

export function zipOf(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const spec of entries) {
    const data = typeof spec.data === 'string' ? Buffer.from(spec.data, 'utf8') : Buffer.from(spec.data);
    const body = spec.store ? data : deflateRawSync(data, { level: 9 });
    const name = spec.dosName ? cp866(spec.name) : Buffer.from(spec.name, 'utf8');
    const flags = spec.dosName ? 0 : 0x800;
    const crc = crc32(data);
    const size = spec.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(spec.store ? 0 : 8, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(spec.store ? 0 : 8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function letter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) { const r = (n - 1) % 26; out = String.fromCharCode(65 + r) + out; n = Math.floor((n - 1) / 26); }
  return out;
}

export interface XlsxSpec {
  sheets: Array<{ name: string; rows: Array<Array<string | number>> }>;
  /** Where the shared strings go in the archive: before the sheets (as Excel writes) or after them. */
  sharedStrings?: 'first' | 'last';
}

/** The sheets' XML parts, text as shared strings and numbers as numbers; `rows()` can stream large sheets. */
export function xlsxParts(spec: XlsxSpec): ZipEntrySpec[] {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const shared = (text: string) => {
    let i = index.get(text);
    if (i === undefined) { i = strings.length; strings.push(text); index.set(text, i); }
    return i;
  };
  const sheets = spec.sheets.map((sheet, s) => {
    const parts: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'];
    sheet.rows.forEach((row, r) => {
      parts.push(`<row r="${r + 1}">`);
      row.forEach((value, c) => {
        const ref = `${letter(c)}${r + 1}`;
        if (typeof value === 'number') parts.push(`<c r="${ref}"><v>${value}</v></c>`);
        else if (value !== '') parts.push(`<c r="${ref}" t="s"><v>${shared(value)}</v></c>`);
      });
      parts.push('</row>');
    });
    parts.push('</sheetData></worksheet>');
    return { name: `xl/worksheets/sheet${s + 1}.xml`, data: parts.join('') };
  });
  const sst = {
    name: 'xl/sharedStrings.xml',
    data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((t) => `<si><t xml:space="preserve">${escape(t)}</t></si>`).join('')}</sst>`,
  };
  const head: ZipEntrySpec[] = [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${spec.sheets.map((_, s) => `<Override PartName="/xl/worksheets/sheet${s + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${spec.sheets.map((sheet, s) => `<sheet name="${escape(sheet.name)}" sheetId="${s + 1}" r:id="rId${s + 1}"/>`).join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${spec.sheets.map((_, s) => `<Relationship Id="rId${s + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${s + 1}.xml"/>`).join('')}<Relationship Id="rId${spec.sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
  ];
  return spec.sharedStrings === 'last' ? [...head, ...sheets, sst] : [...head, sst, ...sheets];
}

export function xlsxOf(spec: XlsxSpec): Buffer {
  return zipOf(xlsxParts(spec));
}

/** A Windows-1251 encoding of Russian text (TextEncoder writes only UTF-8). */
export function windows1251(text: string): Buffer {
  const decoder = new TextDecoder('windows-1251');
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b++) table.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from([...text].map((ch) => table.get(ch) ?? 0x3f));
}

/** An ELF executable's first bytes, as a program renamed to .xlsx would begin. */
export function elfHeader(): Buffer {
  const head = Buffer.alloc(4096);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]).copy(head);
  head.writeUInt16LE(2, 16);
  head.writeUInt16LE(0x3e, 18);
  head.writeUInt32LE(1, 20);
  return head;
}
