import { describe, expect, it } from 'vitest';
import example from '../../../docs/examples/offer-import.json';
import { acceptedPart, applyQueue, changeQueue, daysLeft, diffEntries, effectiveContent, enqueueChange, paymentTypeOf, type ChangeItem, type OfferDiff } from './offer-changes.rules.ts';
import { offerTotal } from './offers.rules.ts';
import { offerImport, type OfferContent } from './offers.schema.ts';
import { compareVersions } from './offer-versions.rules.ts';

/*
 * The client's changes (spec §3 Diff, §4 Offer; ADR 086), on the example's single-technique offer:
 * a tractor of 14 890 000 ₽ with options o1 (twin wheels, excludes o2), o2 (tyres, excludes o1),
 * o3 (guidance, requires o4), o4 (terminal), o5 (included); delivery 85 000 ₽; commissioning 4 500 ₽.
 */

const { external_id: _e, branch_code: _b, ...single } = offerImport.parse(example.offers[0]);
const content: OfferContent = single;
const rub = (minor: number) => `${minor / 100} ₽`;
const queue = (...items: unknown[]) => changeQueue.parse({ queue: items }).queue as ChangeItem[];
const option = (oid: string, countDiff: number) => ({ type: 'product-options', data: { key: ['productsOptions', 'p1', oid], payload: { countDiff } } });

describe('applyQueue', () => {
  it('keeps only what differs from the version: an option added then removed leaves no change, but both are actions', () => {
    const added = applyQueue(content, {}, queue(option('o4', 1)));
    expect(added).toMatchObject({ ok: true, diff: { products: { p1: { options: { o4: 2 } } } } });
    const back = applyQueue(content, added.ok ? added.diff : {}, queue(option('o4', -1)));
    expect(back).toEqual({ ok: true, diff: {}, actions: [{ kind: 'option', product_id: 'p1', option_id: 'o4', before: 2, after: 1 }] });
  });

  it('sums option changes queued together (count differences), and refuses one that would go below zero, saving nothing', () => {
    const applied = applyQueue(content, {}, queue(option('o4', 1), option('o4', 2)));
    expect(applied.ok && applied.diff.products?.p1?.options).toEqual({ o4: 4 });
    expect(applyQueue(content, {}, queue(option('o4', -2)))).toEqual({ ok: false, code: 'invalid', message: 'Количество опции не может быть отрицательным' });
  });

  it('holds the option rules on what the client leaves: a second exclusive option is refused, swapping them is fine', () => {
    expect(applyQueue(content, {}, queue(option('o2', 1)))).toEqual({ ok: false, code: 'rule', message: 'Опция «Сдвоенные колёса» несовместима с опцией «Шины повышенной проходимости»' });
    expect(applyQueue(content, {}, queue(option('o1', -1), option('o2', 1))).ok).toBe(true);
    expect(applyQueue(content, {}, queue(option('o4', -1)))).toMatchObject({ ok: false, code: 'rule', message: 'Опция «Система параллельного вождения» требует опцию «Навигационный терминал»' });
  });

  it('refuses unknown products, options and use cases', () => {
    expect(applyQueue(content, {}, queue({ type: 'count', data: { productId: 'nope', value: 2 } }))).toMatchObject({ ok: false, code: 'unknown', message: 'Такой позиции в предложении нет' });
    expect(applyQueue(content, {}, queue(option('o9', 1)))).toMatchObject({ ok: false, code: 'unknown', message: 'Такой опции у позиции нет' });
    expect(applyQueue(content, {}, queue({ type: 'use-cases', data: { value: ['u9'] } }))).toMatchObject({ ok: false, code: 'unknown' });
  });

  it('the queue schema refuses a count below 1, a zero option change, an unknown type and control characters', () => {
    const bad = (item: unknown) => changeQueue.safeParse({ queue: [item] }).error?.issues[0]?.message;
    expect(bad({ type: 'count', data: { productId: 'p1', value: 0 } })).toBe('Количество — не меньше 1');
    expect(bad({ type: 'count', data: { productId: 'p1', value: -3 } })).toBe('Количество — не меньше 1');
    expect(bad(option('o4', 0))).toBe('Количество не изменилось');
    expect(bad({ type: 'explode', data: {} })).toBe('Неизвестный вид изменения');
    expect(bad({ type: 'comment', data: { value: 'a\u0000b' } })).toBe('Поле "Комментарий" содержит недопустимые символы');
    expect(changeQueue.safeParse({ queue: [] }).error?.issues[0]?.message).toBe('Изменений нет');
  });
});

describe('payment types (spec §4)', () => {
  it('maps the calculators\' names and refuses others', () => {
    expect(paymentTypeOf('installment_calculator_loan')).toBe('installment');
    expect(paymentTypeOf('installment_calculator_leasing')).toBe('leasing');
    expect(paymentTypeOf('sber')).toBe('sber');
    expect(paymentTypeOf('barter')).toBeNull();
    const parsed = queue({ type: 'payment', data: { value: 'installment_calculator_loan', initial_fee: 100, term: 12 } });
    expect(parsed[0]).toMatchObject({ data: { value: 'installment' } });
  });

  it('a payment not paid over time carries no advance or term; choosing the version\'s own payment again leaves no change', () => {
    const prepay = applyQueue(content, {}, queue({ type: 'payment', data: { value: 'prepayment', initial_fee: 5, term: 3 } }));
    expect(prepay.ok && prepay.diff.payment).toEqual({ value: 'prepayment', initial_fee: 0, term: 0 });
    const same = applyQueue(content, prepay.ok ? prepay.diff : {}, queue({ type: 'payment', data: { value: 'leasing', initial_fee: 297_800_000, term: 36 } }));
    expect(same.ok && same.diff).toEqual({});
  });
});

