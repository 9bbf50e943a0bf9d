import { sql } from 'kysely';
import { recordAudit } from '#app/.server/audit.ts';
import { now } from '#app/.server/clock.ts';
import type { AppServices } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { MODEL_OPTION_MESSAGES, modelOptions, storedModelOptions, type ModelOption } from './model-options.schema.ts';

/*
 * A catalogue model's options for offers (ADR 102): read by the offer editor's catalogue search,
 * edited by staff at /admin/catalog/{id}, written whole (one document per model) and audited.
 */

const parse = (v: unknown): ModelOption[] => {
  const parsed = storedModelOptions.safeParse(typeof v === 'string' ? JSON.parse(v) : v);
  return parsed.success ? parsed.data : [];
};

/** The options of the models named, by model id (a model without any is absent). */
export async function modelOptionsOf(db: DB, ids: readonly number[]): Promise<Map<number, ModelOption[]>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('catalog_model_options').select(['model_id', 'options']).where('model_id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [r.model_id, parse(r.options)]));
}

export interface ModelForOptions { id: number; name: string; productCode: string; line: string; options: ModelOption[]; updatedAt: string | null }

/** A model and its options, for the back-office's editor; null when there is no such model. */
export async function modelForOptions(db: DB, id: number): Promise<ModelForOptions | null> {
  const row = await db.selectFrom('catalog_model as m')
    .innerJoin('catalog_model_line as l', 'l.id', 'm.model_line_id')
    .leftJoin('catalog_model_options as o', 'o.model_id', 'm.id')
    .select(['m.id', 'm.name', 'm.product_code', 'l.name as line', 'o.options', 'o.updated_at'])
    .where('m.id', '=', id).executeTakeFirst();
  if (!row) return null;
  return { id: row.id, name: row.name, productCode: row.product_code, line: row.line, options: row.options === null ? [] : parse(row.options), updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null };
}

/** Models by the beginning of a word of their name or code (or the first ones), with how many options each has. */
export async function modelsForOptions(db: DB, q: string): Promise<Array<{ id: number; name: string; productCode: string; line: string; options: number }>> {
  let query = db.selectFrom('catalog_model as m')
    .innerJoin('catalog_model_line as l', 'l.id', 'm.model_line_id')
    .leftJoin('catalog_model_options as o', 'o.model_id', 'm.id')
    .select(['m.id', 'm.name', 'm.product_code', 'l.name as line', sql<number>`coalesce(jsonb_array_length(o.options), 0)`.as('count')]);
  const text = q.trim().slice(0, 100);
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('m.name', 'ilike', like), eb('m.product_code', 'ilike', like), eb('l.name', 'ilike', like)]));
  }
  const rows = await query.orderBy(sql`coalesce(jsonb_array_length(o.options), 0)`, 'desc').orderBy('m.name').limit(50).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, productCode: r.product_code, line: r.line, options: Number(r.count) }));
}

export type SaveModelOptionsOutcome = { ok: true } | { ok: false; code: 'not_found' | 'invalid'; message: string; path?: string };

/** Replaces a model's options with those given (checked as a whole), audited with the list before and after. */
export async function saveModelOptions(services: AppServices, staff: { userId: number; name: string }, modelId: number, raw: unknown, ip: string | null): Promise<SaveModelOptionsOutcome> {
  if (!Array.isArray(raw)) return { ok: false, code: 'invalid', message: MODEL_OPTION_MESSAGES.request };
  const parsed = modelOptions.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, code: 'invalid', message: issue.message, path: issue.path.join('.') };
  }
  return services.db.transaction().execute(async (trx) => {
    const model = await trx.selectFrom('catalog_model').select('id').where('id', '=', modelId).forUpdate().executeTakeFirst();
    if (!model) return { ok: false, code: 'not_found', message: MODEL_OPTION_MESSAGES.notFound } as const;
    const before = await trx.selectFrom('catalog_model_options').select('options').where('model_id', '=', modelId).executeTakeFirst();
    const json = JSON.stringify(parsed.data);
    await trx.insertInto('catalog_model_options').values({ model_id: modelId, options: json, updated_at: now(), updated_by: staff.userId })
      .onConflict((oc) => oc.column('model_id').doUpdateSet({ options: json, updated_at: now(), updated_by: staff.userId })).execute();
    await recordAudit(trx, { actor: staff, action: 'catalog.model_options', entity: 'model', entityId: modelId, before: before ? parse(before.options) : [], after: parsed.data, ip });
    return { ok: true } as const;
  });
}
