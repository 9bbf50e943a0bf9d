import type { Kysely, Transaction } from 'kysely';
import { now } from './clock.ts';
import type { Database } from './db/schema.ts';

/**
 * Editors' drafts (migration 0033, ADR 081): what an editor changed on a page, a promotion or a
 * branch, kept until it is published or discarded. The module that owns the thing checks a draft
 * with its own schema when reading it back (a draft written by an older version may no longer fit),
 * and publishes it in one transaction with its audit record and the draft's removal.
 */
export type DraftEntity = 'page' | 'promotion' | 'branch';

type Db = Kysely<Database> | Transaction<Database>;

export interface Draft { data: unknown; authorName: string; updatedAt: string }

export async function readDraft(db: Db, entity: DraftEntity, entityId: string): Promise<Draft | null> {
  const row = await db.selectFrom('content_draft').select(['data', 'author_name', 'updated_at'])
    .where('entity', '=', entity).where('entity_id', '=', entityId).executeTakeFirst();
  return row ? { data: row.data, authorName: row.author_name, updatedAt: row.updated_at.toISOString() } : null;
}

/** The ids of one kind's drafts (the lists mark what has unpublished changes). */
export async function draftIds(db: Db, entity: DraftEntity): Promise<Set<string>> {
  const rows = await db.selectFrom('content_draft').select('entity_id').where('entity', '=', entity).execute();
  return new Set(rows.map((r) => r.entity_id));
}

export async function saveDraft(db: Db, entity: DraftEntity, entityId: string, data: unknown, author: { userId: number; name: string }): Promise<void> {
  const values = { data: JSON.stringify(data), author_id: author.userId, author_name: author.name, updated_at: now() };
  await db.insertInto('content_draft').values({ entity, entity_id: entityId, ...values })
    .onConflict((oc) => oc.columns(['entity', 'entity_id']).doUpdateSet(values))
    .execute();
}

export async function deleteDraft(db: Db, entity: DraftEntity, entityId: string): Promise<void> {
  await db.deleteFrom('content_draft').where('entity', '=', entity).where('entity_id', '=', entityId).execute();
}
