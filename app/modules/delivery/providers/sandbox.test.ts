import { describe, expect, it } from 'vitest';
import { SANDBOX_CITIES, SANDBOX_STREETS } from './sandbox-addresses.ts';
import { sandboxSuggestions } from './sandbox.ts';

const suggest = (q: string, limit = 7) => sandboxSuggestions().suggest(q, limit);

describe('sandbox address suggestions', () => {
  it('cover cities of both countries, each street with a point near its city', () => {
    expect(new Set(SANDBOX_CITIES.map((c) => c.country))).toEqual(new Set(['Россия', 'Казахстан']));
    for (const c of ['Смоленск', 'Москва', 'Астана', 'Алматы']) expect(SANDBOX_CITIES.some((x) => x.city === c)).toBe(true);
    expect(SANDBOX_STREETS.every((s) => Math.abs(s.dLat) < 0.05 && Math.abs(s.dLng) < 0.1)).toBe(true);
  });

  it('a city alone offers the city first, then its streets', async () => {
    const list = await suggest('смоленск');
    expect(list[0]).toMatchObject({ value: 'г Смоленск, Смоленская обл', address: { city: 'Смоленск', street: '' }, coords: { lat: 54.7826, long: 32.0453 } });
    expect(list.slice(1).every((s) => s.address.city === 'Смоленск' && s.address.street !== '')).toBe(true);
    expect(list).toHaveLength(7);
  });

  it('reads prefixes in any order, ignores "г.", "ул.", "д." and punctuation, folds ё, carries the house', async () => {
    const [first] = await suggest('ул. Садов, г. Орел, д. 7а');
    expect(first).toMatchObject({ value: 'г Орёл, ул Садовая, д 7а', address: { city: 'Орёл', street: 'ул Садовая', house: '7а', region: 'Орловская обл', country: 'Россия' } });
    expect(first!.coords).not.toBeNull();
    const [kz] = await suggest('Павлодар победы 12');
    expect(kz).toMatchObject({ value: 'г. Павлодар, пр-кт Победы, д 12', address: { country: 'Казахстан' } });
  });

  it('answers nothing for unknown places or noise only, and at most the limit', async () => {
    expect(await suggest('Гонолулу')).toEqual([]);
    expect(await suggest('г. ул. д.')).toEqual([]);
    expect(await suggest('ул', 3)).toEqual([]);
    expect(await suggest('ленина', 3)).toHaveLength(3);
  });
});
