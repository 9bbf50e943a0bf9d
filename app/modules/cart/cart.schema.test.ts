import { describe, expect, it } from 'vitest';
import { CART_ADD_MAX_PRODUCTS, CART_COUNT_MAX, CART_ITEMS_LIMIT } from './cart.constants.ts';
import { cartAddInput } from './cart.schema.ts';

const message = (input: unknown) => cartAddInput.safeParse(input).error?.issues[0]?.message;

describe('POST /api/cart/add input', () => {
  it('pins the cart\'s numbers', () => {
    expect([CART_ITEMS_LIMIT, CART_COUNT_MAX, CART_ADD_MAX_PRODUCTS]).toEqual([200, 9999, 50]);
  });

  it('merges a part named twice, summing its counts up to 9999', () => {
    expect(cartAddInput.parse({ products: [{ part_id: 5, count: 2 }, { part_id: 7, count: 1 }, { part_id: 5, count: 3 }] }))
      .toEqual([{ partId: 5, count: 5 }, { partId: 7, count: 1 }]);
    expect(cartAddInput.parse({ products: [{ part_id: 5, count: 9000 }, { part_id: 5, count: 9000 }] })).toEqual([{ partId: 5, count: 9999 }]);
    expect(cartAddInput.parse({ products: [{ part_id: '5', count: '2' }] })).toEqual([{ partId: 5, count: 2 }]);
  });

  it('refuses everything else with the reason in Russian', () => {
    expect(message({})).toBe('Укажите товары: products — список из {part_id, count}');
    expect(message({ products: [] })).toBe('Укажите товары: products — список из {part_id, count}');
    expect(message({ products: Array.from({ length: 51 }, () => ({ part_id: 1, count: 1 })) })).toBe('За один раз можно добавить не больше 50 товаров');
    for (const count of [0, -1, 1e9, 1.5, '01', ' 1', '1e3', true, null]) {
      expect(message({ products: [{ part_id: 1, count }] }), String(count)).toBe('count — целое число от 1 до 9999');
    }
    for (const partId of [0, -1, 2 ** 31, '0x10', [1], '1\u0000', 99_999_999_999_999_999_999]) {
      expect(message({ products: [{ part_id: partId, count: 1 }] }), String(partId)).toBe('part_id — целое положительное число');
    }
  });
});

describe('issue 10 inputs', () => {
  it('change-count: a line id and a count 1..9999', async () => {
    const { changeCountInput } = await import('./cart.schema.ts');
    expect(changeCountInput.parse({ id: '12', count: 3 })).toEqual({ id: 12, count: 3 });
    for (const bad of [{ id: 1, count: 0 }, { id: 1, count: 10_000 }, { id: 0, count: 1 }, { id: 1 }, { count: 1 }, null, { id: 1, count: '1 000' }]) {
      expect(changeCountInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('remove: one id or a list of up to 200, repeats merged; 10,000 refused before the items are read', async () => {
    const { removeInput } = await import('./cart.schema.ts');
    expect(removeInput.parse({ id: 5 })).toEqual([5]);
    expect(removeInput.parse({ id: [5, '7', 5] })).toEqual([5, 7]);
    const huge = removeInput.safeParse({ id: Array.from({ length: 10_000 }, () => 'x') });
    expect(huge.error?.issues).toHaveLength(1);
    expect(huge.error?.issues[0]?.message).toBe(`За один раз можно удалить не больше ${CART_ITEMS_LIMIT} строк — столько вмещает корзина`);
    for (const bad of [{}, { id: [] }, { id: null }, { id: [1, 0] }, { id: '1,2' }, { id: { 0: 1 } }]) {
      expect(removeInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('nearest-branch: latitude -90..90 and longitude -180..180 as plain decimals', async () => {
    const { nearestBranchQuery } = await import('./cart.schema.ts');
    expect(nearestBranchQuery.parse({ lat: '54.78', long: '-32.04' })).toEqual({ lat: 54.78, long: -32.04 });
    for (const bad of [{ lat: '90.1', long: '0' }, { lat: '0', long: '180.5' }, { lat: 'NaN', long: '0' }, { lat: '1e2', long: '0' }, { lat: '0' }]) {
      expect(nearestBranchQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
