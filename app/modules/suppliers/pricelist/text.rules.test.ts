import { describe, expect, it } from 'vitest';
import { windows1251 } from './pricelist.test-fixture.server.ts';
import { guessDelimiter, guessEncoding, guessNewline } from './text.rules.ts';

describe('the encoding of a text price list', () => {
  const text = 'Код;Бренд;Наименование;Цена\r\n12-345;Ростсельмаш;Фильтр масляный;1 234,50\r\n';

  it('is UTF-8 when the bytes decode strictly, with or without a BOM', () => {
    expect(guessEncoding(Buffer.from(text))).toEqual({ encoding: 'utf-8', bom: 0 });
    expect(guessEncoding(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual({ encoding: 'utf-8', bom: 3 });
  });

  it('is Windows-1251 when the bytes are no UTF-8 and read as Russian in that code page', () => {
    expect(guessEncoding(windows1251(text))?.encoding).toBe('windows-1251');
  });

  it('tells KOI8-R and DOS 866 apart from Windows-1251 by the letters they give', () => {
    const koi = new Map<string, number>();
    const d = new TextDecoder('koi8-r');
    for (let b = 128; b < 256; b++) koi.set(d.decode(Uint8Array.of(b)), b);
    const bytes = Buffer.from([...text].map((ch) => koi.get(ch) ?? ch.charCodeAt(0)));
    expect(guessEncoding(bytes)?.encoding).toBe('koi8-r');
  });

  it('is UTF-16 with its byte-order mark (Excel\'s "Unicode text")', () => {
    expect(guessEncoding(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toEqual({ encoding: 'utf-16le', bom: 2 });
  });

  it('does not take a UTF-8 character cut by the sample\'s end for another encoding', () => {
    const bytes = Buffer.from('Цена');
    expect(guessEncoding(bytes.subarray(0, bytes.length - 1))?.encoding).toBe('utf-8');
  });
});

describe('the delimiter and line ends', () => {
  it('takes ";" over "," when commas are decimal marks', () => {
    expect(guessDelimiter('Код;Цена;Остаток\n1;1 234,50;5\n2;99,90;>10\n3;10;нет\n')).toBe(';');
  });

  it('takes "," for a comma-separated file with quoted decimals', () => {
    expect(guessDelimiter('code,brand,price\n1,"BOSCH","12,50"\n2,MANN,7.5\n')).toBe(',');
  });

  it('takes a tab and a pipe', () => {
    expect(guessDelimiter('a\tb\tc\n1\t2\t3\n')).toBe('\t');
    expect(guessDelimiter('a|b|c\n1|2|3\n')).toBe('|');
  });

  it('finds the line end', () => {
    expect(guessNewline('a\r\nb')).toBe('\r\n');
    expect(guessNewline('a\nb')).toBe('\n');
    expect(guessNewline('a\rb')).toBe('\r');
  });
});
