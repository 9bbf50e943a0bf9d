import { describe, expect, it } from 'vitest';
import { looksLikePartCode, normalizePartCode, partCodeCandidates, switchKeyboardLayout } from './part-code.rules.ts';

describe('normalizePartCode', () => {
  it('drops dashes, spaces, dots and slashes', () => {
    expect(normalizePartCode('240-1005030')).toBe('2401005030');
    expect(normalizePartCode('W 940/25')).toBe('W94025');
    expect(normalizePartCode('700.17.01.000')).toBe('7001701000');
    expect(normalizePartCode(' 6PK 1220 ')).toBe('6PK1220');
    expect(normalizePartCode('A–B—C_D\tE')).toBe('ABCDE');
  });

  it('ignores case', () => {
    expect(normalizePartCode('re504836')).toBe('RE504836');
    expect(normalizePartCode('Re504836')).toBe(normalizePartCode('RE504836'));
  });

  it('reads each Cyrillic look-alike as its Latin letter, in both cases', () => {
    const pairs: Array<[string, string]> = [
      ['А', 'A'], ['В', 'B'], ['Е', 'E'], ['Ё', 'E'], ['К', 'K'], ['М', 'M'], ['Н', 'H'], ['О', 'O'],
      ['Р', 'P'], ['С', 'C'], ['Т', 'T'], ['У', 'Y'], ['Х', 'X'], ['І', 'I'], ['Ѕ', 'S'], ['Ј', 'J'],
    ];
    for (const [cyr, lat] of pairs) {
      expect(normalizePartCode(`1${cyr}2`)).toBe(`1${lat}2`);
      expect(normalizePartCode(`1${cyr.toLowerCase()}2`)).toBe(`1${lat}2`);
    }
  });

  it('finds AB12345 from АВ-123.45', () => {
    expect(normalizePartCode('АВ-123.45')).toBe('AB12345');
    expect(normalizePartCode('ав 123 45')).toBe('AB12345');
  });

  it('keeps Cyrillic letters that have no Latin look-alike', () => {
    expect(normalizePartCode('10.01.20.070Б')).toBe('100120070Б');
    expect(normalizePartCode('50-1007020-д')).toBe('501007020Д');
  });

  it('gives nothing for a query without a letter or a digit', () => {
    expect(normalizePartCode(' -./ ')).toBe('');
  });
});

describe('switchKeyboardLayout', () => {
  it('maps the Russian layout back to the Latin keys, punctuation keys included', () => {
    expect(switchKeyboardLayout('ку504836', 'latin')).toBe('re504836');
    expect(switchKeyboardLayout('КУ504836', 'latin')).toBe('RE504836');
    expect(switchKeyboardLayout('фд160771', 'latin')).toBe('al160771');
    expect(switchKeyboardLayout('ц940.25', 'latin')).toBe('w940/25');
  });

  it('maps the Latin layout to the Russian keys', () => {
    expect(switchKeyboardLayout('100120070,', 'cyrillic')).toBe('100120070б');
    expect(switchKeyboardLayout('Hjcn', 'cyrillic')).toBe('Рост');
  });
});

describe('partCodeCandidates', () => {
  it('puts the code as typed first, then the wrong-layout readings', () => {
    expect(partCodeCandidates('ку-504836')).toEqual(['KY504836', 'RE504836']);
    expect(partCodeCandidates('RE504836')[0]).toBe('RE504836');
    expect(partCodeCandidates('100120070,')).toContain('100120070Б');
  });

  it('does not repeat a candidate and gives none for punctuation only', () => {
    expect(partCodeCandidates('2401005030')).toEqual(['2401005030']);
    expect(partCodeCandidates('--')).toEqual([]);
  });
});

describe('looksLikePartCode', () => {
  it('wants a digit and two characters', () => {
    expect(looksLikePartCode('AB-1')).toBe(true);
    expect(looksLikePartCode('фильтр')).toBe(false);
    expect(looksLikePartCode('7')).toBe(false);
  });
});
