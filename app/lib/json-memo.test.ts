import { describe, expect, it } from 'vitest';
import { jsonOf, stringifyView, viewJsonOf } from './json-memo.ts';

const card = (id: number) => ({ id, name: `Кировец К-${id} «Люкс» \u2028 "кавычки"`, offer: id % 2 ? { price: id * 100, oldPrice: null } : null, specs: ['350 л.с.', undefined, 7], note: undefined });

describe('the JSON of views', () => {
  it('is what JSON.stringify gives, character for character, whether the objects were seen or not', () => {
    const items = [1, 2, 3].map(card);
    const view = {
      state: { page: 1, filters: [{ id: 1, checked: true }], at: new Date(Date.UTC(2026, 10, 24)) },
      listing: { items, total: 3, empty: [] as unknown[], none: null },
      skip: undefined,
      handler: () => 1,
      text: 'строка </script>',
      numbers: [1, Number.NaN, -0, 1e21],
      nested: { deeper: { deepest: { list: items } } },
      nullProto: Object.assign(Object.create(null) as object, { a: 1 }),
      ownToJson: { secret: 1, toJSON: () => 'своё' },
    };
    const native = JSON.stringify(view);
    expect(stringifyView(view)).toBe(native);
    for (const item of items) jsonOf(item);
    expect(stringifyView(view)).toBe(native);
    // Some items seen, some not; an array whose first item was seen is joined from the parts.
    const mixed = [items[0], card(4), items[2], undefined, () => 0];
    expect(stringifyView({ mixed })).toBe(JSON.stringify({ mixed }));
    expect(stringifyView(undefined)).toBeUndefined();
    expect(stringifyView('а')).toBe('"а"');
  });

  it('takes the text of an object seen before instead of making it again', () => {
    const item = card(5);
    const made = jsonOf(item);
    expect(jsonOf(item)).toBe(made);
    // Views are never changed once made: the kept text stands for the object.
    (item as { name: string }).name = 'другое';
    expect(stringifyView({ items: [item] })).toBe(`{"items":[${made}]}`);
  });

  it("keeps a whole view's text with it, made as stringifyView makes it", () => {
    const items = [6, 7].map(card);
    for (const item of items) jsonOf(item);
    const view = { items, page: { at: 1 }, skip: undefined };
    const made = viewJsonOf(view);
    expect(made).toBe(JSON.stringify(view));
    (view.page as { at: number }).at = 2;
    expect(viewJsonOf(view)).toBe(made);
    expect(viewJsonOf([view])).toBe(`[${made}]`);
  });
});
