import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_METHOD, DELIVERY_MESSAGES, METHOD_LABELS } from './delivery.constants.ts';
import {
  addressLine, addressQueries, areaInText, canRequestDeliveryPrice, cargoOf, cheapestOffer, deliveryAddressText, deliveryPriceOf,
  deliveryTransition, EMPTY_ADDRESS, initialDeliveryState, offerMarks, reloadsCart, roadDistanceKm, straightKm, tariffQuote, type Tariff,
} from './delivery.rules.ts';

const smolensk = { lat: 54.7826, long: 32.0453 };
const moscow = { lat: 55.7558, long: 37.6173 };
const address = { ...EMPTY_ADDRESS, country: 'Россия', city: 'Смоленск', street: 'ул Ленина', house: '5' };

describe('spec §5: when the delivery price is requested', () => {
  const ok = { address, coords: smolensk, checkedTotal: 1500, checkedPricedItems: 2 };
  it('needs an address, coordinates, a positive total and at least one priced item', () => {
    expect(canRequestDeliveryPrice(ok)).toBe(true);
    expect(canRequestDeliveryPrice({ ...ok, address: null })).toBe(false);
    expect(canRequestDeliveryPrice({ ...ok, address: EMPTY_ADDRESS })).toBe(false);
    expect(canRequestDeliveryPrice({ ...ok, address: { ...EMPTY_ADDRESS, region: 'Смоленская обл' } })).toBe(true);
    expect(canRequestDeliveryPrice({ ...ok, coords: null })).toBe(false);
    expect(canRequestDeliveryPrice({ ...ok, coords: { lat: Number.NaN, long: 1 } })).toBe(false);
    expect(canRequestDeliveryPrice({ ...ok, coords: { lat: 91, long: 1 } })).toBe(false);
    expect(canRequestDeliveryPrice({ ...ok, checkedTotal: 0 })).toBe(false);
    expect(canRequestDeliveryPrice({ ...ok, checkedTotal: Number.NaN })).toBe(false);
    expect(canRequestDeliveryPrice({ ...ok, checkedTotal: -5 })).toBe(false);
    expect(canRequestDeliveryPrice({ ...ok, checkedPricedItems: 0 })).toBe(false);
  });
});

describe('distance', () => {
  it('is the great circle (haversine) times the road factor, in whole kilometres', () => {
    // Smolensk–Moscow: about 368 km straight, about 400 by the M1.
    expect(straightKm(smolensk, moscow)).toBeCloseTo(368, -1);
    expect(roadDistanceKm(smolensk, moscow)).toBe(Math.round(straightKm(smolensk, moscow) * 1.25));
    expect(roadDistanceKm(smolensk, smolensk)).toBe(0);
  });
});

describe('cargo and tariff pricing', () => {
  it('sums weights by count, counts an unknown weight as 1 kg, and estimates volume from the weight', () => {
    expect(cargoOf([{ weightGrams: 2500, count: 2 }, { weightGrams: null, count: 3 }, { weightGrams: 0, count: 1 }])).toEqual({ weightKg: 9, volumeM3: 0.045 });
    expect(cargoOf([])).toEqual({ weightKg: 0, volumeM3: 0 });
  });

  const tariff: Tariff = {
    carrier: 'pek', kind: 'terminal', currency: 'RUB', baseMinor: 60_000, perKmMinor: 25, perKgMinor: 2_500, perM3Minor: 70_000,
    minMinor: 70_000, daysBase: 2, kmPerDay: 600,
  };
  it('prices base + km + kg + m³, not below the minimum, in whole units rounded up; the term grows by a day per 600 km', () => {
    // 60000 + 400*25 + 10*2500 + 0.05*70000 = 98500 kopecks
    expect(tariffQuote(tariff, 400, { weightKg: 10, volumeM3: 0.05 })).toEqual({ price: 985, days: 3 });
    expect(tariffQuote(tariff, 0, { weightKg: 0, volumeM3: 0 })).toEqual({ price: 700, days: 2 });
    expect(tariffQuote(tariff, 1201, { weightKg: 0.333, volumeM3: 0 }).days).toBe(5);
    expect(tariffQuote(tariff, 10, { weightKg: 0.001, volumeM3: 0 }).price).toBe(700);
    expect(tariffQuote({ ...tariff, minMinor: 0 }, 1, { weightKg: 0.0001, volumeM3: 0 }).price).toBe(601);
    // More weight, more volume or more distance never costs less.
    const a = tariffQuote(tariff, 500, { weightKg: 20, volumeM3: 0.1 }).price;
    expect(tariffQuote(tariff, 501, { weightKg: 20, volumeM3: 0.1 }).price).toBeGreaterThanOrEqual(a);
    expect(tariffQuote(tariff, 500, { weightKg: 21, volumeM3: 0.1 }).price).toBeGreaterThan(a);
    expect(tariffQuote(tariff, 500, { weightKg: 20, volumeM3: 0.2 }).price).toBeGreaterThan(a);
  });
});

