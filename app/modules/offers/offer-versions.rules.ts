import { offerTotal } from './offers.rules.ts';
import { PAYMENT_TYPE_LABELS, type OfferContent } from './offers.schema.ts';

/*
 * Versions side by side (issue 30 §2; ADR 086): each version read as labelled lines (a product's
 * count and price, each option, commissioning, delivery, payment, validity, total), so two versions
 * compare line by line and the lines that differ are marked.
 */

export interface VersionLine { key: string; label: string; value: string }
export interface ComparedLine { key: string; label: string; a: string | null; b: string | null; changed: boolean }

export function versionLines(content: OfferContent, money: (minor: number) => string): VersionLine[] {
  const lines: VersionLine[] = [];
  for (const p of content.products) {
    lines.push({ key: `p:${p.id}`, label: p.name, value: `${p.prices.count} × ${money(p.prices.price)}` });
    for (const o of p.options) {
      lines.push({ key: `p:${p.id}:o:${o.id}`, label: `${p.name}: ${o.name}`, value: o.isIncluded ? 'входит в цену' : o.count > 0 ? `${o.count} × ${money(o.price)}` : 'нет' });
    }
    lines.push({ key: `p:${p.id}:c`, label: `${p.name}: пусконаладка`, value: p.prices.commissioning_total > 0 ? money(p.prices.commissioning_total) : 'нет' });
  }
  const delivery = content.delivery_method === 'delivery' && content.delivery ? `доставка: ${content.delivery.address}, ${money(content.delivery.price)}` : 'самовывоз';
  lines.push({ key: 'delivery', label: 'Получение', value: delivery });
  const pay = content.payments[0];
  lines.push({ key: 'payment', label: 'Оплата', value: pay ? `${PAYMENT_TYPE_LABELS[pay.type]}${pay.term ? `, аванс ${money(pay.initial_fee)}, ${pay.term} мес.` : ''}` : 'не указана' });
  lines.push({ key: 'valid', label: 'Действует до', value: content.valid_date });
  lines.push({ key: 'total', label: 'Итого', value: money(offerTotal(content)) });
  return lines;
}

/** Two versions' lines in one list (a line only one of them has shows empty on the other side). */
export function compareVersions(a: OfferContent, b: OfferContent, money: (minor: number) => string): ComparedLine[] {
  const left = versionLines(a, money);
  const right = new Map(versionLines(b, money).map((l) => [l.key, l]));
  const rows: ComparedLine[] = left.map((l) => {
    const other = right.get(l.key);
    right.delete(l.key);
    return { key: l.key, label: l.label, a: l.value, b: other?.value ?? null, changed: other?.value !== l.value };
  });
  for (const l of right.values()) rows.push({ key: l.key, label: l.label, a: null, b: l.value, changed: true });
  return rows;
}
