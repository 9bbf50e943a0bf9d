import { requestContext } from '#app/.server/context.ts';
import { ADMIN_HEADERS } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { modelCards } from '#app/modules/catalog/cards.server.ts';
import { modelOptionsOf } from '#app/modules/catalog/model-options.server.ts';
import type { CatalogueCandidate } from '#app/modules/offers/ui/OfferEditor.tsx';
import { searchSparePartsForStaff } from '#app/modules/parts/staff/staff-search.server.ts';
import { search } from '#app/modules/search/search.server.ts';
import type { Route } from './+types/kp.find';

/**
 * `/kp/find?q=&branch=&kind=` (ADR 087, 088): parts (`kind=part`, by number or name) or models for the editor's 'Из каталога' — the shop's own search
 * (its word forms and typos) with the branch's prices, composed here so the offers module names
 * neither the catalogue nor the search. A branch's staff get their own branch's prices whatever
 * `branch` says; the head office names the offer's.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, 'offers.work');
  const q = (url.searchParams.get('q') ?? '').slice(0, 100);
  const asked = Number(url.searchParams.get('branch'));
  const branchId = staff.branchId ?? (Number.isInteger(asked) && asked > 0 && asked < 2 ** 31 ? asked : null);
  if (url.searchParams.get('kind') === 'part') {
    // Parts by number in any notation or by the beginning of the name, as the staff's part search finds them (ADR 088).
    const parts = branchId === null ? { hits: [] } : await searchSparePartsForStaff(ctx, q);
    const candidates: CatalogueCandidate[] = parts.hits.slice(0, 12).map((h) => {
      const here = h.branches.find((b) => b.branchId === branchId);
      return {
        kind: 'part', name: h.name, code: h.code, price: here?.price ?? null, oldPrice: here?.oldPrice ?? null,
        line: `${h.manufacturer}${here ? ` · в наличии ${here.quantity}` : ''}`, weightKg: h.weightGrams ? h.weightGrams / 1000 : null,
      };
    });
    return Response.json({ candidates }, { headers: ADMIN_HEADERS });
  }
  const found = await search(ctx.services, q, { limitPerKind: 8 });
  const ids = (found.groups.find((g) => g.kind === 'model')?.hits ?? []).map((h) => Number(h.id)).filter(Number.isInteger);
  const [cards, options] = await Promise.all([modelCards(ctx.services.db, ids, branchId, branchId !== null), modelOptionsOf(ctx.services.db, ids)]);
  const candidates: CatalogueCandidate[] = cards.map(({ card }) => ({
    kind: 'machine',
    name: card.name, code: card.productCode, price: card.offer?.price ?? null, oldPrice: card.offer?.oldPrice ?? null,
    line: `${card.manufacturer.name} · ${card.modelLine.name}`,
    // The model's options with their rules (ADR 102).
    options: options.get(card.id) ?? [],
  }));
  return Response.json({ candidates }, { headers: ADMIN_HEADERS });
}
