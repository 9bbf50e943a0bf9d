import type { AppServices } from '#app/.server/context.ts';
import { normalizePartCode, partCodeCandidates } from '../part-code.rules.ts';
import { selectExactAndRelated } from '../parts.queries.server.ts';
import { partLink } from './part-link.rules.ts';
import { selectPrefixAndNamed } from './pages.queries.server.ts';
import { partsReference } from './pages.server.ts';
import { selectNamedPartsOnModels, selectPartNameWords } from './part-search.queries.server.ts';
import { serialRangeLabel } from '../serial.rules.ts';

/**
 * Parts in the site search (issue 9, point 6; ADR 033): numbers in any notation through the
 * lookup's normal form (the exact part first, then what replaced it, its analogs, what it
 * replaced), then numbers that begin with the query, then names in Russian word forms. Two
 * statements at most; nothing per visitor (the search's results are shared for a few seconds), so
 * no prices: the part's page has them.
 *
 * A query that names a part and a machine ('масляный фильтр 6145', issue 28 point 7) also gets the
 * parts so named that stand on the drawings of the machine's models (`fit`: the search module
 * finds the models, as it finds them for the header): one statement more, first in the list.
 */

/** What a query names beyond the part: the part's words (plain, for the `russian` configuration) and the models the rest of it found. */
export interface PartFitQuery { plain: string; models: ReadonlyArray<{ id: number; lineId: number; name: string }> }

/** The words parts are named with (folded; see `selectPartNameWords`), for the search's vocabulary. */
export { selectPartNameWords as loadPartNameWords };

export interface PartSearchHit { id: string; title: string; subtitle: string; link: string; rank: number }

const RELATION_LABELS = ['', 'Замена', 'Аналог', 'Заменённый номер'] as const;
/** Names are counted up to this many: 'фильтр' names thousands of parts. */
const NAME_SCAN = 200;

export async function searchPartsForSite(services: AppServices, text: string, plain: string, limit: number, fit: PartFitQuery | null = null): Promise<{ total: number; hits: PartSearchHit[] }> {
  const codes = partCodeCandidates(text);
  const code = normalizePartCode(text);
  // A number has a digit; a word ('фильтр') is a name, and its letters are no part number.
  const looksLikeNumber = /\d/.test(code) && code.length >= 3;
  const [ref, exact, fitting] = await Promise.all([
    partsReference(services),
    looksLikeNumber && codes.length ? selectExactAndRelated(services.db, codes, limit) : Promise.resolve([]),
    fit ? selectNamedPartsOnModels(services.db, fit.plain, fit.models, limit) : Promise.resolve([]),
  ]);
  const rest = exact.length < limit || plain
    ? await selectPrefixAndNamed(services.db, looksLikeNumber ? code : '', exact.map((r) => r.id), plain, limit, NAME_SCAN)
    : [];
  const makerName = (id: number) => ref.makers.get(id)?.name ?? '';
  const modelName = new Map(fit?.models.map((m) => [m.id, m.name]));
  const fitIds = new Set(fitting.map((r) => r.id));
  const hits: PartSearchHit[] = [
    ...fitting.map((r) => {
      const range = serialRangeLabel(r.serial_from, r.serial_to);
      return {
        id: String(r.id), title: `${r.code} — ${r.name}`,
        // What it fits first: a phone's line ends before the maker.
        subtitle: [`Подходит к ${modelName.get(r.model_id) ?? ''}${range ? `, зав. № ${range}` : ''}`, makerName(r.maker_id)].filter(Boolean).join(' · '),
        link: partLink(r), rank: 11,
      };
    }),
    ...exact.filter((r) => !fitIds.has(r.id)).map((r) => ({
      id: String(r.id), title: `${r.code} — ${r.name}`,
      subtitle: [makerName(r.maker_id), RELATION_LABELS[r.rank] ?? ''].filter(Boolean).join(' · '),
      link: partLink(r), rank: 10 - r.rank,
    })),
    ...rest.filter((r) => !fitIds.has(r.id)).map((r) => ({
      id: String(r.id), title: `${r.code} — ${r.name}`, subtitle: makerName(r.maker_id),
      link: partLink(r), rank: r.arm === 0 ? 5 : 4,
    })),
  ];
  return { total: (fitting[0]?.total ?? 0) + exact.length + (rest[0]?.total ?? 0), hits: hits.slice(0, limit) };
}
