import { describe, expect, it } from 'vitest';
import example from '../../../docs/examples/offer-import.json';
import { LINES_PER_SLIDE, OFFER_PAGE_HEADERS, offerDocument, offerPdfFileName, offerPdfPreparingPage, offerSlides, vatInside, type OfferDocumentInput } from './offer-print.rules.ts';
import { offerTotal } from './offers.rules.ts';
import { offerImport, type OfferContent } from './offers.schema.ts';

/*
 * The offer as a document and as slides (ADR 085), from the exchange's example: every variant's
 * lines with their chosen options, the totals of offers.rules.ts, the VAT inside them, delivery and
 * payments with their schedules; the slides' grouping; the file's name and the 'готовится' page.
 */

function contentOf(i: number, change: (raw: Record<string, unknown>) => void = () => {}): OfferContent {
  const raw = structuredClone(example.offers[i]!) as Record<string, unknown>;
  change(raw);
  const { external_id: _e, branch_code: _b, ...content } = offerImport.parse(raw);
  return content;
}

const input = (content: OfferContent, over: Partial<OfferDocumentInput> = {}): OfferDocumentInput => ({
  content, state: 'sent', version: 1, versionDay: '2027-03-05', today: '2027-03-06', currency: 'RUB',
  branch: { name: 'Смоленск', address: 'Смоленск, ул. Шевченко, 92', phone: '+7 (800) 555-01-20', email: 'smolensk@agro.example' },
  vatRate: 22, ...over,
});

describe('offerDocument: a version as the print page, the PDF and the slides show it', () => {
  it('lays out a single-technique offer: the machine, its chosen options (hidden prices hidden, equipment first), commissioning, delivery, the VAT inside the total', () => {
    const content = contentOf(0);
    const doc = offerDocument(input(content));
    expect(doc).toMatchObject({ variant: 'single-technique', variantLabel: 'Одна машина', version: 1, dayLabel: '5 марта 2027 г.', validUntilLabel: '31 декабря 2027 г.', expired: false });
    const [line] = doc.lines;
    expect(line).toMatchObject({ position: 1, kind: 'machine', name: 'Трактор Кировец К-742М Стандарт', code: 'K-742M', count: 1, unit: 'шт.', price: 1_489_000_000, defaultPrice: 1_560_000_000, commissioning: 450_000 });
    // o2 is not chosen (count 0); o5 is the equipment (included, its price hidden) and comes first.
    expect(line!.options).toEqual([
      { name: 'Кондиционер кабины', count: 1, price: null, included: true },
      { name: 'Сдвоенные колёса', count: 1, price: 94_000_000, included: false },
      { name: 'Система параллельного вождения', count: 1, price: 48_000_000, included: false },
      { name: 'Навигационный терминал', count: 1, price: 12_000_000, included: false },
    ]);
    // 14 890 000 + 940 000 + 480 000 + 120 000 + commissioning 4 500, then delivery 85 000.
    expect(line!.total).toBe(1_643_450_000);
    expect(doc.productsTotal).toBe(1_643_450_000);
    expect(doc.delivery).toEqual({ method: 'delivery', address: 'Смоленская обл., Починковский р-н, д. Лосня', price: 8_500_000, inTotal: true, included: false });
    expect(doc.total).toBe(offerTotal(content));
    expect(doc.total).toBe(1_651_950_000);
    // 16 519 500,00 × 22 / 122 = 2 978 926,229… → 2 978 926,23.
    expect(doc.vat).toEqual({ rate: 22, amount: 297_892_623 });
    expect(doc.payments.map((p) => [p.label, p.initialFee, p.term])).toEqual([['Лизинг', 297_800_000, 36], ['Предоплата', 0, 0]]);
    expect(doc.shipments).toEqual([{ label: 'Доставка', date: '15.03.2027', place: 'Смоленск → д. Лосня', term: 'до 30 дней' }]);
  });

  it('lays out the other variants: machines of a multi-technique offer, parts without delivery in a 1C-Personal total, an engineer\'s works with hours and rates', () => {
    const multi = offerDocument(input(contentOf(1)));
    expect(multi.lines.map((l) => [l.name, l.count, l.total])).toEqual([
      ['Сеялка Horsch Maestro 24 SW', 1, 1_125_000_000 + 86_000_000 + 450_000],
      ['Опрыскиватель Amazone UX 5201 Super', 2, 980_000_000 * 2 + 450_000],
    ]);
    expect(multi.total).toBe(offerTotal(contentOf(1)));

    const parts = offerDocument(input(contentOf(2)));
    expect(parts.lines.map((l) => [l.code, l.count, l.price, l.total])).toEqual([
      ['RE504836', 6, 420_000, 2_520_000], ['RE533910', 4, 690_000, 2_760_000], ['H224455', 2, 1_250_000, 2_500_000],
    ]);
    // 1C-Personal leaves the delivery (3 500,00) out of the total: it is paid apart.
    expect(parts.delivery).toMatchObject({ method: 'pickup', price: 350_000, inTotal: false });
    expect(parts.total).toBe(7_780_000);
    expect(parts.rounded).toBe(false);

    const works = offerDocument(input(contentOf(3), { currency: 'KZT', vatRate: 16 }));
    expect(works.lines.map((l) => [l.kind, l.unit, l.hours, l.rate, l.total])).toEqual([
      ['work', 'усл.', 3, 1_500_000, 4_500_000], ['work', 'усл.', 6, 1_500_000, 9_000_000], ['part', 'шт.', null, null, 18_500_000],
    ]);
    expect(works.vat).toEqual({ rate: 16, amount: vatInside(32_000_000, 16) });
    expect(vatInside(32_000_000, 16)).toBe(4_413_793);
  });

  it('says when the offer expired, has no VAT line without a rate, marks a 1C total rounded to tens, and prints each payment\'s schedule with its sum', () => {
    expect(offerDocument(input(contentOf(0), { today: '2028-01-01' })).expired).toBe(true);
    expect(offerDocument(input(contentOf(0), { today: '2027-12-31' })).expired).toBe(false);
    expect(offerDocument(input(contentOf(0), { vatRate: null })).vat).toBeNull();

    const included = contentOf(0, (raw) => {
      (raw.delivery as { price: number; deliveryIncluded: boolean }).price = 8_512_345;
      (raw.delivery as { deliveryIncluded: boolean }).deliveryIncluded = true;
    });
    const rounded = offerDocument(input(included));
    expect(rounded.total % 1000).toBe(0);
    expect(rounded).toMatchObject({ rounded: true, delivery: { included: true } });

    const scheduled = offerDocument(input(contentOf(0, (raw) => {
      raw.payments = [{ type: 'installment', amount: 300_000, initial_fee: 100_000, term: 2, details: [
        { date: '01.04.2027', percentage: 33.33, sum: 100_000, prepay: 100_000 },
        { date: '01.05.2027', percentage: 33.33, sum: 100_000 },
        { date: '01.06.2027', percentage: 33.34, sum: 100_000 },
      ] }];
    })));
    expect(scheduled.payments).toEqual([{
      label: 'Рассрочка', amount: 300_000, initialFee: 100_000, term: 2, scheduleTotal: 300_000,
      schedule: [
        { date: '01.04.2027', percentage: 33.33, sum: 100_000, prepay: 100_000 },
        { date: '01.05.2027', percentage: 33.33, sum: 100_000, prepay: 0 },
        { date: '01.06.2027', percentage: 33.34, sum: 100_000, prepay: 0 },
      ],
    }]);
  });
});

