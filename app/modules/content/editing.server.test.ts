import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFilter, listAudit } from '#app/.server/audit.ts';
import { advanceClock, resetClock } from '#app/.server/clock.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { branchForEditing, branchCountry, listBranchesForEditing, publishBranch, saveBranchDraft } from '#app/modules/regions/branch-editing.server.ts';
import { branchInput } from '#app/modules/regions/branch-editing.schema.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import { currentPromotions, getPage } from './content.server.ts';
import { PAGES } from './data/pages.ts';
import { pageInput, promotionInput } from './editing.schema.ts';
import { discardPageDraft, listEditablePages, pageForEditing, publishPage, savePageDraft } from './editing.server.ts';
import { cleanPageHtml } from './page-html.server.ts';
import { deletePromotion, listPromotionsForEditing, promotionForEditing, publishPromotion, savePromotionDraft, storePromotionImage } from './promotion-editing.server.ts';

/*
 * Editing what the shop shows (ADR 081), on both engines: a draft is the editor's until published;
 * publishing writes the thing, its audit record and the draft's removal at once, and the shop's
 * readers (kept per process, db/changes.ts) show it on their next read; the HTML a page may hold.
 */

let t: TestDatabase;
const editor = { userId: 0, name: 'Ольга Редактор' };

beforeAll(async () => {
  t = await createTestDatabase();
  editor.userId = (await t.db.insertInto('auth_user').values({ name: editor.name, email: 'editor@agro.test', password_hash: null, email_verified_at: null, phone: null, phone_verified_at: null, staff_branch_id: null, area_id: null })
    .returning('id').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => { resetClock(); await t?.destroy(); });

describe('a page body', () => {
  it('keeps every demo page as it is: headings, lists, tables, links and the data placeholders', () => {
    for (const page of PAGES) expect(cleanPageHtml(page.bodyHtml), page.slug).toEqual({ html: page.bodyHtml.trim(), removed: false });
  });

  it('loses scripts, handlers, styles, frames and javascript: links, and says something was removed', () => {
    const dirty = '<p onclick="steal()">Текст<script>alert(1)</script> <span style="color:red">и ещё</span> <a href="javascript:alert(1)">ссылка</a></p><iframe src="https://evil.example"></iframe><img src=x onerror=alert(1)><a href="//evil.example">чужой</a>';
    const clean = cleanPageHtml(dirty);
    expect(clean.removed).toBe(true);
    expect(clean.html).toBe('<p>Текст и ещё <a>ссылка</a></p><a>чужой</a>');
  });
});

describe('pages', () => {
  it('lists the shop\'s pages for editing, the ones stored and the shop\'s own', async () => {
    const pages = await listEditablePages(t.services);
    expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/', '/servis', '/finansirovanie', '/akcii', '/dostavka-i-oplata', '/contacts']));
    expect(pages.every((p) => !p.hasDraft)).toBe(true);
  });

  it('keeps a draft apart from the page until it is published; publishing writes the page, the audit and drops the draft', async () => {
    const live = (await getPage(t.services, 'servis'))!;
    const input = pageInput.parse({ title: live.title, metaDescription: live.metaDescription, lead: `${live.lead} Новое.`, bodyHtml: `${live.bodyHtml}<p>Абзац</p><script>x()</script>` });
    expect(await savePageDraft(t.services, editor, 'servis', input)).toEqual({ ok: true, markupRemoved: true });
    const editing = (await pageForEditing(t.services, 'servis'))!;
    expect(editing.draft).toMatchObject({ lead: `${live.lead} Новое.`, authorName: 'Ольга Редактор' });
    expect(editing.draft!.bodyHtml).not.toContain('script');
    expect((await listEditablePages(t.services)).find((p) => p.slug === 'servis')!.hasDraft).toBe(true);
    // Visitors still read the published page.
    expect((await getPage(t.services, 'servis'))!.lead).toBe(live.lead);

    expect(await publishPage(t.services, editor, 'servis', input, '203.0.113.5')).toEqual({ ok: true, markupRemoved: true });
    const after = (await getPage(t.services, 'servis'))!;
    expect(after.lead).toBe(`${live.lead} Новое.`);
    expect(after.bodyHtml).toMatch(/<p>Абзац<\/p>$/);
    expect((await pageForEditing(t.services, 'servis'))!.draft).toBeNull();
    const audit = await listAudit(t.db, auditFilter.parse({ entity: 'page', entityId: 'servis' }));
    expect(audit.rows[0]).toMatchObject({ action: 'page.publish', actorName: 'Ольга Редактор', actorId: editor.userId, ip: '203.0.113.5' });
    // Only what changed: the lead and the body, not the title.
    expect(Object.keys(audit.rows[0]!.after as object).sort()).toEqual(['bodyHtml', 'lead']);
    expect((audit.rows[0]!.before as { lead: string }).lead).toBe(live.lead);
  });

  it('writes a shop page that had only its frame; a discarded draft is gone; an unknown page is not found', async () => {
    const home = (await pageForEditing(t.services, 'home'))!;
    await savePageDraft(t.services, editor, 'home', { ...home.live, lead: 'Черновик главной' });
    await discardPageDraft(t.services, 'home');
    expect((await pageForEditing(t.services, 'home'))!.draft).toBeNull();
    expect(await pageForEditing(t.services, 'no-such-page')).toBeNull();
    expect(await savePageDraft(t.services, editor, 'no-such-page', home.live)).toEqual({ ok: false, code: 'not_found' });
    expect(await publishPage(t.services, editor, '../etc', home.live, null)).toEqual({ ok: false, code: 'not_found' });
  });

  it('refuses control characters, overlong fields and an empty title in Russian', () => {
    const base = { title: 'Сервис', metaDescription: 'Описание', lead: 'Вводный', bodyHtml: '' };
    const issues = (v: object) => pageInput.safeParse(v).error?.issues.map((i) => i.message);
    expect(issues({ ...base, title: ' ' })).toEqual(['Укажите заголовок']);
    expect(issues({ ...base, title: 'a\u0000b' })).toEqual(['Поле "Заголовок" содержит недопустимые символы']);
    expect(issues({ ...base, metaDescription: 'x'.repeat(201) })).toEqual(['Описание для поисковых систем — не длиннее 200 символов']);
    expect(issues({ ...base, bodyHtml: 'x'.repeat(100_001) })).toEqual(['Текст страницы слишком длинный: не более 100 000 символов']);
    expect(pageInput.safeParse({ ...base, lead: 'Две\nстроки' }).success).toBe(true);
  });
});

describe('promotions', () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const promo = (over: Partial<Record<string, unknown>> = {}) => promotionInput.parse({
    title: 'Скидка на фильтры', text: 'Минус 10 % на фильтры', link: '/zapchasti', badge: '−10 %', startsOn: day(0), endsOn: day(7), sort: '0', ...over,
  });

  it('a scheduled promotion shows from its first day; one published for today shows at once; deleted, it is gone and audited', async () => {
    await savePromotionDraft(t.services, editor, 'new', promo({ title: 'Черновик акции' }));
    expect((await promotionForEditing(t.services, 'new', editor))!.draft).toMatchObject({ title: 'Черновик акции' });
    // Another editor's new promotion is his own draft.
    expect((await promotionForEditing(t.services, 'new', { userId: editor.userId + 1000, name: 'Другой' }))!.draft).toBeNull();

    const published = await publishPromotion(t.services, editor, 'new', promo({ title: 'Запланированная', startsOn: day(2) }), null);
    if (!published.ok) throw new Error(published.code);
    const id = published.id;
    expect((await promotionForEditing(t.services, 'new', editor))!.draft).toBeNull();
    expect((await currentPromotions(t.services)).map((p) => p.title)).not.toContain('Запланированная');
    expect((await listPromotionsForEditing(t.services, 1, editor)).rows.find((r) => r.id === id)).toMatchObject({ state: 'scheduled' });

    advanceClock(2 * 86_400_000 + 1);
    expect((await currentPromotions(t.services)).map((p) => p.title)).toContain('Запланированная');
    resetClock();

    expect(await publishPromotion(t.services, editor, id, promo({ title: 'Сегодняшняя' }), null)).toEqual({ ok: true, id });
    expect((await currentPromotions(t.services)).map((p) => p.title)).toContain('Сегодняшняя');
    expect(await deletePromotion(t.services, editor, id, null)).toBe(true);
    expect(await deletePromotion(t.services, editor, id, null)).toBe(false);
    expect((await currentPromotions(t.services)).map((p) => p.title)).not.toContain('Сегодняшняя');
    expect(await promotionForEditing(t.services, id, editor)).toBeNull();
    const audit = await listAudit(t.db, auditFilter.parse({ entity: 'promotion', entityId: String(id) }));
    expect(audit.rows.map((r) => r.action)).toEqual(['promotion.delete', 'promotion.publish', 'promotion.create']);
    expect(audit.rows[1]!.after).toEqual({ title: 'Сегодняшняя', startsOn: day(0) });
  });

  it('keeps an uploaded picture with the promotion; a picture that does not exist is refused', async () => {
    const { Readable } = await import('node:stream');
    const { readFile } = await import('node:fs/promises');
    const upload = await storePromotionImage(t.services, Readable.from(await readFile('public/images/banners/traktory.jpg')));
    if (!upload.ok) throw new Error(upload.message);
    expect(await storePromotionImage(t.services, Readable.from(Buffer.from('не картинка')))).toEqual({ ok: false, message: 'Это не изображение: подойдут JPEG, PNG, WebP или AVIF' });
    expect(await publishPromotion(t.services, editor, 'new', promo({ title: 'Без картинки', imageId: 'f'.repeat(32) }), null)).toEqual({ ok: false, code: 'image_missing' });
    const published = await publishPromotion(t.services, editor, 'new', promo({ title: 'С картинкой', imageId: upload.imageId }), null);
    expect(published.ok).toBe(true);
    const card = (await currentPromotions(t.services)).find((p) => p.title === 'С картинкой')!;
    expect(card.picture).toMatchObject({ src: expect.stringMatching(new RegExp(`^/media/images/${upload.imageId}/\\d+\\.webp$`)), width: expect.any(Number), height: expect.any(Number) });
    expect(card.picture!.avifSrcSet).toContain(`/media/images/${upload.imageId}/320.avif 320w`);
    if (published.ok) expect((await promotionForEditing(t.services, published.id, editor))!.picture).toEqual(card.picture);
  });

  it('refuses a link to another site by //, dates out of order and a badge too long', () => {
    const issues = (over: object) => promotionInput.safeParse({ title: 'А', text: 'Б', link: '/x', badge: 'В', startsOn: day(0), endsOn: day(1), sort: 0, ...over }).error?.issues.map((i) => i.message);
    expect(issues({ link: '//evil.example' })).toEqual(['Ссылка должна вести на страницу сайта (начинаться с /) или на адрес https://']);
    expect(issues({ link: 'javascript:alert(1)' })).toEqual(['Ссылка должна вести на страницу сайта (начинаться с /) или на адрес https://']);
    expect(issues({ link: 'https://partner.example/leasing' })).toBeUndefined();
    expect(issues({ endsOn: day(-1) })).toEqual(['Акция не может закончиться раньше, чем начнётся']);
    expect(issues({ badge: 'x'.repeat(31) })).toEqual(['Метка — не длиннее 30 символов']);
    expect(issues({ sort: 'abc' })).toEqual(['Порядок — целое число от 0 до 9999']);
  });
});

describe('branches', () => {
  it('a branch manager lists and edits only his branch; the head office every one', async () => {
    const [first, second] = await t.db.selectFrom('region_branch').select('id').orderBy('id').limit(2).execute();
    expect(await listBranchesForEditing(t.services, first!.id)).toHaveLength(1);
    expect((await listBranchesForEditing(t.services, null)).length).toBeGreaterThan(1);
    expect(await branchForEditing(t.services, second!.id, first!.id)).toBeNull();
    expect(await branchCountry(t.services, second!.id, first!.id)).toBeNull();
    expect(await branchCountry(t.services, second!.id, null)).toBe('RU');
  });

  it('publishes contacts the shop shows at once, with the audit of what changed', async () => {
    const id = (await t.db.selectFrom('region_branch').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
    const live = (await branchForEditing(t.services, id, null))!.live;
    const input = branchInput('RU').parse({ ...live, hours: 'Пн–Сб 07:00–20:00', phone: '+7 (4812) 55-66-77' });
    await saveBranchDraft(t.services, editor, id, input);
    expect((await branchForEditing(t.services, id, null))!.draft).toMatchObject({ hours: 'Пн–Сб 07:00–20:00', phone: '74812556677' });
    await publishBranch(t.services, editor, id, input, null);
    const shown = (await regionDirectory(t.services)).branches.find((b) => b.id === id)!;
    expect(shown).toMatchObject({ hours: 'Пн–Сб 07:00–20:00', phone: '+7 (481) 255-66-77' });
    expect((await branchForEditing(t.services, id, null))!.draft).toBeNull();
    const audit = await listAudit(t.db, auditFilter.parse({ entity: 'branch', entityId: String(id) }));
    expect(audit.rows[0]).toMatchObject({ action: 'branch.publish', after: { hours: 'Пн–Сб 07:00–20:00', phone: '74812556677' } });
  });

  it('checks the requisites by their country\'s rules', () => {
    const base = { address: 'ул. Ленина, 1', email: 'branch@agro.test', hours: 'Пн–Пт' };
    const issues = (country: 'RU' | 'KZ', over: object) => branchInput(country).safeParse({ ...base, ...over }).error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(issues('RU', { inn: '7707083893', ogrn: '1027700132195', kpp: '773601001', bik: '044525225', corrAccount: '30101810400000000225' })).toBeUndefined();
    expect(issues('RU', { inn: '7707083894' })).toEqual(['inn: ИНН — 10 или 12 цифр, контрольные цифры не сходятся']);
    expect(issues('RU', { ogrn: '1027700132196' })).toEqual(['ogrn: ОГРН — 13 цифр (ОГРНИП — 15), контрольная цифра не сходится']);
    expect(issues('RU', { bik: '044525225', corrAccount: '30101810400000000226' })).toEqual(['corrAccount: Корреспондентский счёт — 20 цифр, начинается с 301 и сходится с БИК']);
    expect(issues('KZ', { bin: '1234', settlementAccount: 'KZ86125KZT5004100100', bik: 'HSBKKZKX' })).toEqual(['bin: БИН — 12 цифр']);
    expect(issues('KZ', { settlementAccount: 'KZ87125KZT5004100100' })).toEqual(['settlementAccount: IBAN — KZ и 18 знаков, контрольные цифры не сходятся']);
    expect(issues('RU', { phone: '123' })).toEqual(['phone: Телефон — 11 или 12 цифр с кодом страны, например +7 (4812) 00-00-00']);
    expect(issues('RU', { email: 'not-an-email' })).toEqual(['email: Поле "E-mail" содержит некорректный E-mail адрес']);
    // Requisites of the other country are not kept.
    expect(branchInput('KZ').parse({ ...base, inn: '7707083893' }).inn).toBe('');
  });
});
