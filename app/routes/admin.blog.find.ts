import { requestContext } from '#app/.server/context.ts';
import { ADMIN_HEADERS, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { modelCards } from '#app/modules/catalog/cards.server.ts';
import { searchSparePartsForStaff } from '#app/modules/parts/staff/staff-search.server.ts';
import { search } from '#app/modules/search/search.server.ts';
import type { Route } from './+types/admin.blog.find';

export const handle: AdminHandle = { capability: 'content.edit' };

/**
 * `/admin/blog/find?kind=model|part&q=` (ADR 100): the article editor's pickers of related models
 * and parts — models by the shop's own search (word forms and typos), parts by number in any
 * notation or the beginning of the name, as the staff's part search finds them; ten at most, each
 * with its id, name and number.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  if (q.length < 2) return Response.json({ error_status: 'success', items: [] }, { headers: ADMIN_HEADERS });
  if (url.searchParams.get('kind') === 'part') {
    const parts = await searchSparePartsForStaff(ctx, q);
    const items = parts.hits.slice(0, 10).map((h) => ({ id: h.id, name: h.name, code: h.code }));
    return Response.json({ error_status: 'success', items }, { headers: ADMIN_HEADERS });
  }
  const found = await search(ctx.services, q, { limitPerKind: 10 });
  const ids = (found.groups.find((g) => g.kind === 'model')?.hits ?? []).map((h) => Number(h.id)).filter(Number.isInteger);
  const cards = await modelCards(ctx.services.db, ids, null, false);
  const items = cards.map(({ card }) => ({ id: card.id, name: card.name, code: card.productCode }));
  return Response.json({ error_status: 'success', items }, { headers: ADMIN_HEADERS });
}
