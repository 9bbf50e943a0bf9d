import type { AppServices } from '#app/.server/context.ts';
import { normalizePartCode, partCodeCandidates } from '../part-code.rules.ts';
import { selectExactAndRelated } from '../parts.queries.server.ts';
import { partLink } from './part-link.rules.ts';
import { selectPrefixAndNamed } from './pages.queries.server.ts';
import { partsReference } from './pages.server.ts';

/**
 * Parts in the site search (issue 9, point 6; ADR 033): numbers in any notation through the
 * lookup's normal form (the exact part first, then what replaced it, its analogs, what it
 * replaced), then numbers that begin with the query, then names in Russian word forms. Two
 * statements at most; nothing per visitor (the search's results are shared for a few seconds), so
 * no prices: the part's page has them.
 */

export interface PartSearchHit { id: string; title: string; subtitle: string; link: string; rank: number }

const RELATION_LABELS = ['', 'Замена', 'Аналог', 'Заменённый номер'] as const;
/** Names are counted up to this many: 'фильтр' names thousands of parts. */
const NAME_SCAN = 200;

export async function searchPartsForSite(services: AppServices, text: string, plain: string, limit: number): Promise<{ total: number; hits: PartSearchHit[] }> {
  const codes = partCodeCandidates(text);
  const code = normalizePartCode(text);
  // A number has a digit; a word ('фильтр') is a name, and its letters are no part number.
  const looksLikeNumber = /\d/.test(code) && code.length >= 3;
  const [ref, exact] = await Promise.all([
    partsReference(services),
    looksLikeNumber && codes.length ? selectExactAndRelated(services.db, codes, limit) : Promise.resolve([]),
  ]);
  const rest = exact.length < limit || plain
    ? await selectPrefixAndNamed(services.db, looksLikeNumber ? code : '', exact.map((r) => r.id), plain, limit, NAME_SCAN)
    : [];
  const makerName = (id: number) => ref.makers.get(id)?.name ?? '';
  const hits: PartSearchHit[] = [
    ...exact.map((r) => ({
      id: String(r.id), title: `${r.code} — ${r.name}`,
      subtitle: [makerName(r.maker_id), RELATION_LABELS[r.rank] ?? ''].filter(Boolean).join(' · '),
      link: partLink(r), rank: 10 - r.rank,
    })),
    ...rest.map((r) => ({
      id: String(r.id), title: `${r.code} — ${r.name}`, subtitle: makerName(r.maker_id),
      link: partLink(r), rank: r.arm === 0 ? 5 : 4,
    })),
  ];
  return { total: exact.length + (rest[0]?.total ?? 0), hits: hits.slice(0, limit) };
}
