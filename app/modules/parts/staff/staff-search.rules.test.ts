import { describe, expect, it } from 'vitest';
import { staffRelationLabel, staffWeight } from './staff-search.rules.ts';
import { staffSearchInput } from './staff-search.schema.ts';

describe('the employees\' search table', () => {
  it('names how each part was found', () => {
    expect(staffRelationLabel('exact', 0)).toBe('Номер');
    expect(staffRelationLabel('replacement', 1)).toBe('Замена');
    expect(staffRelationLabel('replacement', 2)).toBe('Замена через 2 шага');
    expect(staffRelationLabel('replacement', 5)).toBe('Замена через 5 шагов');
    expect(staffRelationLabel('analog', 0)).toBe('Аналог');
    expect(staffRelationLabel('replaced', 1)).toBe('Заменённый номер');
    expect(staffRelationLabel('near', 0)).toBe('Похожий номер');
    expect(staffRelationLabel('name', 0)).toBe('По названию');
  });

  it('writes weights in grams or kilograms', () => {
    expect(staffWeight(null)).toBe('—');
    expect(staffWeight(640)).toBe('640\u00a0г');
    expect(staffWeight(46_500)).toBe('46,5\u00a0кг');
    expect(staffWeight(1000)).toBe('1\u00a0кг');
  });

  it('takes a query of up to 100 characters with a letter or a digit; refuses control characters', () => {
    expect(staffSearchInput.parse({})).toEqual({ q: '' });
    expect(staffSearchInput.parse({ q: '  АВ-123.45 ' })).toEqual({ q: 'АВ-123.45' });
    expect(staffSearchInput.safeParse({ q: 'x'.repeat(101) }).error?.issues[0]?.message).toBe('Запрос слишком длинный: не больше 100 символов');
    expect(staffSearchInput.safeParse({ q: 'RE\u0000504' }).error?.issues[0]?.message).toBe('Поле "Номер или название" содержит недопустимые символы');
    expect(staffSearchInput.safeParse({ q: '---' }).error?.issues[0]?.message).toBe('Введите номер детали или начало названия: буквы или цифры');
  });
});
