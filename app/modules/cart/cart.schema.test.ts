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
