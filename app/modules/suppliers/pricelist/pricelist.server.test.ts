import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAutoPublish } from './check.rules.ts';
import { checkPriceList, previewPriceList, processPriceList, type ProcessOptions } from './pricelist.server.ts';
import type { CheckedRow } from './pricelist.schema.ts';
import { elfHeader, windows1251, xlsxOf, xlsxParts, zipOf } from './pricelist.test-fixture.server.ts';
import { PriceListError, readPriceList } from './read.server.ts';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'price-list-test-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

async function file(name: string, content: Uint8Array | string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

const options: ProcessOptions = { currency: 'RUB' };
const thresholds = { maxErrorPercent: 5, maxPriceJumpPercent: 10, maxUnknownBrandPercent: 50, maxShrinkPercent: 50 };

async function checked(name: string, content: Uint8Array | string, more: Partial<ProcessOptions> = {}) {
  const rows: CheckedRow[] = [];
  const run = await checkPriceList({ path: await file(name, content), name }, { ...options, ...more }, (chunk) => { rows.push(...chunk); });
  return { run, rows, report: run.report };
}

const WIN_CSV = [
  'Прайс-лист ООО «АгроЗапчасть» на 01.12.2026',
  '',
  'Артикул;Производитель;Наименование;Цена, руб.;Остаток;Кратность;Мин. заказ',
  '12-345;Ростсельмаш;Фильтр масляный;1 234,50;>10;1;1',
  '77.01.002;Клаас;Нож сегментный «Люкс»;89,90;много;10;20',
  'RSM 101;Ростсельмаш;Ремень приводной;12 000;нет;;',
  ';Ростсельмаш;Без кода;100;1;;',
  '12-345;ростсельмаш;Фильтр масляный (повтор);1 234,50;5;;',
  '99-1;MANN;Фильтр;-15;5;;',
].join('\r\n');

describe('a Windows-1251 CSV with ";" and decimal commas', () => {
  it('is read with its encoding and delimiter told apart, its header found below the title', async () => {
    const { run, rows, report } = await checked('price.csv', windows1251(WIN_CSV));
    expect(run.type).toBe('csv');
    expect(run.parts).toMatchObject([{ encoding: 'windows-1251', delimiter: ';' }]);
    expect(run.mapped[0]!.mapping.headerLine).toBe(3);
    expect(rows[0]).toMatchObject({ line: 4, code: '12-345', brand: 'Ростсельмаш', name: 'Фильтр масляный', price: 123450, stock: { quantity: 10, kind: 'at_least' }, ok: true });
    expect(rows[1]).toMatchObject({ name: 'Нож сегментный «Люкс»', price: 8990, stock: { kind: 'in_stock' }, multiplicity: 10, minOrder: 20 });
    expect(rows[2]).toMatchObject({ code: 'RSM 101', price: 1200000, stock: { quantity: 0, kind: 'none' } });
    expect(report).toMatchObject({ rows: 6, okRows: 3, errorRows: 3, counts: { empty_code: 1, duplicate: 1, negative_price: 1 }, fileProblems: [] });
    expect(decideAutoPublish(report, thresholds).decision).toBe('hold');
  });
});

describe('a UTF-8 CSV with ","', () => {
  it('is read with quoted cells, a BOM and a currency column', async () => {
    const csv = '\ufeffcode,brand,name,price,qty,currency\n"A-1","BOSCH","Filter, oil","12.50",">10",EUR\nB-2,MANN,"Belt ""XL""",7,5,$\nC-3,MANN,Hose,9,1,GBP\n';
    const { run, rows, report } = await checked('list.csv', csv);
    expect(run.parts[0]).toMatchObject({ encoding: 'utf-8', delimiter: ',' });
    expect(rows.map((r) => [r.code, r.name, r.price, r.currency])).toEqual([['A-1', 'Filter, oil', 1250, 'EUR'], ['B-2', 'Belt "XL"', 700, 'USD'], ['C-3', 'Hose', 900, null]]);
    expect(report.counts).toEqual({ unknown_currency: 1 });
  });

  it('saved by Excel as "Unicode text" (UTF-16, tabs) is read, the currency taken from the price header', async () => {
    const text = 'Артикул\tБренд\tЦена, USD\r\nA-1\tMANN\t12,5\r\n';
    const { run, rows } = await checked('unicode.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(run.parts[0]).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
    expect(rows).toMatchObject([{ code: 'A-1', brand: 'MANN', price: 1250, currency: 'USD', ok: true }]);
  });

  it('is read the same from a stream', async () => {
    const csv = 'Код,Цена\nA-1,"1 234,50"\n';
    const reading = await readPriceList({ stream: Readable.from([Buffer.from(csv)]), name: 'upload' });
    const chunks = [];
    for await (const chunk of reading.chunks) chunks.push(chunk);
    expect(chunks[0]!.rows).toEqual([{ line: 1, cells: ['Код', 'Цена'] }, { line: 2, cells: ['A-1', '1 234,50'] }]);
  });
});

describe('an XLSX', () => {
  const sheet = [
    ['Прайс-лист'],
    ['Код', 'Бренд', 'Наименование', 'Цена', 'Наличие', 'Валюта'],
    ['12-345', 'Ростсельмаш', 'Фильтр', 1234.5, '>10', 'руб.'],
    ['000777', 'Клаас', 'Нож', 89.9, 3, 'RUB'],
  ];

  it('with its shared strings after the sheet is read with the strings, not their indexes', async () => {
    const { run, rows } = await checked('late-strings.xlsx', xlsxOf({ sheets: [{ name: 'Прайс', rows: sheet }], sharedStrings: 'last' }));
    expect(run.type).toBe('xlsx');
    expect(rows.map((r) => [r.code, r.brand, r.name, r.price, r.currency])).toEqual([
      ['12-345', 'Ростсельмаш', 'Фильтр', 123450, 'RUB'],
      ['000777', 'Клаас', 'Нож', 8990, 'RUB'],
    ]);
  });

  it('finds the sheet with the header among others', async () => {
    const { run, report } = await checked('two-sheets.xlsx', xlsxOf({ sheets: [{ name: 'Инструкция', rows: [['Как заказать'], ['Звоните']] }, { name: 'Прайс', rows: sheet }] }));
    expect(run.mapped.map((m) => m.part.sheet)).toEqual(['Прайс']);
    expect(run.unmapped).toMatchObject([{ code: 'no_header', part: 'two-sheets.xlsx — Инструкция' }]);
    expect(report).toMatchObject({ rows: 2, okRows: 2, fileProblems: [] });
  });

  it('with inline strings, cells skipped and rich text in its shared strings is read as shown', async () => {
    const xlsx = zipOf([
      { name: 'xl/workbook.xml', data: '<x:workbook xmlns:x="m" xmlns:r="r"><x:sheets><x:sheet name="Прайс &amp; остатки" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>' },
      { name: 'xl/_rels/workbook.xml.rels', data: '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/data.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="strings.xml"/></Relationships>' },
      { name: 'xl/worksheets/data.xml', data: '<x:worksheet xmlns:x="m"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Код</x:t></x:is></x:c><x:c r="C1" t="s"><x:v>0</x:v></x:c></x:row><x:row r="5"><x:c r="A5" t="inlineStr"><x:is><x:t>A-1</x:t></x:is></x:c><x:c r="C5"><x:v>1234.4999999</x:v></x:c></x:row></x:sheetData></x:worksheet>' },
      { name: 'xl/strings.xml', data: '<sst><si><r><t>Це</t></r><r><t>на</t></r><rPh><t>ツ</t></rPh></si></sst>' },
    ]);
    const { run, rows } = await checked('rich.xlsx', xlsx);
    expect(run.mapped[0]!.part.sheet).toBe('Прайс & остатки');
    expect(run.mapped[0]!.mapping.columns).toEqual({ code: 0, price: 2 });
    expect(rows).toMatchObject([{ line: 5, code: 'A-1', price: 123450 }]);
  });

  it('shows numbers as their styles do: zero-padded codes and dates', async () => {
    const parts = xlsxParts({ sheets: [{ name: 'A', rows: [] }] }).filter((p) => !p.name.startsWith('xl/worksheets/'));
    const xlsx = zipOf([
      ...parts,
      { name: 'xl/styles.xml', data: '<styleSheet><numFmts count="1"><numFmt numFmtId="164" formatCode="000000"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/></cellXfs></styleSheet>' },
      { name: 'xl/worksheets/sheet1.xml', data: '<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>Код</t></is></c><c t="inlineStr"><is><t>Цена</t></is></c><c t="inlineStr"><is><t>Поставка</t></is></c></row><row r="2"><c s="1"><v>777</v></c><c><v>10</v></c><c s="2"><v>46357</v></c></row></sheetData></worksheet>' },
    ]);
    const reading = await readPriceList({ path: await file('styled.xlsx', xlsx), name: 'styled.xlsx' });
    const chunks = [];
    for await (const chunk of reading.chunks) chunks.push(chunk);
    expect(chunks[0]!.rows[1]!.cells).toEqual(['000777', '10', '01.12.2026']);
  });

  it('is told by its content under any name', async () => {
    const reading = await readPriceList({ path: await file('price.csv', xlsxOf({ sheets: [{ name: 'A', rows: sheet }] })), name: 'price.csv' });
    await reading.dispose();
    expect(reading.type).toBe('xlsx');
  });
});

describe('an XLS', () => {
  it('written by Excel 97–2003 is read', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Артикул', 'Производитель', 'Цена', 'Остаток'], ['A-1', 'Ростсельмаш', 150.5, '>5'], ['B-2', 'MANN', 99, 0]]), 'Лист1');
    const { run, rows } = await checked('old.xls', XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    expect(run.type).toBe('xls');
    expect(rows.map((r) => [r.code, r.brand, r.price, r.stock])).toEqual([['A-1', 'Ростсельмаш', 15050, { quantity: 5, kind: 'at_least' }], ['B-2', 'MANN', 9900, { quantity: 0, kind: 'none' }]]);
  });

  it('saved as an HTML table by 1C is read too', async () => {
    const html = '\ufeff<html><body><table><tr><td>Код</td><td>Цена</td></tr><tr><td>A-1</td><td>10</td></tr></table></body></html>';
    const { run, rows } = await checked('1c.xls', html);
    expect(run.type).toBe('xls');
    expect(rows).toMatchObject([{ code: 'A-1', price: 1000 }]);
  });

  it('beyond its own cap is refused: it is read whole', async () => {
    const { report } = await checked('big.xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(2000)]), { limits: { maxXlsBytes: 1000 } });
    expect(report.fileProblems).toMatchObject([{ code: 'too_large' }]);
  });
});

describe('a ZIP', () => {
  it('with two lists reads both in turn, leaving out what is no price list and nested archives', async () => {
    const zip = zipOf([
      { name: 'склад-москва.csv', data: 'Код;Цена\nA-1;10\nA-2;20\n', dosName: true },
      { name: 'readme.pdf', data: '%PDF-1.4' },
      { name: 'inner.zip', data: zipOf([{ name: 'x.csv', data: 'Код;Цена\nX;1\n' }]) },
      { name: 'склад-ростов.xlsx', data: xlsxOf({ sheets: [{ name: 'Лист1', rows: [['Код', 'Цена'], ['B-1', 30], ['A-1', 40]] }] }) },
    ]);
    const { run, rows, report } = await checked('lists.zip', zip);
    expect(run.type).toBe('zip');
    expect(rows.map((r) => [r.part, r.code, r.price])).toEqual([
      ['lists.zip/склад-москва.csv', 'A-1', 1000], ['lists.zip/склад-москва.csv', 'A-2', 2000],
      ['lists.zip/склад-ростов.xlsx — Лист1', 'B-1', 3000], ['lists.zip/склад-ростов.xlsx — Лист1', 'A-1', 4000],
    ]);
    expect(rows[3]!.codes).toEqual(['duplicate']);
    expect(run.parts.filter((p) => p.skipped).map((p) => [p.file, p.skipped])).toEqual([['lists.zip/readme.pdf', 'bad_type'], ['lists.zip/inner.zip', 'bad_type']]);
    expect(report.fileProblems).toEqual([]);
  });

  it('holding no price list is refused with the reason its entries were left out', async () => {
    const { report } = await checked('docs.zip', zipOf([{ name: 'scan.pdf', data: '%PDF-1.4' }, { name: 'inner.zip', data: zipOf([]) }]));
    expect(report.fileProblems).toMatchObject([{ code: 'bad_type', part: 'docs.zip/scan.pdf' }]);
  });

  it('that unpacks beyond the cap is refused as a bomb before anything is unpacked', async () => {
    const zip = zipOf([{ name: 'price.csv', data: Buffer.alloc(8 * 1024 * 1024, 0x30) }]);
    expect(zip.length).toBeLessThan(64 * 1024);
    const { report } = await checked('bomb.zip', zip, { limits: { maxUncompressedBytes: 4 * 1024 * 1024 } });
    expect(report.fileProblems).toMatchObject([{ code: 'zip_bomb' }]);
    expect(decideAutoPublish(report, thresholds)).toMatchObject({ decision: 'hold', reasons: [{ code: 'file_problem', label: 'Файл не прочитан' }, { code: 'empty' }] });
  });

  it('whose entry lies about its size is refused as a bomb', async () => {
    const zip = zipOf([{ name: 'price.csv', data: `Код;Цена\n${'A;1\n'.repeat(100_000)}`, declaredSize: 100 }]);
    const { report } = await checked('liar.zip', zip);
    expect(report.fileProblems).toMatchObject([{ code: 'zip_bomb' }]);
  });

  it('with too many entries is refused', async () => {
    const zip = zipOf(Array.from({ length: 12 }, (_, i) => ({ name: `${i}.csv`, data: 'Код;Цена\nA;1\n' })));
    const { report } = await checked('many.zip', zip, { limits: { maxZipEntries: 10 } });
    expect(report.fileProblems).toMatchObject([{ code: 'zip_bomb' }]);
  });

  it('an XLSX whose sheet expands like a bomb is refused', async () => {
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/workbook.xml', data: '<workbook xmlns:r="r"><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>' },
      { name: 'xl/_rels/workbook.xml.rels', data: '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>' },
      { name: 'xl/worksheets/sheet1.xml', data: `<worksheet><sheetData>${' '.repeat(20 * 1024 * 1024)}</sheetData></worksheet>` },
    ]);
    const { report } = await checked('bomb.xlsx', bomb);
    expect(report.fileProblems).toMatchObject([{ code: 'zip_bomb' }]);
  });
});

describe('a file whose layout changed', () => {
  it('is refused with the template\'s columns that are gone, and waits', async () => {
    const template = { columns: { code: 'Артикул', brand: 'Производитель', price: 'Цена, руб.' } };
    const before = await checked('before.csv', 'Артикул;Производитель;Цена, руб.\nA-1;MANN;10\n', { template });
    expect(before.report).toMatchObject({ okRows: 1, fileProblems: [] });
    const after = await checked('after.csv', 'Номер детали;Бренд;Стоимость\nA-1;MANN;10\n', { template });
    expect(after.report.fileProblems).toMatchObject([{ code: 'layout_changed' }]);
    expect(after.run.unmapped[0]!.notFound).toEqual(['Артикул', 'Производитель', 'Цена, руб.']);
    expect(after.report.rows).toBe(0);
    expect(decideAutoPublish(after.report, thresholds).decision).toBe('hold');
  });

  it('by position is told by the headers saved with the template', async () => {
    const template = { headerRow: 1, columns: { code: 'A', price: 'C' }, headers: { code: 'Артикул', price: 'Цена' } };
    const { report } = await checked('moved.csv', 'Артикул;Цена;Остаток\nA-1;10;5\n', { template });
    expect(report.fileProblems).toMatchObject([{ code: 'layout_changed' }]);
  });

  it('doubly mapped columns are named for the answer', async () => {
    const { run, report } = await checked('double.csv', 'Код;Цена;Цена\nA;1;2\n');
    expect(report.fileProblems).toMatchObject([{ code: 'mapping' }]);
    expect(run.unmapped[0]).toMatchObject({ code: 'mapping', doubled: [{ field: 'price', columns: [1, 2] }] });
  });
});

describe('refusals', () => {
  it('an executable renamed .xlsx is not a table', async () => {
    const { run, report } = await checked('price.xlsx', elfHeader());
    expect(run.type).toBeNull();
    expect(report.fileProblems).toMatchObject([{ code: 'bad_type' }]);
    expect(report.fileProblems[0]!.detail).toContain('ELF');
  });

  it('a CSV with NUL bytes is refused, at its start or further on', async () => {
    expect((await checked('nul.csv', 'Код;Цена\nA\u0000;1\n')).report.fileProblems).toMatchObject([{ code: 'nul_bytes' }]);
    const late = `Код;Цена\n${'A;1\n'.repeat(40_000)}B\u0000;2\n`;
    expect((await checked('nul-late.csv', late)).report.fileProblems).toMatchObject([{ code: 'nul_bytes' }]);
  });

  it('300 columns are refused', async () => {
    const header = ['Код', 'Цена', ...Array.from({ length: 298 }, (_, i) => `К${i}`)].join(';');
    const { report } = await checked('wide.csv', `${header}\nA;1\n`);
    expect(report.fileProblems).toMatchObject([{ code: 'too_many_columns' }]);
  });

  it('a long row further down is kept out, the rest read', async () => {
    const wide = Array.from({ length: 150 }, () => 'x').join(';');
    const csv = `Код;Цена\n${Array.from({ length: 40 }, (_, i) => `A-${i};1\n`).join('')}${wide}\nB;2\n`;
    const { report } = await checked('one-wide.csv', csv);
    expect(report).toMatchObject({ rows: 42, okRows: 41, errorRows: 1, counts: { row_too_long: 1, bad_price: 1 }, fileProblems: [] });
  });

  it('an unclosed quote does not swallow the file into memory', async () => {
    const csv = `Код;Наименование;Цена\nA;"Фильтр;1\n${'B;x;1\n'.repeat(300_000)}`;
    const { report } = await checked('quote.csv', csv);
    expect(report.fileProblems).toMatchObject([{ code: 'row_too_long' }]);
  });

  it('a file over the size cap is refused without reading it, from a path or a stream', async () => {
    const path = await file('big.csv', Buffer.alloc(2048, 0x41));
    await expect(readPriceList({ path, name: 'big.csv', maxBytes: 1024 })).rejects.toMatchObject({ code: 'too_large' });
    let pulled = 0;
    const endless = Readable.from((function* () { for (;;) { pulled++; yield Buffer.alloc(64 * 1024, 0x41); } })());
    const error = await readPriceList({ stream: endless, name: 'endless.csv', maxBytes: 1024 * 1024 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PriceListError);
    expect((error as PriceListError).code).toBe('too_large');
    expect(pulled).toBeLessThan(40);
  });

  it('an empty file and a file of a header only are empty', async () => {
    expect((await checked('empty.csv', '')).report.fileProblems).toMatchObject([{ code: 'empty' }]);
    expect((await checked('header.csv', 'Код;Цена\n')).report.fileProblems).toMatchObject([{ code: 'empty' }]);
  });

  it('a text that stops being UTF-8 half-way is in no one encoding', async () => {
    const csv = Buffer.concat([Buffer.from(`Код;Наименование;Цена\n${'A;Фильтр;1\n'.repeat(20_000)}`), windows1251('B;Ремень;2\n')]);
    const { report } = await checked('mixed.csv', csv);
    expect(report.fileProblems).toMatchObject([{ code: 'bad_encoding' }]);
    expect(report.fileProblems[0]!.detail).toMatch(/после строки \d+/);
  });

  it('leaves no temporary files behind', async () => {
    const before = (await readdir(tmpdir())).filter((n) => n.startsWith('price-list-') && !n.startsWith('price-list-test-')).length;
    await checked('clean.zip', zipOf([{ name: 'a.csv', data: 'Код;Цена\nA;1\n' }]));
    await previewPriceList({ stream: Readable.from([Buffer.from(`Код;Цена\n${'A;1\n'.repeat(100)}`)]), name: 'p.csv' }, options);
    await (await processPriceList({ stream: Readable.from([Buffer.from('Код;Цена\nA;1\n')]), name: 'unread.csv' }, options)).dispose();
    const after = (await readdir(tmpdir())).filter((n) => n.startsWith('price-list-') && !n.startsWith('price-list-test-')).length;
    expect(after).toBe(before);
  });
});

describe('the preview', () => {
  it('shows the first ten mapped rows with their codes and stops reading', async () => {
    const lines = ['Код;Бренд;Цена', ';MANN;5', ...Array.from({ length: 50_000 }, (_, i) => `P-${i};MANN;${i + 1},50`)];
    const preview = await previewPriceList({ path: await file('long.csv', lines.join('\n')), name: 'long.csv' }, { ...options, knownBrands: new Set(['MANN']) });
    expect(preview.rows).toHaveLength(10);
    expect(preview.rows[0]).toMatchObject({ line: 2, code: '', codes: ['empty_code'], ok: false });
    expect(preview.rows[1]).toMatchObject({ line: 3, code: 'P-0', price: 150, codes: [], ok: true });
    expect(preview.mapped[0]!.mapping.columns).toEqual({ code: 0, brand: 1, price: 2 });
  });

  it('of a delta file says so', async () => {
    const preview = await previewPriceList({ path: await file('delta.csv', 'Код;Цена\nA;1\n'), name: 'delta.csv' }, { ...options, template: { columns: { code: 'Код', price: 'Цена' }, kind: 'delta' } });
    expect(preview.kind).toBe('delta');
  });
});

describe('the event loop', () => {
  it('is never held long while a large list is read and checked', async () => {
    const lines = ['Артикул;Бренд;Наименование;Цена;Остаток', ...Array.from({ length: 200_000 }, (_, i) => `RS-${i};Ростсельмаш;Деталь ${i};${i % 9000},50;${i % 7 === 0 ? '>10' : i % 50}`)];
    const path = await file('large.csv', lines.join('\n'));
    // The thread's CPU time between two ticks of a timer: the time the loop was held by the work,
    // without the time a busy machine kept the process waiting for a core.
    let worst = 0;
    let last = process.threadCpuUsage();
    const timer = setInterval(() => {
      const held = process.threadCpuUsage(last);
      worst = Math.max(worst, (held.user + held.system) / 1000);
      last = process.threadCpuUsage();
    }, 5);
    const run = await checkPriceList({ path, name: 'large.csv' }, options);
    clearInterval(timer);
    expect(run.report.okRows).toBe(200_000);
    expect(worst).toBeLessThan(100);
  });
});