describe('offerSlides', () => {
  it('gives a title, one slide per machine, parts and works by six in the offer\'s order, and the totals', () => {
    expect(offerSlides(offerDocument(input(contentOf(1)))).map((s) => s.kind)).toEqual(['title', 'product', 'product', 'totals']);
    const parts = offerSlides(offerDocument(input(contentOf(2))));
    expect(parts.map((s) => (s.kind === 'lines' ? `${s.title}:${s.lines.length}` : s.kind))).toEqual(['title', 'Запчасти:3', 'totals']);
    expect(offerSlides(offerDocument(input(contentOf(3)))).map((s) => (s.kind === 'lines' ? s.title : s.kind))).toEqual(['title', 'Запчасти и работы', 'totals']);

    // A machine between parts closes their group; fourteen parts make three slides.
    const mixed = contentOf(2, (raw) => {
      const part = (raw.products as unknown[])[0] as Record<string, unknown>;
      const machine = (example.offers[1]!.products[1]) as Record<string, unknown>;
      raw.products = [...Array.from({ length: 2 }, (_, i) => ({ ...part, id: `a${i}` })), machine, ...Array.from({ length: 14 }, (_, i) => ({ ...part, id: `b${i}` }))];
    });
    const slides = offerSlides(offerDocument(input(mixed)));
    expect(slides.map((s) => (s.kind === 'lines' ? s.lines.length : s.kind))).toEqual(['title', 2, 'product', LINES_PER_SLIDE, LINES_PER_SLIDE, 2, 'totals']);
  });
});

describe('the download\'s name, headers and waiting page', () => {
  it('names the file by the client and the version, without characters a file system refuses', () => {
    expect(offerPdfFileName({ version: 2, client: { name: 'Иван', company: 'КФХ «Колос»' } })).toBe('КП КФХ «Колос», версия 2.pdf');
    expect(offerPdfFileName({ version: 1, client: { name: 'ИП "Поле" / Север', company: null } })).toBe('КП ИП Поле Север, версия 1.pdf');
  });

  it('keeps the page personal and asks again every 3 seconds while the PDF is printed', () => {
    expect(OFFER_PAGE_HEADERS).toEqual({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex, nofollow' });
    const page = offerPdfPreparingPage('abc_DEF-123456789012345');
    expect(page).toContain('<title>Предложение готовится…</title>');
    expect(page).toContain('<meta http-equiv="refresh" content="3">');
    expect(page).toContain('href="/offer/pdf/abc_DEF-123456789012345?format=pdf"');
    expect(page).not.toContain('<script');
  });
});