describe('effectiveContent and totals', () => {
  const versionTotal = offerTotal(content);

  it('the version\'s total: 14 890 000 + options 940 000 + 480 000 + 120 000 + commissioning 4 500 + delivery 85 000', () => {
    expect(versionTotal).toBe(1_651_950_000);
  });

  it('two tractors double the machine, its options and not the commissioning', () => {
    const diff: OfferDiff = { products: { p1: { count: 2 } } };
    expect(offerTotal(effectiveContent(content, diff))).toBe(versionTotal + 1_489_000_000 + 94_000_000 + 48_000_000 + 12_000_000);
  });

  it('pickup drops the delivery; another address makes its price unknown (по запросу, counted as 0)', () => {
    expect(offerTotal(effectiveContent(content, { delivery: { value: 'pickupChoice', addres: null } }))).toBe(versionTotal - 8_500_000);
    const elsewhere = effectiveContent(content, { delivery: { value: 'deliveryChoice', addres: 'Смоленск, ул. Ленина, 1' } });
    expect(elsewhere.deliveryPriceUnknown).toBe(true);
    expect(offerTotal(elsewhere)).toBe(versionTotal - 8_500_000);
  });

  it('commissioning off removes its price; on for a product without one takes the default 4 500 ₽ (spec §9)', () => {
    expect(offerTotal(effectiveContent(content, { products: { p1: { commissioning: false } } }))).toBe(versionTotal - 450_000);
    const noCommissioning = { ...content, products: content.products.map((p) => ({ ...p, prices: { ...p.prices, commissioning_total: 0 } })) };
    expect(offerTotal(effectiveContent(noCommissioning, { products: { p1: { commissioning: true } } }))).toBe(versionTotal);
  });
});

describe('diffEntries and acceptedPart', () => {
  const diff: OfferDiff = {
    products: { p1: { count: 2, options: { o4: 2 } } },
    payment: { value: 'installment', initial_fee: 100_000_000, term: 12 },
    delivery: { value: 'deliveryChoice', addres: 'Смоленск, ул. Ленина, 1' },
    comment: 'Нужна поставка до посевной',
  };

  it('names each change with from and to, in the offer\'s order', () => {
    expect(diffEntries(content, diff, rub)).toEqual([
      { key: 'product:p1:count', kind: 'count', title: 'Трактор Кировец К-742М Стандарт: количество', from: '1', to: '2' },
      { key: 'product:p1:option:o4', kind: 'option', title: 'Трактор Кировец К-742М Стандарт: Навигационный терминал', from: '1', to: '2' },
      { key: 'payment', kind: 'payment', title: 'Оплата', from: 'Лизинг, аванс 2978000 ₽, 36 мес.', to: 'Рассрочка, аванс 1000000 ₽, 12 мес.' },
      { key: 'delivery', kind: 'delivery', title: 'Получение', from: 'доставка: Смоленская обл., Починковский р-н, д. Лосня', to: 'доставка: Смоленск, ул. Ленина, 1' },
      { key: 'comment', kind: 'comment', title: 'Комментарий клиента', from: '', to: 'Нужна поставка до посевной' },
    ]);
  });

  it('keeps only the accepted changes (never the comment)', () => {
    expect(acceptedPart(diff, new Set(['product:p1:count', 'delivery', 'comment']))).toEqual({
      products: { p1: { count: 2 } }, delivery: { value: 'deliveryChoice', addres: 'Смоленск, ул. Ленина, 1' },
    });
  });
});

describe('validity (spec §4: valid while at least 0 days remain)', () => {
  it('counts whole days', () => {
    expect(daysLeft('2027-12-31', '2027-12-31')).toBe(0);
    expect(daysLeft('2027-12-31', '2027-12-30')).toBe(1);
    expect(daysLeft('2027-12-31', '2028-01-01')).toBe(-1);
  });
});

describe('compareVersions', () => {
  it('marks the lines that differ between two versions', () => {
    const next = effectiveContent(content, { products: { p1: { count: 2 } } });
    const rows = compareVersions(content, next, rub);
    const changed = rows.filter((r) => r.changed).map((r) => r.label);
    expect(changed).toEqual(['Трактор Кировец К-742М Стандарт', 'Итого']);
    expect(rows.find((r) => r.key === 'p:p1')).toMatchObject({ a: '1 × 14890000 ₽', b: '2 × 14890000 ₽' });
  });
});

describe('enqueueChange', () => {
  it('adds option changes up (dropping them when they cancel out) and lets any other change replace its kind', () => {
    const [plus, minus, count2, count3] = queue(option('o4', 1), option('o4', -1), { type: 'count', data: { productId: 'p1', value: 2 } }, { type: 'count', data: { productId: 'p1', value: 3 } });
    let q = enqueueChange([], plus!);
    q = enqueueChange(q, plus!);
    expect(q).toEqual([{ ...plus, data: { ...plus!.data, payload: { countDiff: 2 } } }]);
    q = enqueueChange(enqueueChange(q, minus!), minus!);
    expect(q).toEqual([]);
    expect(enqueueChange(enqueueChange([], count2!), count3!)).toEqual([count3]);
  });
});
