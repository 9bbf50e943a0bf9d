import { requestContext } from '#app/.server/context.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { parseQuestionnaireId, resultsFilter } from '#app/modules/questionnaires/questionnaires.schema.ts';
import { responsesCsv } from '#app/modules/questionnaires/questionnaires.server.ts';
import type { Route } from './+types/admin.questionnaires.$id.results.csv';

const NO_STORE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const;

/**
 * A questionnaire's responses as CSV for Russian Excel (ADR 093): UTF-8 with a BOM, ';' between
 * cells, one row per response, with the results page's filters. Employees with the capability only.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, 'questionnaires.manage');
  const id = parseQuestionnaireId(params.id);
  const url = new URL(request.url);
  const csv = id === null ? null : await responsesCsv(ctx.services, id, resultsFilter.parse(Object.fromEntries(url.searchParams)));
  if (!csv) return new Response('Анкета не найдена', { status: 404, headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' } });
  const name = `anketa-${id}.csv`;
  return new Response(csv.stream, {
    headers: { ...NO_STORE, 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` },
  });
}
