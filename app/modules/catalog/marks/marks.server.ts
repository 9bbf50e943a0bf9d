import type { Kysely } from 'kysely';
import { now } from '#app/.server/clock.ts';
import type { RequestContext } from '#app/.server/context.ts';
import type { Database } from '#app/.server/db/schema.ts';
import type { Outcome } from '#app/.server/http.ts';
import { registerSessionFact, sessionFact } from '#app/.server/session.ts';
import { currentLocation } from '#app/modules/regions/regions.server.ts';
import { modelCards, type ModelCardEntry } from '../cards.server.ts';
import type { ModelCardView } from '../catalog.schema.ts';
import { MARKS_MESSAGES } from './marks.constants.ts';
import * as q from './marks.queries.server.ts';
import { formatSpecValue } from '../catalog.rules.ts';
import { compareNotices, parseCompareCodes } from './marks.rules.ts';
import type { CompareGroup, ComparePageData, MarksState } from './marks.schema.ts';
import { ensureOwner, ownerOf } from '#app/.server/visitor-owner.ts';

/*
 * Comparison, favourites and browsing history as use-cases of the request: who owns the marks
 * (the account, or a guest's session) is decided here, once.
 */

/** Expected outcomes' codes and the API status of each. */
export const MARKS_STATUS = { 'unknown-model': 404, 'unknown-part': 404, limit: 409, 'sign-in': 401 } as const;

function userIdOf(ctx: RequestContext): number | null {
  return ctx.session?.userId ?? null;
}

// Every page of a signed-in visitor shows his marks: they are read with his session (session.ts).
registerSessionFact('marks', q.userMarksJson);
// …and the model he viewed last: a reload of a model page records nothing and asks nothing.
registerSessionFact('lastViewed', q.lastViewedJson);

/** Which models the visitor compares and bookmarks: the state every button of a page shows. */
export async function marksState(ctx: RequestContext): Promise<MarksState> {
  const owner = ownerOf(ctx);
  const userId = userIdOf(ctx);
  // Signed in (every page of his): read with his session, or all in one statement.
  if (owner && userId !== null) {
    const read = sessionFact(ctx.session, 'marks') as MarksState | undefined;
    return read ?? q.userMarks(ctx.services.db, owner, userId);
  }
  // A guest has no favourites (they need an account): only his comparison is read.
  const compare = owner ? await q.compareIds(ctx.services.db, owner) : [];
  return { compare, bookmarks: [], partBookmarks: [] };
}

/** The header's counters, favourites of both kinds together (a signed-in page renders them; a guest's cached page asks marksState after hydration). */
export function markCounters(ctx: RequestContext): Promise<{ compare: number; bookmarks: number }> {
  return q.countsOf(ctx.services.db, ownerOf(ctx), userIdOf(ctx));
}

export async function addToCompare(ctx: RequestContext, modelId: number): Promise<Outcome> {
  const result = await q.addToCompare(ctx.services.db, await ensureOwner(ctx), modelId, now());
  switch (result.kind) {
    case 'unknown-model': return { ok: false, code: 'unknown-model', message: MARKS_MESSAGES.unknownModel };
    case 'limit': return { ok: false, code: 'limit', message: MARKS_MESSAGES.compareLimit(result.typeName) };
    default: return { ok: true, message: MARKS_MESSAGES.compareAdded };
  }
}

/**
 * A shared comparison's models (`/compare/{codes}` opened by anyone) join the visitor's own, in the
 * address's order, so that his header's counter and his own comparison show them (ADR 072). Models
 * past a technique type's limit, or no longer in the catalogue, are left out: the shared page still
 * shows them.
 */
export async function addSharedToCompare(ctx: RequestContext, modelIds: readonly number[]): Promise<Outcome> {
  const owner = await ensureOwner(ctx);
  for (const id of new Set(modelIds)) await q.addToCompare(ctx.services.db, owner, id, now());
  return { ok: true };
}