describe('the terminal list marks', () => {
  it('marks the cheapest and the fastest among the priced offers, the first on a tie', () => {
    const offers = [
      { carrier: 'cdek' as const, ok: true, price: 1200, days: 2 },
      { carrier: 'dellin' as const, ok: true, price: 900, days: 5 },
      { carrier: 'pek' as const, ok: true, price: 900, days: 2 },
    ];
    expect(offerMarks(offers)).toEqual({ cheapest: 'dellin', fastest: 'cdek' });
    expect(offerMarks([{ ...offers[0]!, ok: false }, offers[1]!])).toEqual({ cheapest: 'dellin', fastest: 'dellin' });
    expect(offerMarks(offers.map((o) => ({ ...o, ok: false })))).toEqual({ cheapest: null, fastest: null });
    expect(offerMarks([{ carrier: 'pek', ok: true, price: 5, days: null }])).toEqual({ cheapest: 'pek', fastest: null });
    expect(cheapestOffer(offers)?.carrier).toBe('dellin');
    expect(cheapestOffer([])).toBeNull();
  });
});

describe('the panel state (spec §3, §4)', () => {
  it('starts with pickup (spec §9) at the given branch for every method, no price, no failure', () => {
    expect(DEFAULT_DELIVERY_METHOD).toBe('pickup');
    expect(METHOD_LABELS).toEqual({ pickup: 'Самовывоз', calc: 'Доставка до адреса', terminals: 'До терминала ТК' });
    const s = initialDeliveryState(1, 'руб.');
    expect(s).toMatchObject({ method: 'pickup', branchIdForPickup: 1, branchIdForCalc: 1, branchIdForTerminals: 1, calcDeliveryPrice: 0, failCalcDelivery: false, transportCompany: null, idTerminal: null });
  });

  it('reloads the cart on method, branch and terminal changes only', () => {
    expect(reloadsCart({ type: 'method', method: 'calc' })).toBe(true);
    expect(reloadsCart({ type: 'branch', method: 'calc', branchId: 2 })).toBe(true);
    expect(reloadsCart({ type: 'terminal', carrier: 'pek', terminalId: 5, carrierName: 'ПЭК' })).toBe(true);
    expect(reloadsCart({ type: 'address', address, coords: smolensk })).toBe(false);
    expect(reloadsCart({ type: 'calcPriced', price: 1, currencySign: 'руб.', carrierName: 'ПЭК', distance: 1 })).toBe(false);
  });

  it('keeps a branch per method; a new address or branch drops the old price; a new terminal address drops the terminal', () => {
    let s = initialDeliveryState(1, 'руб.');
    s = deliveryTransition(s, { type: 'method', method: 'calc' });
    s = deliveryTransition(s, { type: 'branch', method: 'calc', branchId: 7 });
    expect([s.branchIdForPickup, s.branchIdForCalc, s.branchIdForTerminals]).toEqual([1, 7, 1]);
    s = deliveryTransition(s, { type: 'address', address, coords: smolensk });
    s = deliveryTransition(s, { type: 'calcPriced', price: 990, currencySign: 'руб.', carrierName: 'ПЭК', distance: 12 });
    expect(deliveryPriceOf(s)).toBe(990);
    expect(s).toMatchObject({ calcCarrierName: 'ПЭК', distance: 12 });
    expect(deliveryTransition(s, { type: 'branch', method: 'calc', branchId: 2 })).toMatchObject({ calcDeliveryPrice: 0, distance: null, calcCarrierName: '' });
    s = deliveryTransition(s, { type: 'method', method: 'terminals' });
    s = deliveryTransition(s, { type: 'terminal', carrier: 'cdek', terminalId: 3, carrierName: 'СДЭК' });
    s = deliveryTransition(s, { type: 'terminalsPriced', price: 500, currencySign: 'руб.', carrierName: 'СДЭК', distance: 40 });
    expect(deliveryPriceOf(s)).toBe(500);
    const moved = deliveryTransition(s, { type: 'address', address, coords: moscow });
    expect(moved).toMatchObject({ transportCompany: null, idTerminal: null, terminalsDeliveryPrice: 0, coordsOfAddressForTerminals: moscow });
    expect(deliveryPriceOf({ ...s, method: 'pickup' })).toBe(0);
  });

  it('a failure, and unchecking everything (spec §4, §8), zero the price and set the fail flag', () => {
    let s = initialDeliveryState(1, 'руб.');
    s = deliveryTransition(s, { type: 'method', method: 'calc' });
    s = deliveryTransition(s, { type: 'calcPriced', price: 990, currencySign: 'руб.', carrierName: 'ПЭК', distance: 12 });
    expect(deliveryTransition(s, { type: 'calcFailed' })).toMatchObject({ calcDeliveryPrice: 0, failCalcDelivery: true });
    const none = deliveryTransition(s, { type: 'nothingChecked' });
    expect(none).toMatchObject({ calcDeliveryPrice: 0, terminalsDeliveryPrice: 0, failCalcDelivery: true, failTerminalsDelivery: true });
    expect(deliveryPriceOf(none)).toBe(0);
    expect(deliveryTransition(s, { type: 'terminalsFailed' })).toMatchObject({ terminalsDeliveryPrice: 0, failTerminalsDelivery: true });
  });

  it('writes an address as one line and says the failure in Russian', () => {
    expect(addressLine(address)).toBe('Смоленск, ул Ленина, 5');
    expect(addressLine({ ...EMPTY_ADDRESS, region: 'Смоленская обл' })).toBe('Смоленская обл');
    expect(DELIVERY_MESSAGES.failCalc).toBe('Не удалось рассчитать доставку — менеджер уточнит стоимость');
  });
});

