import { describe, expect, it } from 'vitest';
import { MAX_INT4, parseStrictInt, strictDecimal, strictInt } from './strict-number.ts';

describe('strict number parsing', () => {
  it('takes digits without sign, padding or leading zeros, and JSON integers', () => {
    expect(parseStrictInt('5001')).toBe(5001);
    expect(parseStrictInt(5001)).toBe(5001);
    expect(parseStrictInt('2147483647')).toBe(MAX_INT4);
    expect(parseStrictInt('0', { min: 0 })).toBe(0);
  });

  it('refuses every other spelling', () => {
    const bad: unknown[] = ['0x1389', '0X1389', ' 5001', '5001 ', '+5001', '-5001', '05001', '00', '5001.0', '5e3', '5_001', '٥٠٠١',
      '', '0', 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, [5001], ['5001'], { id: 5001 }, true, null, undefined,
      '2147483648', 2147483648, '9007199254740993', '1'.repeat(17), '5001\u0000'];
    for (const value of bad) expect(parseStrictInt(value), String(value)).toBeNull();
  });

  it('as zod schemas: one message for any bad id or coordinate', () => {
    const id = strictInt('Регион не найден. Выберите регион из списка');
    expect(id.parse('42')).toBe(42);
    expect(id.safeParse('0x2a').error?.issues[0]?.message).toBe('Регион не найден. Выберите регион из списка');
    const coord = strictDecimal('Регион не найден. Выберите регион из списка');
    expect(coord.parse('-54.78')).toBe(-54.78);
    expect(coord.parse(32.04)).toBe(32.04);
    for (const bad of ['0x10', '1e2', ' 54.7', '54.', '.5', '', [54], 'NaN', 'Infinity']) {
      expect(coord.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});
