import type { Readable } from 'node:stream';
import { Form, data, redirect, useLocation, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { editorHistory } from '#app/.server/content-versions.ts';
import { IMAGE_MAX_BYTES } from '#app/.server/files/image-variants.ts';
import { readMultipart } from '#app/.server/multipart.ts';
import { EditorField, editorStyles } from '#app/components/backoffice/editor.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { VersionHistory } from '#app/components/backoffice/VersionHistory.tsx';
import { firstIssueByField } from '#app/components/forms/form.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { RelatedPicker } from '#app/modules/blog/ui/RelatedPicker.tsx';
import { ARTICLE_MESSAGES, ARTICLE_STATUS_LABELS, articleIntent, articleInput } from '#app/modules/blog/blog.schema.ts';
import {
  articleForEditing, articleFormChoices, articleVersions, compareArticleVersions, parseArticleId, restoreArticleVersion, saveArticle, storeArticleCover,
  type ArticleFormValues, type UploadOutcome,
} from '#app/modules/blog/blog-editing.server.ts';
import type { Route } from './+types/admin.blog.$id';

export const handle: AdminHandle = { capability: 'content.edit' };

const LIST = '/admin/blog';
const NOTICES = { saved: ARTICLE_MESSAGES.saved, published: ARTICLE_MESSAGES.published, scheduled: ARTICLE_MESSAGES.scheduled, unpublished: ARTICLE_MESSAGES.unpublished } as const;
const TEXT_FIELDS = ['typeId', 'title', 'slug', 'lead', 'metaDescription', 'bodyHtml', 'tags', 'modelIds', 'partIds', 'publishedAt', 'coverImageId', 'coverAlt'] as const;

function idOf(raw: string | undefined) {
  const id = parseArticleId(raw);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const [article, choices] = await Promise.all([articleForEditing(ctx.services, idOf(params.id)), articleFormChoices(ctx.services)]);
  if (!article) throw data(null, { status: 404 });
  // 'История' (ADR 100): the versions, and two of them compared when asked; a number the article does not have is 404.
  const { versions, comparison } = await editorHistory(url, article.id === 'new' ? null : article.id, {
    list: (id) => articleVersions(ctx.services, id), compare: (id, a, b) => compareArticleVersions(ctx.services, id, a, b),
  });
  const done = url.searchParams.get('done');
  const restored = Number(url.searchParams.get('restored'));
  const removed = url.searchParams.get('markup') === 'removed';
  return data({
    article, choices, csrf: ctx.csrfToken, versions, comparison,
    notice: restored > 0 ? ARTICLE_MESSAGES.restored(restored) : done && done in NOTICES ? `${NOTICES[done as keyof typeof NOTICES]}${removed ? ` ${ARTICLE_MESSAGES.markupRemoved}` : ''}` : null,
  }, { headers: ADMIN_HEADERS });
}

/** The form carries a cover (multipart, `_csrf` first): one picture of up to 15 MB, and the text. */
async function readForm(request: Request, upload: (file: Readable) => Promise<UploadOutcome>) {
  const read = await readMultipart<UploadOutcome | null>(request, {
    limits: { fileBytes: IMAGE_MAX_BYTES, files: 1, fields: 400, fieldBytes: 200_000 },
    onFile: async (file) => {
      if (file.field !== 'image' || file.filename === '') { file.stream.resume(); return null; }
      return upload(file.stream);
    },
  });
  if (!read.ok) return { ok: false as const, message: read.message };
  return { ok: true as const, fields: read.fields, uploaded: read.files.find((f) => f !== null) ?? null };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const id = idOf(params.id);
  const form = await readForm(request, (file) => storeArticleCover(ctx.services, file));
  if (!form.ok) return data({ errors: { image: form.message } as Record<string, string>, values: null }, { status: 400 });
  const one = (k: string) => form.fields.get(k)?.[0] ?? '';
  if (one('intent') === 'restore') {
    const version = Number(one('version'));
    if (id === 'new' || !Number.isInteger(version) || version < 1) throw data(null, { status: 404 });
    const restored = await restoreArticleVersion(ctx.services, { userId: staff.userId, name: staff.name }, id, version, ctx.ip);
    if (!restored.ok && restored.code === 'not_found') throw data(null, { status: 404 });
    if (!restored.ok) return data({ errors: { version: restored.code === 'unfit' ? restored.message : Object.values(restored.errors).join(' ') } as Record<string, string>, values: null }, { status: 409 });
    return redirect(`${LIST}/${id}?restored=${version}`);
  }
  const values: ArticleFormValues = {
    ...(Object.fromEntries(TEXT_FIELDS.map((k) => [k, one(k)])) as Omit<ArticleFormValues, 'categoryIds' | 'regionIds'>),
    categoryIds: form.fields.get('categoryIds') ?? [], regionIds: form.fields.get('regionIds') ?? [],
  };
  if (form.uploaded?.ok) values.coverImageId = form.uploaded.imageId;
  const removeCover = one('removeImage') === 'on';
  if (removeCover) values.coverImageId = '';
  const parsed = articleInput.safeParse({ ...values, categoryIds: values.categoryIds.join(','), regionIds: values.regionIds.join(','), removeCover });
  const errors = parsed.success ? {} : firstIssueByField(parsed.error.issues);
  if (form.uploaded && !form.uploaded.ok) errors.image = form.uploaded.message;
  if (!parsed.success || errors.image) return data({ errors, values }, { status: 400 });
  const intent = articleIntent.parse(one('intent'));
  const saved = await saveArticle(ctx.services, { userId: staff.userId, name: staff.name }, id, parsed.data, intent, ctx.ip);
  if (!saved.ok && saved.code === 'not_found') throw data(null, { status: 404 });
  if (!saved.ok) return data({ errors: saved.errors, values }, { status: 400 });
  const done = intent === 'unpublish' ? 'unpublished' : saved.state === 'published' ? 'published' : saved.state === 'scheduled' ? 'scheduled' : 'saved';
  return redirect(`${LIST}/${saved.id}?done=${done}${saved.markupRemoved ? '&markup=removed' : ''}`);
}

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  adminMeta(d ? (d.article.id === 'new' ? 'Новая статья' : `Статья «${d.article.values.title}»`) : ARTICLE_MESSAGES.notFound);

export default function AdminArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { article, choices, csrf, notice, versions, comparison } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const location = useLocation();
  const v: ArticleFormValues = actionData?.values ?? article.values;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const isNew = article.id === 'new';
  const published = article.state === 'published' || article.state === 'scheduled';
  return (
    <>
      <p><Link to={LIST}>← Статьи и новости</Link></p>
      <h1 className={styles.title}>{isNew ? 'Новая статья' : article.values.title}</h1>
      <p className={styles.lead} data-testid="article-state">
        {article.state ? <>{ARTICLE_STATUS_LABELS[article.state]} · </> : 'Статья станет видна посетителям после публикации. '}
        {article.link ? <><Link to={article.link}>Открыть на сайте</Link> · </> : null}
        {isNew ? null : <Link to={`/admin/audit?entity=article&entityId=${article.id}`}>История изменений</Link>}
      </p>
      <Toast message={actionData ? null : notice} token={loaderData} />
      {actionData?.errors.version ? <p className={styles.error} role="alert">{actionData.errors.version}</p>
        : actionData ? <p className={styles.error} role="alert">Проверьте поля формы: ничего не сохранено.</p> : null}
      <Form method="post" encType="multipart/form-data" className={editorStyles.form} key={`${location.search}|${article.values.slug}`}>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="coverImageId" value={v.coverImageId} />
        <div className={editorStyles.row}>
          <div className={editorStyles.field} data-field="typeId">
            <label className={editorStyles.label} htmlFor="field-typeId">Раздел</label>
            <select id="field-typeId" name="typeId" defaultValue={v.typeId} className={editorStyles.input}>
              {choices.types.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </select>
            {errors.typeId ? <p className={editorStyles.fieldError}>{errors.typeId}</p> : null}
          </div>
          <EditorField name="publishedAt" label="Дата и время публикации (МСК)" value={v.publishedAt} error={errors.publishedAt}
            hint="Пусто — в момент публикации; дата в будущем — статья выйдет в это время" type="datetime-local" />
        </div>
        <EditorField name="title" label="Заголовок" value={v.title} error={errors.title} maxLength={160} required />
        <EditorField name="slug" label="Адрес" value={v.slug} error={errors.slug} maxLength={120} hint="Пусто — составится из заголовка латиницей" />
        <EditorField name="lead" label="Анонс" value={v.lead} error={errors.lead} rows={3} maxLength={600} required hint="Показывается в списке, в блоках новостей и в RSS" />
        <EditorField name="metaDescription" label="Описание для поисковых систем" value={v.metaDescription} error={errors.metaDescription} maxLength={200} hint="Пусто — используется анонс" />
        <EditorField name="bodyHtml" label="Текст статьи (HTML)" value={v.bodyHtml} error={errors.bodyHtml} rows={16} code
          hint="Заголовки h2–h4, абзацы, списки, таблицы, ссылки, цитаты и картинки сайта (<figure><img src=&quot;/media/images/…&quot;></figure>). Остальное удаляется при сохранении." />
        <EditorField name="tags" label="Метки" value={v.tags} error={errors.tags} hint="Через запятую: «Уборочная кампания, Комбайны». Новые метки создаются." />
        <div className={editorStyles.row}>
          <RelatedPicker name="modelIds" kind="model" label="Модели техники" value={v.modelIds} names={article.modelNameById} error={errors.modelIds}
            hint={article.modelNames.length ? `Сейчас: ${article.modelNames.join(', ')}. Номера моделей через запятую` : 'Номера моделей через запятую; со скриптами — поиск по названию'} />
          <RelatedPicker name="partIds" kind="part" label="Запчасти" value={v.partIds} names={article.partNameById} error={errors.partIds} hint="Номера запчастей через запятую; со скриптами — поиск по номеру или названию" />
        </div>
        <div className={editorStyles.row}>
          <div className={editorStyles.field} data-field="categoryIds">
            <label className={editorStyles.label} htmlFor="field-categoryIds">Разделы каталога</label>
            <select id="field-categoryIds" name="categoryIds" multiple size={8} defaultValue={v.categoryIds} className={editorStyles.input}>
              {choices.categories.map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
            </select>
            {errors.categoryIds ? <p className={editorStyles.fieldError}>{errors.categoryIds}</p> : null}
          </div>
          <div className={editorStyles.field} data-field="regionIds">
            <label className={editorStyles.label} htmlFor="field-regionIds">Регионы</label>
            <select id="field-regionIds" name="regionIds" multiple size={8} defaultValue={v.regionIds} className={editorStyles.input} aria-describedby="field-regionIds-hint">
              {choices.regions.map((c) => <optgroup key={c.country} label={c.country}>{c.areas.map((a) => <option key={a.id} value={a.id}>{a.label}</option>)}</optgroup>)}
            </select>
            <span className={editorStyles.hint} id="field-regionIds-hint">Ничего не выбрано — статья для всех регионов</span>
            {errors.regionIds ? <p className={editorStyles.fieldError}>{errors.regionIds}</p> : null}
          </div>
        </div>
        <div className={editorStyles.field} data-field="image">
          <label className={editorStyles.label} htmlFor="field-image">{article.cover || v.coverImageId ? 'Заменить обложку' : 'Обложка'}</label>
          {article.cover ? <img src={article.cover.src} width={320} height={Math.round(320 * article.cover.height / article.cover.width)} alt="Обложка статьи" style={{ maxWidth: '100%', height: 'auto', borderRadius: 8 }} /> : null}
          <input id="field-image" type="file" name="image" accept="image/jpeg,image/png,image/webp,image/avif" className={editorStyles.input} aria-describedby="field-image-hint" />
          <span className={editorStyles.hint} id="field-image-hint">JPEG, PNG, WebP или AVIF до 15 МБ; в списке — 16 : 9. Загрузится при сохранении.</span>
          {article.cover || v.coverImageId ? <label className={editorStyles.hint}><input type="checkbox" name="removeImage" /> Убрать обложку</label> : null}
          {errors.image ? <p className={editorStyles.fieldError} role="alert">{errors.image}</p> : null}
        </div>
        <EditorField name="coverAlt" label="Подпись к обложке" value={v.coverAlt} error={errors.coverAlt} maxLength={200} hint="Что на картинке: её читают программы экранного доступа" />
        <div className={editorStyles.actions}>
          <button type="submit" name="intent" value="publish" className="btn btn-brand" disabled={busy}>{published ? 'Сохранить и оставить опубликованной' : 'Опубликовать'}</button>
          <button type="submit" name="intent" value="save" className="btn btn-secondary" disabled={busy}>{published ? 'Сохранить' : 'Сохранить черновик'}</button>
          {published ? <button type="submit" name="intent" value="unpublish" className="btn btn-secondary" disabled={busy}>Снять с публикации</button> : null}
        </div>
      </Form>
      {isNew ? null : <VersionHistory path={`${LIST}/${article.id}`} versions={versions} comparison={comparison} csrf={csrf} multipart />}
    </>
  );
}
