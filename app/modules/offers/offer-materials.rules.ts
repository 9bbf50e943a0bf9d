import type { OfferContent } from './offers.schema.ts';

/*
 * An offer's documents, use cases and media as the audit log keeps them (ADR 102): each as one line
 * in its order, so an addition, an edit, a move and a removal all show as a difference.
 */

export interface OfferMaterials { docs: string[]; use_cases: string[]; media: string[] }

export function offerMaterials(content: Pick<OfferContent, 'docs' | 'use_cases' | 'media'>): OfferMaterials {
  return {
    docs: content.docs.map((d) => `${d.type ? `${d.type}: ` : ''}${d.title} (${d.file ? `файл ${d.file.name}` : d.url})`),
    use_cases: content.use_cases.map((u) => `${u.title}${u.description ? ` — ${u.description.slice(0, 80)}` : ''}`),
    media: content.media.map((m) => `${m.type === 'video' ? 'Видео' : 'Фото'}: ${m.title ?? ''} (${m.image ? `изображение ${m.image.id}` : m.url})`),
  };
}

/** What changed between two contents' materials, or null when nothing did: only the kinds that differ. */
export function materialsChange(before: Pick<OfferContent, 'docs' | 'use_cases' | 'media'> | null, after: Pick<OfferContent, 'docs' | 'use_cases' | 'media'>): { before: Partial<OfferMaterials>; after: Partial<OfferMaterials> } | null {
  const a = before ? offerMaterials(before) : { docs: [], use_cases: [], media: [] };
  const b = offerMaterials(after);
  const change = { before: {} as Partial<OfferMaterials>, after: {} as Partial<OfferMaterials> };
  for (const k of ['docs', 'use_cases', 'media'] as const) {
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) { change.before[k] = a[k]; change.after[k] = b[k]; }
  }
  return Object.keys(change.after).length ? change : null;
}

/** A use case removed from the offer is no longer among the selected ones. */
export function withoutRemovedUseCases(content: OfferContent): OfferContent {
  const ids = new Set(content.use_cases.map((u) => u.id));
  return { ...content, selected_use_cases: content.selected_use_cases.filter((id) => ids.has(id)) };
}
