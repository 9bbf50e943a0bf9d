import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';
import type { PriceListLimits } from './pricelist.constants.ts';
import type { RawChunk, RawRow } from './pricelist.schema.ts';
import { limitRow, PriceListError, slicer } from './raw.server.ts';

/*
 * An .xls read by SheetJS (the `@e965/xlsx` build of it; the `xlsx` package on npm is abandoned),
 * used for this format only (ADR 094): BIFF5/BIFF8 workbooks and the HTML or XML "Excel" files 1C and
 * others save under that name. The format cannot be streamed, so the file is read whole and its
 * size is capped lower; the rows are still handed on in chunks with turns for the event loop.
 */

// Old BIFF5 workbooks keep their text in the Windows code page (1251 for Russian ones).
XLSX.set_cptable(cptable);

/** A numeric cell as the supplier wrote it: dates and zero-padded codes as shown, other numbers raw. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 's': return String(cell.v);
    case 'b': return cell.v ? 'TRUE' : 'FALSE';
    case 'e': case 'z': return '';
    case 'd': return cell.w ?? String(cell.v);
    case 'n': {
      const format = typeof cell.z === 'string' ? cell.z : '';
      if (cell.w && (/^0{2,}$/.test(format) || (format !== '' && XLSX.SSF.is_date(format)))) return cell.w;
      return String(cell.v);
    }
    default: return cell.w ?? String(cell.v);
  }
}

export async function* readXls(path: string, file: string, size: number, limits: PriceListLimits, onlySheet?: string): AsyncGenerator<RawChunk> {
  if (size > limits.maxXlsBytes) {
    throw new PriceListError('too_large', `файл .xls читается целиком: не больше ${Math.round(limits.maxXlsBytes / 1024 / 1024)} МБ, сохраните его как XLSX или CSV`);
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(await readFile(path), { type: 'buffer', dense: true, cellNF: true, cellText: true, cellDates: false, cellFormula: false, cellHTML: false });
  } catch (error) {
    throw new PriceListError('bad_type', `книга Excel не читается: ${(error as Error).message}`);
  }
  const pause = slicer(limits.sliceMs);
  const names = onlySheet ? workbook.SheetNames.filter((n) => n.trim().toLowerCase() === onlySheet.trim().toLowerCase()) : [];
  for (const sheet of names.length > 0 ? names : workbook.SheetNames) {
    const data = (workbook.Sheets[sheet] as XLSX.DenseWorkSheet | undefined)?.['!data'] ?? [];
    const part = { file, type: 'xls' as const, sheet };
    let rows: RawRow[] = [];
    for (let r = 0; r < data.length; r++) {
      const source = data[r];
      if (!source) continue;
      const cells: string[] = [];
      for (let c = 0; c < source.length && c <= limits.maxColumns * 10; c++) cells.push(cellText(source[c]));
      const row = limitRow(cells, r + 1, limits);
      if (row) rows.push(row);
      if (rows.length >= limits.chunkRows) {
        yield { part, rows };
        rows = [];
      }
      await pause();
    }
    if (rows.length > 0) yield { part, rows };
  }
}