export async function removeFromCompare(ctx: RequestContext, modelId: number): Promise<Outcome> {
  const owner = ownerOf(ctx);
  if (owner) await q.removeFromCompare(ctx.services.db, owner, modelId);
  return { ok: true, message: MARKS_MESSAGES.compareRemoved };
}

export async function addBookmark(ctx: RequestContext, modelId: number): Promise<Outcome> {
  const userId = userIdOf(ctx);
  if (userId === null) return { ok: false, code: 'sign-in', message: MARKS_MESSAGES.bookmarkNeedsSignIn };
  const result = await q.addBookmark(ctx.services.db, userId, modelId, now());
  if (result.kind === 'unknown-model') return { ok: false, code: 'unknown-model', message: MARKS_MESSAGES.unknownModel };
  if (result.kind === 'limit') return { ok: false, code: 'limit', message: MARKS_MESSAGES.bookmarkLimit };
  return { ok: true, message: MARKS_MESSAGES.bookmarkAdded };
}

export async function removeBookmark(ctx: RequestContext, modelId: number): Promise<Outcome> {
  const userId = userIdOf(ctx);
  if (userId === null) return { ok: false, code: 'sign-in', message: MARKS_MESSAGES.bookmarkNeedsSignIn };
  await q.removeBookmark(ctx.services.db, userId, modelId);
  return { ok: true, message: MARKS_MESSAGES.bookmarkRemoved };
}

/** A part into the favourites (issue 9 point 10): the same rules as a model's, one limit for both. */
export async function addPartBookmark(ctx: RequestContext, partId: number): Promise<Outcome> {
  const userId = userIdOf(ctx);
  if (userId === null) return { ok: false, code: 'sign-in', message: MARKS_MESSAGES.bookmarkNeedsSignIn };
  const result = await q.addPartBookmark(ctx.services.db, userId, partId, now());
  if (result.kind === 'unknown-part') return { ok: false, code: 'unknown-part', message: MARKS_MESSAGES.unknownPart };
  if (result.kind === 'limit') return { ok: false, code: 'limit', message: MARKS_MESSAGES.bookmarkLimit };
  return { ok: true, message: MARKS_MESSAGES.bookmarkAdded };
}

export async function removePartBookmark(ctx: RequestContext, partId: number): Promise<Outcome> {
  const userId = userIdOf(ctx);
  if (userId === null) return { ok: false, code: 'sign-in', message: MARKS_MESSAGES.bookmarkNeedsSignIn };
  await q.removePartBookmark(ctx.services.db, userId, partId);
  return { ok: true, message: MARKS_MESSAGES.bookmarkRemoved };
}

/**
 * Records that the visitor viewed a model (the last HISTORY_LIMIT are kept). A guest without a
 * session yet gets one only with `createSession` (the widget's request after hydration); a page
 * loader leaves it off, so rendering a page never sets a cookie.
 */
export async function recordModelView(ctx: RequestContext, modelId: number, options: { createSession?: boolean } = {}): Promise<void> {
  const owner = options.createSession ? await ensureOwner(ctx) : ownerOf(ctx);
  if (!owner) return;
  const latest = owner.userId !== undefined ? sessionFact(ctx.session, 'lastViewed') as number | null | undefined : undefined;
  await q.recordView(ctx.services.db, owner, modelId, now(), latest);
}

async function cardsFor(ctx: RequestContext, ids: readonly number[]): Promise<ModelCardEntry[]> {
  if (!ids.length) return [];
  const location = await currentLocation(ctx);
  return modelCards(ctx.services.db, ids, location.currentBranch.id, userIdOf(ctx) !== null);
}

/** 'Вы смотрели': the visitor's last models, newest first, without the one on the page. */
export async function browsingHistory(ctx: RequestContext, excludeModelId: number | null): Promise<ModelCardView[]> {
  const owner = ownerOf(ctx);
  if (!owner) return [];
  const ids = await q.historyIds(ctx.services.db, owner, excludeModelId);
  return (await cardsFor(ctx, ids)).map((c) => c.card);
}

