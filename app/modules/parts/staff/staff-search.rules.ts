import { plural } from '#app/lib/plural.ts';
import type { StaffHitRelation } from './staff-search.schema.ts';

/** How a hit was found, as the table says it. */
export function staffRelationLabel(relation: StaffHitRelation, distance: number): string {
  switch (relation) {
    case 'exact': return 'Номер';
    case 'replacement': return distance > 1 ? `Замена через ${distance} ${plural(distance, 'шаг', 'шага', 'шагов')}` : 'Замена';
    case 'analog': return 'Аналог';
    case 'replaced': return 'Заменённый номер';
    case 'near': return 'Похожий номер';
    default: return 'По названию';
  }
}

const KG = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** '640 г', '46,5 кг', '—' when unknown. */
export function staffWeight(grams: number | null): string {
  if (grams === null) return '—';
  return grams < 1000 ? `${grams}\u00a0г` : `${KG.format(grams / 1000)}\u00a0кг`;
}
