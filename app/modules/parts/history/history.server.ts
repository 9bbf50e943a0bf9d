import type { Kysely } from 'kysely';
import { now } from '#app/.server/clock.ts';
import type { RequestContext } from '#app/.server/context.ts';
import type { Database } from '#app/.server/db/schema.ts';
import { ensureOwner, ownerOf } from '#app/.server/visitor-owner.ts';
import { modelLineDirectory } from '#app/modules/catalog/line-directory.server.ts';
import { lineLink, partLink } from '../pages/part-link.rules.ts';
import * as q from './history.queries.server.ts';
import type { PartsHistory, PartsViewItem } from './history.schema.ts';

/*
 * The parts history (issue 28 point 15): the part pages and the model lines' parts pages a visitor
 * viewed, for the parts landing's 'Вы смотрели'. Those pages may come from the page cache, so they
 * report the view after hydration (POST /api/parts/history/view), as the model page does.
 */

/**
 * Records that the visitor viewed a part or a line's parts catalogue; a guest without a session
 * gets one (this is his first keeping). An unknown line or part records nothing.
 */
export async function recordPartsView(ctx: RequestContext, item: PartsViewItem): Promise<void> {
  if (item.kind === 'line' && !(await modelLineDirectory(ctx.services)).byId.has(item.id)) return;
  await q.recordView(ctx.services.db, await ensureOwner(ctx), item, now());
}

/** What the visitor viewed, newest first; nothing for a guest who has kept nothing. */
export async function partsHistory(ctx: RequestContext): Promise<PartsHistory> {
  const owner = ownerOf(ctx);
  if (!owner) return { parts: [], lines: [] };
  const [{ parts, lineIds }, directory] = await Promise.all([q.historyOf(ctx.services.db, owner), modelLineDirectory(ctx.services)]);
  return {
    parts: parts.map((p) => ({ id: p.id, code: p.code, name: p.name, link: partLink(p) })),
    lines: lineIds.flatMap((id) => {
      const line = directory.byId.get(id);
      return line ? [{ id, name: line.name, manufacturer: line.manufacturer.name, link: lineLink(line.manufacturer.slug, line.slug) }] : [];
    }),
  };
}

/** A sign-in handler (the composition root registers it): the guest's views join the account's. */
export function joinGuestPartsHistory(trx: Kysely<Database>, move: { fromSessionId: string; userId: number }): Promise<void> {
  return q.moveGuestHistory(trx, move.fromSessionId, move.userId);
}

/** Housekeeping: guests' views whose session is gone. */
export function deleteOrphanGuestPartsHistory(db: Kysely<Database>): Promise<void> {
  return q.deleteOrphanGuestHistory(db);
}
