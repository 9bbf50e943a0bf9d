import { changedFields, recordAudit } from '#app/.server/audit.ts';
import { now } from '#app/.server/clock.ts';
import type { AppServices } from '#app/.server/context.ts';
import type { Readable } from 'node:stream';
import { dataChanged } from '#app/.server/db/changes.ts';
import { imageStorage, pictureOf } from '#app/.server/files/image-variants.ts';
import { readStoredImage, storeImage } from '#app/.server/files/images.ts';
import type { PictureView } from '#app/lib/picture.ts';
import { deleteDraft, draftIds, readDraft, saveDraft } from '#app/.server/drafts.ts';
import type { Editor } from './editing.server.ts';
import { promotionInput, type PromotionInput, type PromotionState } from './editing.schema.ts';

/*
 * Editing the promotions of /akcii and the home page (ADR 081): drafts, publishing with the audit
 * record, and taking one off the site. A promotion shows from its first day to its last; one that
 * starts later is scheduled, not shown.
 */

export const PROMOTIONS_PAGE_SIZE = 50;


export interface PromotionRow extends PromotionInput { id: number; state: PromotionState; hasDraft: boolean }

/** The id a route names: a stored promotion's number, or 'new'. Anything else is no promotion. */
export type PromotionId = number | 'new';
export function parsePromotionId(raw: string | undefined): PromotionId | null {
  if (raw === 'new') return 'new';
  return raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

const today = () => now().toISOString().slice(0, 10);
const day = (v: Date | string) => (v instanceof Date ? v.toISOString() : v).slice(0, 10);
const stateOf = (p: { startsOn: string; endsOn: string }, on: string): PromotionState =>
  p.endsOn < on ? 'ended' : p.startsOn > on ? 'scheduled' : 'running';
const draftKey = (id: PromotionId, editor: Editor) => (id === 'new' ? `new:${editor.userId}` : String(id));

type Row = { id: number; title: string; text: string; link: string; badge: string; starts_on: Date | string; ends_on: Date | string; sort: number; image_id: string | null };
const inputOf = (r: Row): PromotionInput => ({
  title: r.title, text: r.text, link: r.link, badge: r.badge, startsOn: day(r.starts_on), endsOn: day(r.ends_on), sort: r.sort, imageId: r.image_id ?? '',
});
const COLUMNS = ['id', 'title', 'text', 'link', 'badge', 'starts_on', 'ends_on', 'sort', 'image_id'] as const;

/** Every promotion, the running and scheduled first (by their order on the site), then the ended, newest first. */
export async function listPromotionsForEditing(services: AppServices, page: number, editor: Editor): Promise<{ rows: PromotionRow[]; hasNext: boolean; ownNewDraft: boolean }> {
  const on = today();
  const [rows, drafts] = await Promise.all([
    services.db.selectFrom('content_promotion').select(COLUMNS)
      .orderBy((eb) => eb.case().when('ends_on', '<', on).then(1).else(0).end())
      .orderBy('sort').orderBy('ends_on', 'desc').orderBy('id', 'desc')
      .limit(PROMOTIONS_PAGE_SIZE + 1).offset((page - 1) * PROMOTIONS_PAGE_SIZE)
      .execute(),
    draftIds(services.db, 'promotion'),
  ]);
  return {
    rows: rows.slice(0, PROMOTIONS_PAGE_SIZE).map((r) => {
      const input = inputOf(r);
      return { id: r.id, ...input, state: stateOf(input, on), hasDraft: drafts.has(String(r.id)) };
    }),
    hasNext: rows.length > PROMOTIONS_PAGE_SIZE,
    ownNewDraft: drafts.has(draftKey('new', editor)),
  };
}

export interface PromotionForEditing {
  id: PromotionId;
  /** The picture of what the preview shows (the draft, or the published promotion). */
  picture: PictureView | null;
  live: PromotionInput | null;
  draft: (PromotionInput & { authorName: string; updatedAt: string }) | null;
  state: PromotionState | null;
}

async function liveRow(services: AppServices, id: number) {
  return services.db.selectFrom('content_promotion').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function promotionForEditing(services: AppServices, id: PromotionId, editor: Editor): Promise<PromotionForEditing | null> {
  const row = id === 'new' ? null : await liveRow(services, id);
  if (id !== 'new' && !row) return null;
  const stored = await readDraft(services.db, 'promotion', draftKey(id, editor));
  const parsed = stored ? promotionInput.safeParse(stored.data) : null;
  const live = row ? inputOf(row) : null;
  const draft = parsed?.success ? { ...parsed.data, authorName: stored!.authorName, updatedAt: stored!.updatedAt } : null;
  const shownImage = (draft ?? live)?.imageId;
  const image = shownImage ? await readStoredImage(imageStorage(services.config), shownImage) : null;
  return { id, live, draft, state: live ? stateOf(live, today()) : null, picture: image ? pictureOf(image) : null };
}

export type UploadOutcome = { ok: true; imageId: string } | { ok: false; message: string };

/** Checks and stores an uploaded picture (ADR 077): the same picture twice is one image. */
export async function storePromotionImage(services: AppServices, upload: Readable): Promise<UploadOutcome> {
  const stored = await storeImage(imageStorage(services.config), upload);
  return stored.ok ? { ok: true, imageId: stored.image.id } : { ok: false, message: stored.message };
}

export async function savePromotionDraft(services: AppServices, editor: Editor, id: PromotionId, input: PromotionInput): Promise<boolean> {
  if (id !== 'new' && !(await liveRow(services, id))) return false;
  await saveDraft(services.db, 'promotion', draftKey(id, editor), input, editor);
  return true;
}

export async function discardPromotionDraft(services: AppServices, editor: Editor, id: PromotionId): Promise<void> {
  await deleteDraft(services.db, 'promotion', draftKey(id, editor));
}

export type PublishOutcome = { ok: true; id: number } | { ok: false; code: 'not_found' | 'image_missing' };

/** Writes the promotion (a new one gets its id), its audit record and the draft's removal at once. */
export async function publishPromotion(services: AppServices, editor: Editor, id: PromotionId, input: PromotionInput, ip: string | null): Promise<PublishOutcome> {
  const image = input.imageId ? await readStoredImage(imageStorage(services.config), input.imageId) : null;
  if (input.imageId && !image) return { ok: false, code: 'image_missing' };
  const values = {
    title: input.title, text: input.text, link: input.link, badge: input.badge, starts_on: input.startsOn, ends_on: input.endsOn, sort: input.sort,
    image_id: image?.id ?? null, image_width: image?.width ?? null, image_height: image?.height ?? null,
  };
  const saved = await services.db.transaction().execute(async (trx) => {
    let savedId: number;
    if (id === 'new') {
      savedId = (await trx.insertInto('content_promotion').values(values).returning('id').executeTakeFirstOrThrow()).id;
      await recordAudit(trx, { actor: editor, action: 'promotion.create', entity: 'promotion', entityId: savedId, after: input, ip });
    } else {
      const before = await trx.selectFrom('content_promotion').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) return null;
      await trx.updateTable('content_promotion').set(values).where('id', '=', id).execute();
      await recordAudit(trx, { actor: editor, action: 'promotion.publish', entity: 'promotion', entityId: id, ...changedFields(inputOf(before), input), ip });
      savedId = id;
    }
    await deleteDraft(trx, 'promotion', draftKey(id, editor));
    return savedId;
  });
  dataChanged(services.db, 'content_promotion');
  return saved === null ? { ok: false, code: 'not_found' } : { ok: true, id: saved };
}

/** Takes a promotion off the site for good (its record stays in the audit log); false when it was already gone. */
export async function deletePromotion(services: AppServices, editor: Editor, id: number, ip: string | null): Promise<boolean> {
  const deleted = await services.db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('content_promotion').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
    if (!gone) return false;
    await recordAudit(trx, { actor: editor, action: 'promotion.delete', entity: 'promotion', entityId: id, before: inputOf(gone), ip });
    await deleteDraft(trx, 'promotion', String(id));
    return true;
  });
  dataChanged(services.db, 'content_promotion');
  return deleted;
}
