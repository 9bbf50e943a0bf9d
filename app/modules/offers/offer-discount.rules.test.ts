import { describe, expect, it } from 'vitest';
import { discountKey, discountState, maxDiscount, productDiscount, sendRefusal, type DiscountApproval } from './offer-discount.rules.ts';

/*
 * Discounts above a branch's threshold (issue 30 §3; ADR 088): what needs the branch manager's
 * approval, and when an approval stops holding.
 */

const product = (id: string, price: number, default_price: number, discount = 0, count = 1) => ({ id, prices: { price, default_price, discount, count } });
const offer = (...products: Array<ReturnType<typeof product>>) => ({ products }) as never;
const approvalOf = (content: never, percent: number): DiscountApproval => ({ key: discountKey(content), percent, threshold: 10, by: { userId: 7, name: 'Ирина Белова' }, at: '2026-11-28T10:00:00.000Z' });

describe('the discount of an offer', () => {
  it('is the largest of the products, the named one or the one the prices make, to 0.01 %', () => {
    expect(productDiscount({ price: 85_000, default_price: 100_000, discount: 0 })).toBe(15);
    expect(productDiscount({ price: 100_000, default_price: 100_000, discount: 4.55 })).toBe(4.55);
    expect(productDiscount({ price: 2, default_price: 3, discount: 0 })).toBe(33.33);
    expect(productDiscount({ price: 120, default_price: 100, discount: 0 })).toBe(0);
    expect(productDiscount({ price: 100, default_price: 0, discount: 0 })).toBe(0);
    expect(maxDiscount(offer(product('a', 95, 100), product('b', 88, 100), product('c', 100, 100)))).toBe(12);
  });

  it('needs an approval only above the threshold; at it, it goes without one', () => {
    expect(discountState(offer(product('a', 90, 100)), 10, null)).toMatchObject({ percent: 10, needed: false, approval: null, stale: false });
    const above = discountState(offer(product('a', 85, 100)), 10, null);
    expect(above).toMatchObject({ percent: 15, needed: true, approval: null });
    expect(sendRefusal(above)).toBe('Скидка 15 % выше порога филиала 10 %: отправить предложение можно после согласования руководителя филиала');
    expect(sendRefusal(discountState(offer(product('a', 87.5, 100)), 12.5, null))).toBeNull();
  });

  it('holds an approval for the prices approved; counts change nothing, any price or list price voids it', () => {
    const approved = offer(product('a', 85, 100), product('b', 50, 50));
    const approval = approvalOf(approved, 15);
    const held = discountState(approved, 10, approval);
    expect([held.approval, held.stale, sendRefusal(held)]).toEqual([approval, false, null]);
    expect(discountState(offer(product('a', 85, 100, 0, 3), product('b', 50, 50, 0, 2)), 10, approval).approval).toEqual(approval);
    for (const changed of [offer(product('a', 84, 100), product('b', 50, 50)), offer(product('a', 85, 100), product('b', 49, 50)), offer(product('a', 85, 100))]) {
      const state = discountState(changed, 10, approval);
      expect([state.approval, state.stale]).toEqual([null, true]);
    }
    expect(sendRefusal(discountState(offer(product('a', 84, 100), product('b', 50, 50)), 10, approval))).toBe('Скидка 16 % выше порога филиала 10 %: отправить предложение можно после согласования руководителя филиала');
  });
});
