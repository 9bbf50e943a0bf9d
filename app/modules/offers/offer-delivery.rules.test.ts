import { describe, expect, it } from 'vitest';
import example from '../../../docs/examples/offer-import.json';
import { effectiveContent } from './offer-changes.rules.ts';
import { dimensionsOf, freightCargo, freightProducts, quotedPrice, quoteOf, OFFER_DELIVERY_MESSAGES as M } from './offer-delivery.rules.ts';
import { offerTotal } from './offers.rules.ts';
import { offerImport, type OfferContent } from './offers.schema.ts';

/*
 * The carriers' delivery price of an offer (spec §7 get-delivery-price; ADR 088): the example's
 * tractor (7.35 × 2.9 × 3.9 m, 15 800 kg, 14 890 000 ₽, delivery to its own address 85 000 ₽) and its
 * engineer's offer (two works and a part); figures worked by hand below.
 */

const contentOf = (i: number): OfferContent => { const { external_id: _e, branch_code: _b, ...c } = offerImport.parse(example.offers[i]); return c; };
const single = contentOf(0);
const engineer = contentOf(3);
const tractor = single.products[0]!;

describe('dimensions and cargo', () => {
  it("takes the offer's own dimensions, the catalogue's mass only where the offer names none", () => {
    expect(dimensionsOf(tractor, 9_000)).toEqual({ length: 735, width: 290, height: 390, weight: 15_800 });
    const part = engineer.products[2]!;
    expect(dimensionsOf(part, 2.4)).toEqual({ length: null, width: null, height: null, weight: 2.4 });
    expect(dimensionsOf(part, null)).toEqual({ length: null, width: null, height: null, weight: null });
    expect(dimensionsOf(part, 0)).toMatchObject({ weight: null });
  });

  it('prices the mass times the count, the volume from the sides (or packed at 200 kg/m³), the size of one unit', () => {
    // 735 × 290 × 390 cm = 83.1285 m³ a tractor; two of them.
    expect(freightCargo({ length: 735, width: 290, height: 390, weight: 15_800 }, 2))
      .toEqual({ weightKg: 31_600, volumeM3: 166.257, sizeCm: { length: 735, width: 290, height: 390 } });
    // 12 kg a part packs into 0.06 m³; three of them.
    expect(freightCargo({ length: null, width: 40, height: 10, weight: 12 }, 3)).toEqual({ weightKg: 36, volumeM3: 0.18 });
    expect(freightCargo({ length: 10, width: 10, height: 10, weight: null }, 1)).toBeNull();
  });

  it("leaves an engineer's works out: only machines and parts travel", () => {
    expect(freightProducts(engineer).map((p) => p.id)).toEqual(['z4']);
  });
});

describe('quoteOf', () => {
  const base = { currency: 'RUB' as const, addres: 'Смоленск, ул Кирова, д 5', coords: [54.79, 32.05] as [number, number], area: 'Смоленская область', distanceKm: 12, at: '2026-11-28T10:00:00.000Z' };
  const products = [tractor, { ...engineer.products[2]!, id: 'z4' }];
  const dims = [dimensionsOf(tractor, null), dimensionsOf(engineer.products[2]!, null)];

  it('maps each answer to an item in kopecks, auto; the quote is their sum at the counts priced', () => {
    const quote = quoteOf({ ...base, products, dimensions: dims, answers: [{ ok: true, price: 61_230, days: 4, carrier: 'ПЭК' }, { ok: true, price: 870, days: 2, carrier: 'СДЭК' }], reasons: [null, null] });
    expect(quote.items).toEqual([
      { id: 'p1', name: tractor.name, price: 6_123_000, delivery_price_currency: 'RUB', auto: true, error: null, productDimensions: { length: 735, width: 290, height: 390, weight: 15_800 }, carrier: 'ПЭК', days: 4 },
      { id: 'z4', name: 'Комплект ремней жатки', price: 87_000, delivery_price_currency: 'RUB', auto: true, error: null, productDimensions: { length: null, width: null, height: null, weight: null }, carrier: 'СДЭК', days: 2 },
    ]);
    expect(quote).toMatchObject({ price: 6_210_000, error: null, counts: { p1: 1, z4: 1 }, addres: base.addres, coords: [54.79, 32.05], distanceKm: 12 });
  });

  it("an item the carriers did not price, or that was not asked, is 0 with its reason; the whole delivery is then 'по запросу' (0)", () => {
    const quote = quoteOf({ ...base, products, dimensions: dims, answers: [{ ok: false, message: 'Не удалось рассчитать доставку — менеджер уточнит стоимость' }, null], reasons: [null, M.noWeight] });
    expect(quote.items.map((i) => [i.price, i.auto, i.error])).toEqual([
      [0, false, 'Не удалось рассчитать доставку — менеджер уточнит стоимость'],
      [0, false, 'Масса позиции неизвестна — стоимость доставки рассчитает менеджер'],
    ]);
    expect(quote.price).toBe(0);
    expect(quote.error).toBe('Не удалось рассчитать доставку — менеджер уточнит стоимость');
    const half = quoteOf({ ...base, products, dimensions: dims, answers: [{ ok: true, price: 100, days: 1, carrier: 'ПЭК' }, null], reasons: [null, M.noWeight] });
    expect([half.price, half.error]).toEqual([0, M.noWeight]);
  });
});

describe('the quote in the offer as the client leaves it', () => {
  const addres = 'Смоленск, ул Кирова, д 5';
  const quote = quoteOf({ currency: 'RUB', addres, coords: [54.79, 32.05], area: null, distanceKm: 12, at: '2026-11-28T10:00:00.000Z', products: [tractor], dimensions: [dimensionsOf(tractor, null)], answers: [{ ok: true, price: 61_230, days: 4, carrier: 'ПЭК' }], reasons: [null] });
  const toNewAddress = { delivery: { value: 'deliveryChoice' as const, addres } };

  it('applies to its address at its counts only', () => {
    expect(quotedPrice(quote, addres, single.products)).toBe(6_123_000);
    expect(quotedPrice(quote, 'Смоленск, ул Ленина, д 1', single.products)).toBeNull();
    expect(quotedPrice(quote, addres, [{ ...tractor, prices: { ...tractor.prices, count: 2 } }])).toBeNull();
    expect(quotedPrice({ ...quote, error: M.failed, price: 0 }, addres, single.products)).toBeNull();
    expect(quotedPrice(null, addres, single.products)).toBeNull();
  });

  it('prices delivery to a new address in the total; without a quote (or after a count change) it is by request and 0', () => {
    const versionTotal = offerTotal(single);
    const priced = effectiveContent(single, toNewAddress, quote);
    expect(priced.deliveryPriceUnknown).toBe(false);
    expect(priced.delivery).toEqual({ address: addres, price: 6_123_000, deliveryIncluded: false, coords: [54.79, 32.05] });
    expect(offerTotal(priced)).toBe(versionTotal - 8_500_000 + 6_123_000);
    const unknown = effectiveContent(single, toNewAddress, null);
    expect([unknown.deliveryPriceUnknown, unknown.delivery?.price]).toEqual([true, 0]);
    const recounted = effectiveContent(single, { ...toNewAddress, products: { p1: { count: 2 } } }, quote);
    expect([recounted.deliveryPriceUnknown, recounted.delivery?.price]).toEqual([true, 0]);
  });
});
