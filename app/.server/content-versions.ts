import type { Kysely, Transaction } from 'kysely';
import { data } from 'react-router';
import { parseCompare } from '#app/lib/word-diff.ts';
import { now } from './clock.ts';
import type { Database } from './db/schema.ts';

/**
 * Versions of what editors write (migration 0050, ADR 100): each save or publication of an article,
 * a vacancy or a questionnaire records its edited fields, immutable, numbered 1, 2, 3… per thing.
 * The module that owns the thing records a version in the transaction that saves it (holding the
 * lock on the thing's row, so two saves never take one number), and checks a version's fields with
 * its own schema when restoring it (a version written by an older release may no longer fit).
 */
export type VersionedEntity = 'article' | 'vacancy' | 'questionnaire';

type Db = Kysely<Database> | Transaction<Database>;

export interface VersionSummary { version: number; published: boolean; authorName: string; createdAt: string; restoredFrom: number | null }
export interface Version extends VersionSummary { data: Record<string, unknown> }

export async function recordVersion(
  trx: Db, entity: VersionedEntity, entityId: string | number, data: Record<string, unknown>,
  meta: { author: { userId: number; name: string }; published: boolean; restoredFrom?: number | null },
): Promise<number> {
  const id = String(entityId);
  const last = await trx.selectFrom('content_version').select((eb) => eb.fn.max('version').as('last'))
    .where('entity', '=', entity).where('entity_id', '=', id).executeTakeFirst();
  const version = (last?.last ?? 0) + 1;
  await trx.insertInto('content_version').values({
    entity, entity_id: id, version, data: JSON.stringify(data), published: meta.published,
    author_id: meta.author.userId, author_name: meta.author.name, restored_from: meta.restoredFrom ?? null, created_at: now(),
  }).execute();
  return version;
}

/** One thing's versions, the latest first. */
export async function listVersions(db: Db, entity: VersionedEntity, entityId: string | number, limit = 100): Promise<VersionSummary[]> {
  const rows = await db.selectFrom('content_version').select(['version', 'published', 'author_name', 'created_at', 'restored_from'])
    .where('entity', '=', entity).where('entity_id', '=', String(entityId)).orderBy('version', 'desc').limit(limit).execute();
  return rows.map((r) => ({ version: r.version, published: r.published, authorName: r.author_name, createdAt: r.created_at.toISOString(), restoredFrom: r.restored_from }));
}

/** One version of one thing; another thing's number answers null. */
export async function readVersion(db: Db, entity: VersionedEntity, entityId: string | number, version: number): Promise<Version | null> {
  const r = await db.selectFrom('content_version').selectAll()
    .where('entity', '=', entity).where('entity_id', '=', String(entityId)).where('version', '=', version).executeTakeFirst();
  if (!r) return null;
  const data = r.data && typeof r.data === 'object' && !Array.isArray(r.data) ? r.data as Record<string, unknown> : {};
  return { version: r.version, published: r.published, authorName: r.author_name, createdAt: r.created_at.toISOString(), restoredFrom: r.restored_from, data };
}

/**
 * An editor page's 'История' (ADR 100): the thing's versions and, when `?compare=a..b` asks, two of
 * them compared. A malformed or unknown pair, or a comparison of a thing not yet saved, is a 404
 * (thrown as the page's answer). One function for every editor, so each reads its query alike.
 */
export async function editorHistory<C>(
  url: URL,
  id: number | null,
  read: { list: (id: number) => Promise<VersionSummary[]>; compare: (id: number, a: number, b: number) => Promise<C | null> },
): Promise<{ versions: VersionSummary[]; comparison: C | null }> {
  const notFound = () => data(null, { status: 404 });
  const versions = id ? await read.list(id) : [];
  if (!url.searchParams.has('compare')) return { versions, comparison: null };
  const pair = parseCompare(url.searchParams.get('compare'));
  if (!pair || !id) throw notFound();
  const comparison = await read.compare(id, pair[0], pair[1]);
  if (!comparison) throw notFound();
  return { versions, comparison };
}
