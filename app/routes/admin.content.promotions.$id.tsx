import type { Readable } from 'node:stream';
import { Form, data, redirect, useLocation, useNavigation } from 'react-router';
import { now } from '#app/.server/clock.ts';
import { requestContext } from '#app/.server/context.ts';
import { IMAGE_MAX_BYTES } from '#app/.server/files/image-variants.ts';
import { readMultipart } from '#app/.server/multipart.ts';
import { DraftNote, EditorActions, EditorField, Preview, editorStyles } from '#app/components/backoffice/editor.tsx';
import { ConfirmDialog } from '#app/components/backoffice/ConfirmDialog.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { firstIssueByField } from '#app/components/forms/form.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { EDITING_MESSAGES, PROMOTION_STATE_LABELS, editIntent, promotionInput, type PromotionInput } from '#app/modules/content/editing.schema.ts';
import {
  deletePromotion, discardPromotionDraft, parsePromotionId, promotionForEditing, publishPromotion, savePromotionDraft, storePromotionImage, type UploadOutcome,
} from '#app/modules/content/promotion-editing.server.ts';
import { PromotionCard } from '#app/modules/content/ui/PromotionCard.tsx';
import type { Route } from './+types/admin.content.promotions.$id';

export const handle: AdminHandle = { capability: 'content.edit' };

const LIST = '/admin/content/promotions';
const NOTICES = { draft: 'Черновик сохранён. Предпросмотр показывает карточку акции, как её увидят посетители.', published: 'Опубликовано: посетители видят акцию с даты начала по последний день.', discarded: EDITING_MESSAGES.discarded } as const;

function idOf(raw: string | undefined) {
  const id = parsePromotionId(raw);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const promotion = await promotionForEditing(ctx.services, idOf(params.id), { userId: staff.userId, name: staff.name });
  if (!promotion) throw data(null, { status: 404 });
  const done = url.searchParams.get('done');
  return data({
    promotion, csrf: ctx.csrfToken, today: now().toISOString().slice(0, 10),
    notice: done && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null,
  }, { headers: ADMIN_HEADERS });
}

/** The editor's form carries a picture (multipart); 'Снять акцию с сайта' is a plain form. */
async function readForm(request: Request, upload: (file: Readable) => Promise<UploadOutcome>) {
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const form = await request.formData();
    return { ok: true as const, get: (k: string) => (typeof form.get(k) === 'string' ? form.get(k) as string : null), uploaded: null };
  }
  const read = await readMultipart<UploadOutcome | null>(request, {
    limits: { fileBytes: IMAGE_MAX_BYTES, files: 1, fields: 20, fieldBytes: 4_096 },
    onFile: async (file) => {
      // No file chosen: the browser still sends the field, empty and nameless.
      if (file.field !== 'image' || file.filename === '') { file.stream.resume(); return null; }
      return upload(file.stream);
    },
  });
  if (!read.ok) return { ok: false as const, message: read.message };
  return { ok: true as const, get: (k: string) => read.fields.get(k)?.[0] ?? null, uploaded: read.files.find((f) => f !== null) ?? null };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const id = idOf(params.id);
  const editor = { userId: staff.userId, name: staff.name };
  const form = await readForm(request, (file) => storePromotionImage(ctx.services, file));
  if (!form.ok) return data({ errors: { image: form.message } as Record<string, string>, values: {} as Record<string, unknown> }, { status: 400 });
  const intent = form.get('intent') === 'delete' ? 'delete' : editIntent.parse(form.get('intent'));
  const here = `${LIST}/${id}`;
  if (intent === 'delete') {
    if (id === 'new' || !(await deletePromotion(ctx.services, editor, id, ctx.ip))) throw data(null, { status: 404 });
    return redirect(`${LIST}?done=deleted`);
  }
  if (intent === 'discard') {
    await discardPromotionDraft(ctx.services, editor, id);
    return redirect(id === 'new' ? LIST : `${here}?done=discarded`);
  }
  const sent: Record<string, unknown> = Object.fromEntries(['title', 'text', 'link', 'badge', 'startsOn', 'endsOn', 'sort', 'imageId'].map((k) => [k, form.get(k) ?? '']));
  if (form.get('removeImage') === 'on') sent.imageId = '';
  if (form.uploaded?.ok) sent.imageId = form.uploaded.imageId;
  const parsed = promotionInput.safeParse(sent);
  const errors = parsed.success ? {} : firstIssueByField(parsed.error.issues);
  if (form.uploaded && !form.uploaded.ok) errors.image = form.uploaded.message;
  if (!parsed.success || errors.image) return data({ errors, values: sent }, { status: 400 });
  if (intent === 'draft') {
    if (!(await savePromotionDraft(ctx.services, editor, id, parsed.data))) throw data(null, { status: 404 });
    return redirect(`${here}?done=draft`);
  }
  const saved = await publishPromotion(ctx.services, editor, id, parsed.data, ctx.ip);
  if (!saved.ok && saved.code === 'not_found') throw data(null, { status: 404 });
  if (!saved.ok) return data({ errors: { image: EDITING_MESSAGES.promotionImageMissing } as Record<string, string>, values: sent }, { status: 400 });
  return redirect(`${LIST}/${saved.id}?done=published`);
}

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  adminMeta(d ? (d.promotion.live ? `Акция «${d.promotion.live.title}»` : 'Новая акция') : EDITING_MESSAGES.promotionNotFound);