describe('an address typed when no suggestion matches (issue 28 §4 point 13)', () => {
  it('is looked for by its beginnings, longest first: the settlement is written first', () => {
    expect(addressQueries('Смоленск, ул Кирова, 5')).toEqual(['Смоленск, ул Кирова, 5', 'Смоленск ул Кирова', 'Смоленск ул', 'Смоленск']);
    expect(addressQueries('  д.  Ивановка,  Смоленская обл  ')).toEqual(['д. Ивановка, Смоленская обл', 'д. Ивановка Смоленская', 'д. Ивановка']);
    expect(addressQueries('Вязьма')).toEqual(['Вязьма']);
    expect(addressQueries('a b c d e f g')).toHaveLength(4);
    expect(addressQueries('ab')).toEqual([]);
  });

  it('falls back to the region it names: its centre first, then its name, in any word form', () => {
    const areas = [
      { id: 1, label: 'Смоленская область', adminCenter: 'Смоленск' },
      { id: 2, label: 'Республика Татарстан', adminCenter: 'Казань' },
      { id: 3, label: 'Нижегородская область', adminCenter: 'Нижний Новгород' },
      { id: 4, label: 'Краснодарский край', adminCenter: 'Краснодар' },
    ];
    const found = (text: string) => { const r = areaInText(text, areas); return r && [r.area.id, r.byCentre]; };
    expect(found('г. Казань, ул. Баумана 7')).toEqual([2, true]);
    expect(found('в Казани у вокзала')).toEqual([2, true]);
    expect(found('Нижний Новгород, Сормово')).toEqual([3, true]);
    expect(found('деревня Ивановка, Смоленской обл.')).toEqual([1, false]);
    expect(found('хутор Лесной, Краснодарский край')).toEqual([4, false]);
    expect(found('Татарстан, село Осиново')).toEqual([2, false]);
    expect(found('село Новое')).toBeNull();
    expect(found('Новгород')).toBeNull();
  });

  it('keeps the visitor\'s text and its approximate point; one address serves the door and the terminals', () => {
    const place = { ...EMPTY_ADDRESS, country: 'Россия', region: 'Смоленская обл', city: 'Смоленск' };
    let s = deliveryTransition(initialDeliveryState(1, 'руб.'), { type: 'method', method: 'calc' });
    s = deliveryTransition(s, { type: 'address', address: place, coords: smolensk, typed: 'Смоленск, ул Кирова, 5' });
    expect(s).toMatchObject({ typedAddress: 'Смоленск, ул Кирова, 5', address: place, coords: smolensk });
    expect(deliveryAddressText(s)).toBe('Смоленск, ул Кирова, 5');
    // 'До терминала ТК' finds the terminals near the same address, nothing typed again.
    s = deliveryTransition(s, { type: 'method', method: 'terminals' });
    expect(s).toMatchObject({ terminalAddress: place, coordsOfAddressForTerminals: smolensk });
    s = deliveryTransition(s, { type: 'terminal', carrier: 'cdek', terminalId: 3, carrierName: 'СДЭК' });
    // The same point again keeps the chosen terminal; a suggestion chosen later is exact.
    s = deliveryTransition(s, { type: 'address', address, coords: smolensk });
    expect(s).toMatchObject({ idTerminal: 3, typedAddress: null });
    expect(deliveryAddressText(s)).toBe('Смоленск, ул Ленина, 5');
    // An address chosen for the terminals is the door's too.
    s = deliveryTransition(s, { type: 'address', address, coords: moscow });
    expect(s).toMatchObject({ coords: moscow, idTerminal: null });
    expect(deliveryTransition(s, { type: 'method', method: 'calc' })).toMatchObject({ address, coords: moscow });
  });

  it('says in Russian that such a price is approximate, and where it was counted to', () => {
    expect(DELIVERY_MESSAGES.approximate('Смоленск')).toBe('Стоимость приблизительная: точного адреса нет в справочнике, доставку посчитали до «Смоленск». Менеджер уточнит её при подтверждении заказа.');
    expect(DELIVERY_MESSAGES.useTyped).toBe('Использовать введённый адрес');
  });
});
