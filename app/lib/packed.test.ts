import { describe, expect, it } from 'vitest';
import { pack, unpack } from './packed.ts';

describe('a packed view', () => {
  const view = { title: 'Тракторы', items: [{ id: 1, price: 652_700_000, oldPrice: null }], trail: [] };

  it('travels as one JSON text and reads back equal', () => {
    const packed = pack(view);
    expect(Object.keys(packed)).toEqual(['json']);
    const sent = JSON.parse(JSON.stringify(packed)) as typeof packed;
    expect(unpack(sent)).toEqual(view);
  });

  it('refuses what JSON would lose, such as a streamed promise', () => {
    expect(() => pack({ similar: Promise.resolve([]) })).toThrow(/promise/);
  });

  it('is the same object on the server and parsed once in the browser', () => {
    const packed = pack(view);
    expect(unpack(packed)).toBe(view);
    const arrived = { json: packed.json };
    expect(unpack(arrived)).toBe(unpack(arrived));
  });
});
