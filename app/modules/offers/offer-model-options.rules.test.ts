import { describe, expect, it } from 'vitest';
import example from '../../../docs/examples/offer-import.json';
import { applyQueue, changeQueue, type ChangeItem } from './offer-changes.rules.ts';
import { offerOptionsFromModel, offerTotal } from './offers.rules.ts';
import { offerImport, type OfferContent } from './offers.schema.ts';

/*
 * A catalogue model's options in an offer (ADR 102): carried with their rules, the required ones
 * chosen; a required option stays chosen whoever changes the offer (the manager's save, 1C's
 * import, the client's queue). Prices come converted into the offer's currency by /kp/find (kp.find.test.ts).
 */

const catalogue = [
  { id: 'gps', name: 'GPS', price: 850_000_00, required: false, requires: [], excludes: [] },
  { id: 'autopilot', name: 'Автопилот', price: 1_450_000_00, required: false, requires: ['gps'], excludes: [] },
  { id: 'warranty', name: 'Гарантия 3 года', price: 290_000_00, required: true, requires: [], excludes: [] },
];

const { external_id: _e, branch_code: _b, ...single } = offerImport.parse(example.offers[0]);
const withModel = (currency: number): OfferContent => ({
  ...single, currency_code: currency, delivery_price: 0, delivery: undefined,
  products: [{ ...single.products[0]!, id: 'p1', prices: { ...single.products[0]!.prices, price: 10_000_000_00, default_price: 10_000_000_00, count: 1, commissioning_total: 0 }, options: offerOptionsFromModel(catalogue) }],
});

describe('offerOptionsFromModel', () => {
  it('carries the options and their rules, the required one chosen, the others offered', () => {
    expect(offerOptionsFromModel(catalogue)).toEqual([
      { id: 'gps', name: 'GPS', price: 850_000_00, count: 0, isIncluded: false, requires: [], excludes: [] },
      { id: 'autopilot', name: 'Автопилот', price: 1_450_000_00, count: 0, isIncluded: false, requires: ['gps'], excludes: [] },
      { id: 'warranty', name: 'Гарантия 3 года', price: 290_000_00, count: 1, isIncluded: false, required: true, requires: [], excludes: [] },
    ]);
    // The required option is in the total: 10 000 000 + 290 000 ₽.
    expect(offerTotal(withModel(643))).toBe(10_290_000_00);
  });
});

describe('a required option', () => {
  it('cannot be left out by the manager or by 1C', () => {
    const content = withModel(643);
    const dropped = { ...content, products: [{ ...content.products[0]!, options: content.products[0]!.options.map((o) => ({ ...o, count: 0 })) }] };
    const parsed = offerImport.safeParse({ ...dropped, external_id: 'x', branch_code: 'SML' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Опция «Гарантия 3 года» обязательна для этой машины');
  });

  it('cannot be dropped by the client, while an optional one is added by the rules', () => {
    const queue = (...items: unknown[]) => changeQueue.parse({ queue: items }).queue as ChangeItem[];
    const option = (oid: string, countDiff: number) => ({ type: 'product-options', data: { key: ['productsOptions', 'p1', oid], payload: { countDiff } } });
    expect(applyQueue(withModel(643), {}, queue(option('warranty', -1)))).toMatchObject({ ok: false, message: 'Опция «Гарантия 3 года» обязательна для этой машины' });
    expect(applyQueue(withModel(643), {}, queue(option('autopilot', 1)))).toMatchObject({ ok: false, message: 'Опция «Автопилот» требует опцию «GPS»' });
    expect(applyQueue(withModel(643), {}, queue(option('gps', 1), option('autopilot', 1)))).toMatchObject({ ok: true });
  });
});
