import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFilter, listAudit } from '#app/.server/audit.ts';
import { advanceClock, now, resetClock } from '#app/.server/clock.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { cleanArticleHtml } from './article-html.server.ts';
import { dateToMoscowLocal } from './blog.rules.ts';
import { ARTICLE_MESSAGES, articleInput } from './blog.schema.ts';
import { articlePage, blogDirectory, latestNews } from './blog.server.ts';
import { articleForEditing, articleVersions, compareArticleVersions, listArticlesForEditing, restoreArticleVersion, saveArticle } from './blog-editing.server.ts';

/*
 * The blog's editors (ADR 089) on both engines: an article is a draft until published, a later date
 * schedules it, unpublishing hides it again; every save is audited with the changed fields; the
 * text is cleaned; a taken slug and ids that name nothing are refused with nothing written.
 */

let t: TestDatabase;
const editor = { userId: 0, name: 'Ольга Редактор' };

beforeAll(async () => {
  t = await createTestDatabase();
  editor.userId = (await t.db.insertInto('auth_user').values({ name: editor.name, email: 'blog-editor@agro.test', password_hash: null, email_verified_at: null, phone: null, phone_verified_at: null, staff_branch_id: null, area_id: null })
    .returning('id').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => { resetClock(); await t?.destroy(); });

const input = (over: Record<string, unknown> = {}) => articleInput.parse({
  typeId: '2', title: 'Кубань завершила уборку озимых', slug: '', lead: 'Намолочено 11 млн тонн зерна.', metaDescription: '',
  bodyHtml: '<p>Текст <script>alert(1)</script><img src="https://evil.example/x.png"><img src="/images/banners/traktory.jpg" alt="Поле"></p>',
  tags: 'Уборочная кампания, Озимые', modelIds: '', partIds: '900010', categoryIds: '2', regionIds: '4023', publishedAt: '', coverImageId: '', coverAlt: '',
  ...over,
});

describe('an article\'s life', () => {
  it('is a draft nobody sees, then published, then taken off the site; each step audited', async () => {
    const created = await saveArticle(t.services, editor, 'new', input(), 'save', '203.0.113.5');
    expect(created).toMatchObject({ ok: true, state: 'draft', markupRemoved: true });
    if (!created.ok) return;
    const form = await articleForEditing(t.services, created.id);
    expect(form!.values).toMatchObject({ slug: 'kuban-zavershila-uborku-ozimyh', tags: 'Уборочная кампания, Озимые', partIds: '900010', categoryIds: ['2'], regionIds: ['4023'] });
    // The picker's chip of the saved part: its name and number, as a part added by search reads.
    const part = await t.db.selectFrom('parts_part').select(['name', 'code']).where('id', '=', 900010).executeTakeFirstOrThrow();
    expect(form!.partNameById).toEqual({ 900010: `${part.name} (${part.code})` });
    expect(form!.partNameById['900010']).not.toMatch(/№/);
    expect(await articlePage(t.services, 'agronovosti', 'kuban-zavershila-uborku-ozimyh')).toBeNull();
    // A new tag was made from its name.
    expect([...(await blogDirectory(t.services)).tagBySlug.values()].find((x) => x.slug === 'ozimye')).toMatchObject({ name: 'Озимые' });

    const published = await saveArticle(t.services, editor, created.id, input(), 'publish', null);
    expect(published).toMatchObject({ ok: true, state: 'published' });
    const page = await articlePage(t.services, 'agronovosti', 'kuban-zavershila-uborku-ozimyh');
    expect(page!.bodyHtml).toBe('<p>Текст <img src="/images/banners/traktory.jpg" alt="Поле" loading="lazy" decoding="async" /></p>');
    expect(page!.authorName).toBe('Ольга Редактор');
    expect((await latestNews(t.services, { blogTypes: [2], tags: [], excludeIds: [], limit: 1 }))[0]!.id).toBe(created.id);

    const off = await saveArticle(t.services, editor, created.id, input(), 'unpublish', null);
    expect(off).toMatchObject({ ok: true, state: 'draft' });
    expect(await articlePage(t.services, 'agronovosti', 'kuban-zavershila-uborku-ozimyh')).toBeNull();

    const audit = await listAudit(t.db, auditFilter.parse({ entity: 'article', entityId: String(created.id) }));
    expect(audit.rows.map((r) => r.action).reverse()).toEqual(['article.create', 'article.publish', 'article.unpublish']);
    expect(audit.rows[0]).toMatchObject({ actorName: 'Ольга Редактор', before: { status: 'published' }, after: { status: 'draft' } });
  });

  it('a later date schedules it: invisible until then, listed as scheduled', async () => {
    const later = dateToMoscowLocal(new Date(now().getTime() + 2 * 3_600_000));
    const saved = await saveArticle(t.services, editor, 'new', input({ title: 'Запланированная новость', slug: 'zaplanirovannaya', publishedAt: later }), 'publish', null);
    expect(saved).toMatchObject({ ok: true, state: 'scheduled' });
    expect(await articlePage(t.services, 'agronovosti', 'zaplanirovannaya')).toBeNull();
    expect((await listArticlesForEditing(t.services, 1)).rows.find((r) => r.title === 'Запланированная новость')).toMatchObject({ state: 'scheduled', link: null });
    advanceClock(3 * 3_600_000);
    expect(await articlePage(t.services, 'agronovosti', 'zaplanirovannaya')).not.toBeNull();
  });
});

describe('refusals', () => {
  it('refuses a slug another article has, and ids that name nothing, writing nothing', async () => {
    const count = async () => Number((await t.db.selectFrom('blog_article').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    expect(await saveArticle(t.services, editor, 'new', input({ slug: 'obzor-kirovets-k-7m' }), 'publish', null))
      .toEqual({ ok: false, code: 'invalid', errors: { slug: ARTICLE_MESSAGES.slugTaken } });
    expect(await saveArticle(t.services, editor, 'new', input({ slug: 'novaya', modelIds: '999999', partIds: '1', categoryIds: '9999', regionIds: '1' }), 'publish', null))
      .toEqual({ ok: false, code: 'invalid', errors: {
        modelIds: 'Нет таких моделей: 999999', partIds: 'Нет таких запчастей: 1', categoryIds: 'Нет таких разделов: 9999', regionIds: 'Нет таких регионов: 1',
      } });
    expect(await saveArticle(t.services, editor, 'new', input({ slug: 'novaya', coverImageId: 'a'.repeat(32) }), 'publish', null))
      .toEqual({ ok: false, code: 'invalid', errors: { image: ARTICLE_MESSAGES.coverMissing } });
    expect(await saveArticle(t.services, editor, 999_999, input({ slug: 'novaya' }), 'publish', null)).toEqual({ ok: false, code: 'not_found' });
    expect(await count()).toBe(before);
  });

  it('the form\'s schema speaks Russian', () => {
    const issues = articleInput.safeParse({ typeId: '2', title: '', slug: 'Плохой адрес', lead: '', modelIds: 'один, два' }).error!.issues;
    expect(Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message]))).toMatchObject({
      title: ARTICLE_MESSAGES.title, slug: ARTICLE_MESSAGES.slug, lead: ARTICLE_MESSAGES.lead, modelIds: ARTICLE_MESSAGES.ids,
    });
  });
});

describe('the text an article may hold', () => {
  it('keeps prose, tables, quotes and the site\'s pictures; drops scripts, handlers, frames and other hosts\' pictures', () => {
    const kept = '<h2>Итоги</h2><p><a href="/catalog">Каталог</a> <strong>важно</strong></p><figure><img src="/media/images/0123456789abcdef0123456789abcdef/640.webp" alt="Комбайн" loading="lazy" decoding="async" /><figcaption>Подпись</figcaption></figure><blockquote>Цитата</blockquote>';
    expect(cleanArticleHtml(kept)).toEqual({ html: kept, removed: false });
    const dirty = cleanArticleHtml('<p onclick="x()">А<iframe src="https://x"></iframe><img src="//evil/x.png"><img src="javascript:alert(1)"></p><style>p{}</style>');
    expect(dirty).toEqual({ html: '<p>А</p>', removed: true });
  });
});

describe('an article\'s versions (ADR 100)', () => {
  it('records one per save and publication, compares two word by word, restores one as a new version, audited', async () => {
    const created = await saveArticle(t.services, editor, 'new', input({ title: 'Версии: посевная началась', slug: 'versii-posevnaya', lead: 'Первый анонс.' }), 'save', null);
    if (!created.ok) throw new Error('not saved');
    await saveArticle(t.services, editor, created.id, input({ title: 'Версии: посевная началась рано', slug: 'versii-posevnaya', lead: 'Второй анонс.' }), 'publish', null);
    await saveArticle(t.services, editor, created.id, input({ title: 'Версии: посевная началась рано', slug: 'versii-posevnaya', lead: 'Третий анонс.', bodyHtml: '<p>Новый текст</p>' }), 'save', null);

    const versions = await articleVersions(t.services, created.id);
    expect(versions.map((v) => [v.version, v.published, v.authorName])).toEqual([[3, true, editor.name], [2, true, editor.name], [1, false, editor.name]]);

    const compared = await compareArticleVersions(t.services, created.id, 1, 3);
    expect(compared!.changes.map((c) => c.field)).toEqual(['title', 'lead', 'bodyHtml', 'publishedAt']);
    expect(compared!.changes[0]!.parts).toEqual([{ op: 'same', text: 'Версии: посевная началась' }, { op: 'ins', text: ' рано' }]);
    expect(compared!.changes[2]).toMatchObject({ before: 'Текст [картинка: Поле]', after: 'Новый текст' });

    const restored = await restoreArticleVersion(t.services, editor, created.id, 1, '203.0.113.9');
    expect(restored).toMatchObject({ ok: true, state: 'published' });
    const form = await articleForEditing(t.services, created.id);
    expect(form!.values).toMatchObject({ title: 'Версии: посевная началась', lead: 'Первый анонс.' });
    const after = await articleVersions(t.services, created.id);
    expect(after[0]).toMatchObject({ version: 4, restoredFrom: 1, published: true });
    expect((await compareArticleVersions(t.services, created.id, 1, 4))!.changes.map((c) => c.field)).toEqual(['publishedAt']);
    const audit = await listAudit(t.db, auditFilter.parse({ entity: 'article', entityId: String(created.id) }));
    expect(audit.rows[0]).toMatchObject({ action: 'article.restore', actorName: editor.name, after: { restoredFrom: 1, lead: 'Первый анонс.' } });
  });

  it('answers not found for a version of another article or one that does not exist', async () => {
    const a = await saveArticle(t.services, editor, 'new', input({ title: 'Версии: статья А', slug: 'versii-a' }), 'save', null);
    const b = await saveArticle(t.services, editor, 'new', input({ title: 'Версии: статья Б', slug: 'versii-b' }), 'save', null);
    if (!a.ok || !b.ok) throw new Error('not saved');
    await saveArticle(t.services, editor, a.id, input({ title: 'Версии: статья А, вторая', slug: 'versii-a' }), 'save', null);
    expect(await compareArticleVersions(t.services, b.id, 1, 2)).toBeNull();
    expect(await compareArticleVersions(t.services, a.id, 1, 2)).not.toBeNull();
    expect(await restoreArticleVersion(t.services, editor, b.id, 2, null)).toEqual({ ok: false, code: 'not_found' });
    expect((await articleForEditing(t.services, b.id))!.values.title).toBe('Версии: статья Б');
  });
});
