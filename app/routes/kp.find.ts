import { requestContext } from '#app/.server/context.ts';
import { ADMIN_HEADERS } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { modelCards } from '#app/modules/catalog/cards.server.ts';
import { modelOptionsOf } from '#app/modules/catalog/model-options.server.ts';
import { convertMinor, type Currency } from '#app/modules/financing/exchange-rates.rules.ts';
import { ratesOn } from '#app/modules/financing/exchange-rates.server.ts';
import { financingToday } from '#app/modules/financing/financing.server.ts';
import type { CatalogueCandidate } from '#app/modules/offers/ui/OfferEditor.tsx';
import { searchSparePartsForStaff } from '#app/modules/parts/staff/staff-search.server.ts';
import { search } from '#app/modules/search/search.server.ts';
import type { Route } from './+types/kp.find';

/**
 * `/kp/find?q=&branch=&kind=` (ADR 087, 088): parts (`kind=part`, by number or name) or models for the editor's 'Из каталога' — the shop's own search
 * (its word forms and typos) with the branch's prices, composed here so the offers module names
 * neither the catalogue nor the search. A branch's staff get their own branch's prices whatever
 * `branch` says; the head office names the offer's. Prices come in the offer's `currency`, converted
 * with today's rates from the branch's currency (a model's options from roubles, the company's list
 * prices): without a rate a price is null ('по запросу') for the manager to set (ADR 106).
 */
const CURRENCIES: readonly Currency[] = ['RUB', 'KZT', 'USD', 'EUR', 'CNY'];

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, 'offers.work');
  const q = (url.searchParams.get('q') ?? '').slice(0, 100);
  const asked = Number(url.searchParams.get('branch'));
  const branchId = staff.branchId ?? (Number.isInteger(asked) && asked > 0 && asked < 2 ** 31 ? asked : null);
  const currency = CURRENCIES.find((c) => c === url.searchParams.get('currency')) ?? 'RUB';
  const rates = currency === 'RUB' ? new Map() : await ratesOn(ctx.services.db, financingToday());
  const inOffer = (minor: number | null, from: Currency) => (minor === null ? null : convertMinor(minor, from, currency, rates));
  if (url.searchParams.get('kind') === 'part') {
    // Parts by number in any notation or by the beginning of the name, as the staff's part search finds them (ADR 088).
    const parts = branchId === null ? { hits: [] } : await searchSparePartsForStaff(ctx, q);
    const candidates: CatalogueCandidate[] = parts.hits.slice(0, 12).map((h) => {
      const here = h.branches.find((b) => b.branchId === branchId);
      return {
        kind: 'part', name: h.name, code: h.code, price: here ? inOffer(here.price, here.currency) : null, oldPrice: here ? inOffer(here.oldPrice, here.currency) : null,
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
    name: card.name, code: card.productCode,
    price: card.offer ? inOffer(card.offer.price, card.offer.currency) : null, oldPrice: card.offer ? inOffer(card.offer.oldPrice, card.offer.currency) : null,
    line: `${card.manufacturer.name} · ${card.modelLine.name}`,
    // The model's options with their rules (ADR 102); an option without a rate comes at 0 for the manager to price.
    options: (options.get(card.id) ?? []).map((o) => ({ ...o, price: inOffer(o.price, 'RUB') ?? 0 })),
  }));
  return Response.json({ candidates }, { headers: ADMIN_HEADERS });
}