const EMPTY = (today: string): PromotionInput => ({ title: '', text: '', link: '/akcii', badge: '', startsOn: today, endsOn: today, sort: 0, imageId: '' });

export default function AdminPromotion({ loaderData, actionData }: Route.ComponentProps) {
  const { promotion, csrf, notice, today } = loaderData;
  const busy = useNavigation().state === 'submitting';
  // Each visit (a redirect after saving too) starts the form from what the server has; a refusal keeps what was typed.
  const location = useLocation();
  const start = promotion.draft ?? promotion.live ?? EMPTY(today);
  const sent = actionData?.values;
  const v = (key: keyof PromotionInput) => (typeof sent?.[key] === 'string' ? sent[key] as string : String(start[key]));
  const errors: Record<string, string> = actionData?.errors ?? {};
  const shown = promotion.draft ?? promotion.live;
  const isNew = promotion.id === 'new';
  return (
    <>
      <p><Link to={LIST}>← Акции</Link></p>
      <h1 className={styles.title}>{isNew ? 'Новая акция' : promotion.live!.title}</h1>
      <p className={styles.lead}>
        {promotion.state ? <>{PROMOTION_STATE_LABELS[promotion.state]} · </> : 'Акция появится на сайте после публикации, с даты начала. '}
        {isNew ? null : <Link to={`/admin/audit?entity=promotion&entityId=${promotion.id}`}>История изменений</Link>}
      </p>
      <Toast message={actionData ? null : notice} token={loaderData} />
      {actionData ? <p className={styles.error} role="alert">Проверьте поля формы: ничего не сохранено.</p> : null}
      <div className={editorStyles.layout}>
        <Form method="post" encType="multipart/form-data" className={editorStyles.form} key={location.key}>
          {/* First: the server checks the token before it reads the upload. */}
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name="imageId" value={v('imageId')} />
          <DraftNote draft={promotion.draft} />
          <EditorField name="title" label="Название" value={v('title')} error={errors.title} maxLength={120} required />
          <EditorField name="text" label="Условия" value={v('text')} error={errors.text} rows={4} maxLength={500} required />
          <div className={editorStyles.row}>
            <EditorField name="badge" label="Метка" value={v('badge')} error={errors.badge} maxLength={30} hint="«−15 %», «Суперцена»" required />
            <EditorField name="link" label="Ссылка" value={v('link')} error={errors.link} maxLength={300} hint="Страница сайта (/catalog/…) или https://…" required />
          </div>
          <div className={editorStyles.row}>
            <EditorField name="startsOn" label="Начало" type="date" value={v('startsOn')} error={errors.startsOn} required />
            <EditorField name="endsOn" label="Последний день" type="date" value={v('endsOn')} error={errors.endsOn} required />
            <EditorField name="sort" label="Порядок" type="number" inputMode="numeric" value={v('sort')} error={errors.sort} hint="Меньше — выше в списке" />
          </div>
          <div className={editorStyles.field} data-field="image">
            <label className={editorStyles.label} htmlFor="field-image">{v('imageId') ? 'Заменить картинку' : 'Картинка'}</label>
            <input id="field-image" type="file" name="image" accept="image/jpeg,image/png,image/webp,image/avif" className={editorStyles.input} aria-describedby="field-image-hint" />
            <span className={editorStyles.hint} id="field-image-hint">JPEG, PNG, WebP или AVIF до 15 МБ; на карточке — 16 : 9. Загрузится при сохранении.</span>
            {v('imageId') ? <label className={editorStyles.hint}><input type="checkbox" name="removeImage" /> Убрать картинку</label> : null}
            {errors.image ? <p className={editorStyles.fieldError} role="alert">{errors.image}</p> : null}
          </div>
          <EditorActions busy={busy} hasDraft={promotion.draft !== null} publishLabel={isNew ? 'Опубликовать акцию' : 'Опубликовать'} />
        </Form>
        <div className={editorStyles.form}>
          {shown ? (
            <Preview label={promotion.draft ? 'Черновик — карточка на сайте' : 'Карточка на сайте'}>
              <div style={{ maxWidth: 360, margin: '0 auto' }}>
                <PromotionCard promotion={{ id: 0, title: shown.title, text: shown.text, link: shown.link, badge: shown.badge, endsOn: shown.endsOn, picture: promotion.picture }} />
              </div>
            </Preview>
          ) : <p className={styles.muted}>Сохраните черновик, чтобы увидеть карточку акции.</p>}
          {isNew ? null : (
            <ConfirmDialog
              trigger="Снять акцию с сайта"
              title="Снять акцию с сайта?"
              message="Посетители перестанут её видеть. Вернуть её нельзя; запись о ней останется в журнале изменений."
              confirmLabel="Снять с сайта"
              cancelLabel="Оставить"
              fields={{ _csrf: csrf, intent: 'delete' }}
              busy={busy}
            />
          )}
        </div>
      </div>
    </>
  );
}
