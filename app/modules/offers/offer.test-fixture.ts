/**
 * 1C's spare-parts offer (`base`, the example file's third) with fifty lines at growing prices and an
 * installment paid in three parts: the long offer the PDF's test reads back and `npm run bench:pdf`
 * times. Pure data, so the bench imports it without the build.
 */
export function fiftyLineOffer<T extends { products: readonly object[] }>(base: T, externalId: string): T & { external_id: string; payments: unknown[] } {
  const part = base.products[0]!;
  const products = Array.from({ length: 50 }, (_, i) => ({
    ...part, id: `z${i + 1}`, name: `Деталь номер ${i + 1}`, code: `PN-${String(i + 1).padStart(4, '0')}`,
    prices: { price: 100_000 + i * 1_000, default_price: 100_000 + i * 1_000, count: (i % 3) + 1 },
  }));
  const payments = [{ type: 'installment', amount: 3_000_000, initial_fee: 1_000_000, term: 2, details: [
    { date: '01.04.2027', percentage: 33.33, sum: 1_000_000, prepay: 1_000_000 },
    { date: '01.05.2027', percentage: 33.33, sum: 1_000_000 },
    { date: '01.06.2027', percentage: 33.34, sum: 1_000_000 },
  ] }];
  return { ...structuredClone(base), external_id: externalId, products, payments };
}
