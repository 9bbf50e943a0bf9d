import { Form, data, redirect, useLocation, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DraftNote, EditorActions, EditorField, Preview, editorStyles } from '#app/components/backoffice/editor.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { firstIssueByField } from '#app/components/forms/form.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { discardPageDraft, pageForEditing, publishPage, savePageDraft } from '#app/modules/content/editing.server.ts';
import { EDITING_MESSAGES, PAGE_LIMITS, editIntent, pageInput, type PageInput } from '#app/modules/content/editing.schema.ts';
import { ArticlePage } from '#app/modules/content/ui/ArticlePage.tsx';
import { bodySlots } from '#app/modules/content/content.rules.ts';
import type { Route } from './+types/admin.content.pages.$';

export const handle: AdminHandle = { capability: 'content.edit' };

/** What each placeholder of a body shows visitors (the preview cannot know the visitor's branch). */
const SLOT_LABELS: Readonly<Record<string, string>> = {
  'service-lines': 'Здесь — телефоны сервиса филиала посетителя',
  'branch-lines': 'Здесь — телефоны филиала посетителя',
  'country-lines': 'Здесь — бесплатные линии страны посетителя',
};

const slugOf = (params: Route.LoaderArgs['params']) => params['*'] ?? '';

const NOTICES = { draft: EDITING_MESSAGES.draftSaved, published: EDITING_MESSAGES.published, discarded: EDITING_MESSAGES.discarded } as const;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const page = await pageForEditing(ctx.services, slugOf(params));
  if (!page) throw data(null, { status: 404 });
  const done = url.searchParams.get('done');
  return data({
    page, csrf: ctx.csrfToken,
    notice: done && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null,
    markupRemoved: url.searchParams.get('removed') === '1',
  }, { headers: ADMIN_HEADERS });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const slug = slugOf(params);
  const form = await request.formData();
  const intent = editIntent.parse(form.get('intent'));
  const here = `/admin/content/pages/${slug}`;
  if (intent === 'discard') {
    await discardPageDraft(ctx.services, slug);
    return redirect(`${here}?done=discarded`);
  }
  const sent = { title: form.get('title'), metaDescription: form.get('metaDescription'), lead: form.get('lead'), bodyHtml: form.get('bodyHtml') ?? '' };
  const parsed = pageInput.safeParse(sent);
  if (!parsed.success) {
    return data({ errors: firstIssueByField(parsed.error.issues), values: sent as Record<string, unknown> }, { status: 400 });
  }
  const editor = { userId: staff.userId, name: staff.name };
  const result = intent === 'publish'
    ? await publishPage(ctx.services, editor, slug, parsed.data, ctx.ip)
    : await savePageDraft(ctx.services, editor, slug, parsed.data);
  if (!result.ok) throw data(null, { status: 404 });
  return redirect(`${here}?done=${intent === 'publish' ? 'published' : 'draft'}${result.markupRemoved ? '&removed=1' : ''}`);
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => adminMeta(d ? `Страница «${d.page.label}»` : EDITING_MESSAGES.pageNotFound);

const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);

export default function AdminContentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, csrf, notice, markupRemoved } = loaderData;
  const busy = useNavigation().state === 'submitting';
  // Each visit (a redirect after saving too) starts the form from what the server has; a refusal keeps what was typed.
  const location = useLocation();
  const start: PageInput = page.draft ?? page.live;
  const sent = actionData?.values;
  const v = (key: keyof PageInput) => str(sent?.[key], start[key]);
  const errors: Record<string, string> = actionData?.errors ?? {};
  const shown = page.draft ?? page.live;
  const slots = Object.fromEntries(bodySlots(shown.bodyHtml).map((name) => [name, <p key={name} className={editorStyles.slot}>{SLOT_LABELS[name] ?? `Блок данных «${name}»`}</p>]));
  return (
    <>
      <p><Link to="/admin/content">← Страницы сайта</Link></p>
      <h1 className={styles.title}>{page.label}</h1>
      <p className={styles.lead}>
        <Link to={page.path}>{page.path}</Link>{' · '}
        <Link to={`/admin/audit?entity=page&entityId=${encodeURIComponent(page.slug)}`}>История изменений</Link>
      </p>
      <Toast message={actionData ? null : notice} token={loaderData} />
      {markupRemoved && !actionData ? <p className={styles.error} role="alert">{EDITING_MESSAGES.markupRemoved}</p> : null}
      {actionData ? <p className={styles.error} role="alert">Проверьте поля формы: ничего не сохранено.</p> : null}
      <div className={editorStyles.layout}>
        <Form method="post" className={editorStyles.form} key={location.key}>
          <input type="hidden" name="_csrf" value={csrf} />
          <DraftNote draft={page.draft} />
          <EditorField name="title" label="Заголовок" value={v('title')} error={errors.title} maxLength={PAGE_LIMITS.title} required />
          <EditorField name="metaDescription" label="Описание для поисковых систем" value={v('metaDescription')} error={errors.metaDescription} rows={2} maxLength={PAGE_LIMITS.metaDescription} hint="120–160 символов: его показывают поисковики под заголовком." required />
          <EditorField name="lead" label="Вводный абзац" value={v('lead')} error={errors.lead} rows={4} maxLength={PAGE_LIMITS.lead} required />
          <EditorField name="bodyHtml" label="Текст страницы (HTML)" value={v('bodyHtml')} error={errors.bodyHtml} rows={18} code
            hint={<>Заголовки &lt;h2&gt;–&lt;h4&gt;, абзацы &lt;p&gt;, списки, таблицы, ссылки, &lt;strong&gt; и &lt;em&gt;. Телефоны и адреса не пишите в тексте: блок <code>&lt;div data-slot="service-lines"&gt;&lt;/div&gt;</code> покажет их из данных филиала.</>} />
          <EditorActions busy={busy} hasDraft={page.draft !== null} />
        </Form>
        <Preview label={page.draft ? 'Черновик — так его увидят посетители после публикации' : 'Опубликованная версия'} link={<Link to={page.path}>Открыть на сайте</Link>}>
          <ArticlePage page={{ slug: page.slug, ...shown }} slots={slots} />
        </Preview>
      </div>
    </>
  );
}