/** 'Избранное' of a signed-in user as cards with prices, newest first. */
export async function bookmarkCards(ctx: RequestContext): Promise<ModelCardView[]> {
  const userId = userIdOf(ctx);
  if (userId === null) return [];
  return (await cardsFor(ctx, await q.bookmarkIds(ctx.services.db, userId))).map((c) => c.card);
}

/** 'Избранное' of a signed-in user, its parts' ids, newest first (the parts module shows them as rows). */
export async function partBookmarkIds(ctx: RequestContext): Promise<number[]> {
  const userId = userIdOf(ctx);
  return userId === null ? [] : q.partBookmarkIds(ctx.services.db, userId);
}

/** The product codes of the visitor's own comparison, in the order they were added (for the shareable address). */
export async function ownCompareCodes(ctx: RequestContext): Promise<string[]> {
  const owner = ownerOf(ctx);
  if (!owner) return [];
  const ids = await q.compareIds(ctx.services.db, owner);
  return (await cardsFor(ctx, ids)).map((c) => c.card.productCode);
}

/**
 * The comparison table of `/compare/{codes}`: the same for anyone who opens the address (prices
 * only for the signed-in). Unknown codes are left out with a notice; models are grouped by
 * technique type, each group with the union of its models' specifications.
 */
export async function comparePage(ctx: RequestContext, codesParam: string): Promise<ComparePageData> {
  const { codes, tooMany, malformed } = parseCompareCodes(codesParam);
  const found = await q.modelIdsByCodes(ctx.services.db, codes);
  const byCode = new Map(found.map((f) => [f.code.toUpperCase(), f]));
  const unknown = [...malformed, ...codes.filter((c) => !byCode.has(c.toUpperCase()))];
  const ids = codes.flatMap((c) => byCode.get(c.toUpperCase())?.id ?? []);
  const [cards, specs] = await Promise.all([cardsFor(ctx, ids), q.specValues(ctx.services.db, ids)]);

  const groups = new Map<number, CompareGroup>();
  for (const { card, typeId, typeName } of cards) {
    const group = groups.get(typeId) ?? { typeId, typeName, models: [], rows: [] };
    group.models.push(card);
    groups.set(typeId, group);
  }
  const valueOf = new Map(specs.map((s) => [`${s.model_id}:${s.spec_id}`, formatSpecValue(s.num_value, s.text_value, s.unit)]));
  const typeOfModel = new Map(cards.map((c) => [c.card.id, c.typeId]));
  // specs arrive most important first: each group's rows keep that order.
  const seen = new Set<string>();
  for (const s of specs) {
    const group = groups.get(typeOfModel.get(s.model_id)!)!;
    const key = `${group.typeId}:${s.spec_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    group.rows.push({ specId: s.spec_id, name: s.name, unit: s.unit, values: group.models.map((m) => valueOf.get(`${m.id}:${s.spec_id}`) ?? null) });
  }
  return {
    groups: [...groups.values()],
    codes: cards.map((c) => c.card.productCode),
    notices: compareNotices(unknown, tooMany),
    withPrices: userIdOf(ctx) !== null,
  };
}

/**
 * At sign-in, inside the session rotation: the guest's comparison and history join the account
 * (duplicates dropped, limits kept). Registered with the platform's sign-in handlers.
 */
export function joinGuestMarks(trx: Kysely<Database>, move: { fromSessionId: string; userId: number }): Promise<void> {
  return q.moveGuestMarks(trx, move.fromSessionId, move.userId);
}

/** Housekeeping: guests' comparison and history rows whose session is gone. */
export function deleteOrphanGuestMarks(db: Kysely<Database>): Promise<void> {
  return q.deleteOrphanGuestMarks(db);
}
