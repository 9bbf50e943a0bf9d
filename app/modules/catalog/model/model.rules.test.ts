import { describe, expect, it } from 'vitest';
import { formatSpecValue } from '../catalog.rules.ts';
import { galleryStep, modelDescription, modelTitle, orderBranches, similarQueryString, stockLabel, stockState } from './model.rules.ts';
import { similarQueryInput, similarModelsQuery } from './model.schema.ts';

const num = (numValue: number, unit: string | null) => formatSpecValue(numValue, null, unit);

describe('formatSpecValue', () => {
  it('writes numbers the Russian way with the unit after a non-breaking space', () => {
    expect(num(2.5, 'м')).toBe('2,5\u00a0м');
    expect(num(420, 'л.с.')).toBe('420\u00a0л.с.');
    expect(num(12500, 'кг')).toBe('12\u00a0500\u00a0кг');
    expect(num(0.125, 'т')).toBe('0,13\u00a0т');
    expect(num(8, null)).toBe('8');
  });

  it('keeps text values as they are', () => {
    expect(formatSpecValue(null, '4x4', null)).toBe('4x4');
  });
});

describe('orderBranches', () => {
  const row = (id: number, name: string, countryId: number) => ({ branch: { id, name, city: name, countryId } });
  it('puts the visitor\'s branch first, then its country by name, then the others', () => {
    const rows = [row(24, 'Астана', 115), row(5, 'Воронеж', 1), row(30, 'Алматы', 115), row(1, 'Смоленск', 1), row(2, 'Белгород', 1)];
    expect(orderBranches(rows, { id: 1, countryId: 1 }).map((r) => r.branch.id)).toEqual([1, 2, 5, 30, 24]);
    expect(orderBranches(rows, { id: 24, countryId: 115 }).map((r) => r.branch.id)).toEqual([24, 30, 2, 5, 1]);
    expect(orderBranches(rows, { id: null, countryId: 115 }).map((r) => r.branch.id)).toEqual([30, 24, 2, 5, 1]);
  });
});

describe('stock', () => {
  it('says the quantity, the expected date or that there is none', () => {
    expect(stockLabel(stockState({ quantity: 3, expectedDate: null }))).toBe('В наличии: 3 шт.');
    expect(stockLabel(stockState({ quantity: 0, expectedDate: '2026-12-05' }))).toBe('Ожидается 5 декабря 2026 г.');
    expect(stockLabel(stockState({ quantity: 0, expectedDate: null }))).toBe('Нет в наличии');
    expect(stockLabel(stockState(null))).toBe('Нет в наличии');
  });
});

describe('head', () => {
  it('names the branch, or the dealer where no branch serves the region', () => {
    expect(modelTitle('К-735', 'Кировец', { id: 1, name: 'Смоленск' })).toBe('К-735 — Кировец, купить в филиале «Смоленск»');
    expect(modelTitle('К-735', 'Кировец', { id: null, name: 'Агротехника, Россия' })).toBe('К-735 — Кировец, купить у официального дилера');
  });

  it('cuts a long description on a word and falls back to a sentence of its own', () => {
    const long = 'Трактор '.repeat(40);
    const cut = modelDescription('К-735', 'Кировец', long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('Трактор…')).toBe(true);
    expect(modelDescription('К-735', 'Кировец', '  ')).toBe('К-735 (Кировец): характеристики, цена и наличие в филиалах официального дилера.');
  });
});

describe('galleryStep', () => {
  it('moves with the arrows, wraps around, jumps with Home and End', () => {
    expect(galleryStep(0, 3, 'ArrowRight')).toBe(1);
    expect(galleryStep(2, 3, 'ArrowRight')).toBe(0);
    expect(galleryStep(0, 3, 'ArrowLeft')).toBe(2);
    expect(galleryStep(1, 3, 'Home')).toBe(0);
    expect(galleryStep(0, 3, 'End')).toBe(2);
    expect(galleryStep(0, 3, 'Enter')).toBeNull();
    expect(galleryStep(0, 0, 'ArrowRight')).toBeNull();
  });
});

describe('the similar-models query', () => {
  it('round-trips the filter through the query string', () => {
    const filter = { specifications: [3, 7], inStock: true, sameManufacturer: true };
    const parsed = similarModelsQuery.parse(similarQueryInput(new URLSearchParams(similarQueryString(42, filter))));
    expect(parsed).toEqual({ modelId: 42, filter });
    expect(similarModelsQuery.parse(similarQueryInput(new URLSearchParams('modelId=42')))).toEqual({ modelId: 42, filter: {} });
  });
});
