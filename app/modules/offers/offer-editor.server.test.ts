import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { clientOffer, isReplacedLink } from './offer-client.server.ts';
import { createOffer, duplicateOffer, editorOffer, newOfferInput, saveDraft, sendOffer, setReadOnly } from './offer-editor.server.ts';
import type { OfferContent } from './offers.schema.ts';
import { linkQuestionnaire } from '#app/modules/questionnaires/questionnaire-links.server.ts';

/*
 * The manager's editor (ADR 087) on both engines: a draft made for a client, saved with the
 * schema's checks, sent as version 1 with the client told by SMS and e-mail; edited and sent again
 * as version 2 under a new link while the old one only says it was replaced; read-only; duplicate;
 * another branch's offer is not found; the sending letter's invitation to a linked questionnaire
 * (ADR 107).
 */

let t: TestDatabase;
let staff: { userId: number; name: string; branchId: number | null };
let otherBranch: number;

beforeAll(async () => {
  t = await createTestDatabase({ PUBLIC_ORIGIN: 'https://shop.example' });
  const branches = await t.db.selectFrom('region_branch').select('id').orderBy('id').limit(2).execute();
  otherBranch = branches[1]!.id;
  const id = (await t.db.insertInto('auth_user').values({ name: 'Андрей Соколов', email: 'editor-offers@agro.test', password_hash: null, email_verified_at: null, phone: null, phone_verified_at: null, staff_branch_id: branches[0]!.id, area_id: null })
    .returning('id').executeTakeFirstOrThrow()).id;
  staff = { userId: id, name: 'Андрей Соколов', branchId: branches[0]!.id };
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const tractor = (price: number): OfferContent['products'][number] => ({
  id: 'p1', kind: 'machine', name: 'Трактор Беларус 1523', code: 'MTZ-1523',
  prices: { price, default_price: 1_000_000_00, count: 1, sale: 0, discount: 0, delivery: 0, commissioning_total: 450_000 },
  counts: [], productOptionsConfig: { hiddenPriceOptionsIds: [] },
  options: [
    { id: 'o1', name: 'Кондиционер', price: 15_000_000, count: 1, isIncluded: false, requires: [], excludes: [] },
    { id: 'o2', name: 'Фронтальный погрузчик', price: 60_000_000, count: 0, isIncluded: false, requires: ['o1'], excludes: [] },
  ],
});
const jobs = (like: string) => t.db.selectFrom('job').select(['kind', 'payload']).where('key', 'like', like).execute();

describe('the editor', () => {
  it('makes a draft, saves it with the schema\'s checks, sends it as version 1 and tells the client', async () => {
    const created = await createOffer(t.services, staff, { variant: 'single-technique', clientName: 'Пётр Иванов', company: 'ООО «Нива»', phone: '79111234567', email: 'niva@farm.example' }, null);
    expect(created.ok).toBe(true);
    const hash = created.ok ? created.hash : '';
    // A draft is not the client's yet.
    expect(await clientOffer(t.services, hash, false)).toBeNull();
    const draft = (await editorOffer(t.services, staff.branchId, hash))!;
    expect(draft).toMatchObject({ state: 'draft', sent: false, hasDraft: true });
    expect(draft.content.client).toEqual({ name: 'Пётр Иванов', company: 'ООО «Нива»', phone: '79111234567', email: 'niva@farm.example' });

    // Saving checks what 1C's offers are checked with; an empty draft may be saved, not sent.
    expect(await saveDraft(t.services, staff.branchId, hash, { ...draft.content, client: { ...draft.content.client, phone: '123' } })).toMatchObject({ ok: false, code: 'invalid', message: 'Телефон клиента — 11 или 12 цифр', path: 'client.phone' });
    expect(await saveDraft(t.services, staff.branchId, hash, draft.content)).toEqual({ ok: true });
    expect(await sendOffer(t.services, staff, staff.branchId, hash, null)).toMatchObject({ ok: false, code: 'invalid', message: 'В предложении нет позиций' });
    const broken = { ...draft.content, products: [{ ...tractor(900_000_00), options: tractor(0).options.map((o) => (o.id === 'o2' ? { ...o, count: 1 } : { ...o, count: 0 })) }] };
    expect(await saveDraft(t.services, staff.branchId, hash, broken)).toMatchObject({ ok: false, message: 'Опция «Фронтальный погрузчик» требует опцию «Кондиционер»' });

    expect(await saveDraft(t.services, staff.branchId, hash, { ...draft.content, products: [tractor(900_000_00)] })).toEqual({ ok: true });
    const sent = await sendOffer(t.services, staff, staff.branchId, hash, null);
    expect(sent).toEqual({ ok: true, hash, version: 1, message: 'Версия 1 отправлена клиенту по SMS и e-mail' });
    const offer = (await clientOffer(t.services, hash, false))!;
    expect(offer).toMatchObject({ state: 'sent', version: 1, versionTotal: 900_000_00 + 15_000_000 + 450_000 });
    const letters = await jobs(`offers.sent.%`);
    expect(letters.map((j) => j.kind).sort()).toEqual(['mail.send', 'sms.send']);
    expect(JSON.stringify(letters)).toContain(`https://shop.example/offer/${hash}`);
  });

  it('sends an edited offer as version 2 under a new link; the old link only says it was replaced', async () => {
    const created = await createOffer(t.services, staff, { variant: 'single-technique', clientName: 'Анна Смирнова', phone: '79117654321' }, null);
    const first = created.ok ? created.hash : '';
    const content = (await editorOffer(t.services, staff.branchId, first))!.content;
    await saveDraft(t.services, staff.branchId, first, { ...content, products: [tractor(950_000_00)] });
    await sendOffer(t.services, staff, staff.branchId, first, null);
    const again = (await editorOffer(t.services, staff.branchId, first))!;
    expect(again).toMatchObject({ sent: true, hasDraft: false, version: 1 });
    await saveDraft(t.services, staff.branchId, first, { ...again.content, products: [tractor(920_000_00)] });
    // The client still sees version 1 while the manager edits.
    expect((await clientOffer(t.services, first, false))!.versionTotal).toBe(950_000_00 + 15_000_000 + 450_000);
    const resent = await sendOffer(t.services, staff, staff.branchId, first, null);
    expect(resent).toMatchObject({ ok: true, version: 2 });
    const second = resent.ok ? resent.hash : '';
    expect(second).not.toBe(first);
    expect(await clientOffer(t.services, first, false)).toBeNull();
    expect(await isReplacedLink(t.services, first)).toBe(true);
    expect((await clientOffer(t.services, second, false))!).toMatchObject({ version: 2, versionTotal: 920_000_00 + 15_000_000 + 450_000 });
    const versions = await t.db.selectFrom('offers_version as v').innerJoin('offers_offer as o', 'o.id', 'v.offer_id').select('v.version').where('o.hash', '=', second).orderBy('v.version').execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
  });

  it('read-only, duplicate, and another branch\'s offer is not found', async () => {
    const created = await createOffer(t.services, staff, { variant: 'spare-parts', clientName: 'Олег Петров', phone: '79110000001' }, null);
    const hash = created.ok ? created.hash : '';
    const content = (await editorOffer(t.services, staff.branchId, hash))!.content;
    const filter: OfferContent['products'][number] = { ...tractor(120_000), id: 'z1', kind: 'part', name: 'Фильтр масляный', options: [], prices: { ...tractor(120_000).prices, default_price: 120_000, commissioning_total: 0, count: 4 } };
    await saveDraft(t.services, staff.branchId, hash, { ...content, products: [filter] });
    await sendOffer(t.services, staff, staff.branchId, hash, null);
    expect(await setReadOnly(t.services, staff, staff.branchId, hash, true, null)).toEqual({ ok: true, message: 'Клиент видит предложение только для просмотра' });
    expect((await clientOffer(t.services, hash, false))!.flags.read_only).toBe(true);
    const copy = await duplicateOffer(t.services, staff, staff.branchId, hash, null);
    expect(copy.ok).toBe(true);
    const copied = (await editorOffer(t.services, staff.branchId, copy.ok ? copy.hash : ''))!;
    expect(copied).toMatchObject({ state: 'draft', hasDraft: true });
    expect(copied.content.products[0]!.name).toBe('Фильтр масляный');
    expect(await editorOffer(t.services, otherBranch, hash)).toBeNull();
    expect(await saveDraft(t.services, otherBranch, hash, content)).toMatchObject({ ok: false, code: 'not_found' });
    expect(await createOffer(t.services, { ...staff, branchId: null }, { variant: 'engineer', clientName: 'Без филиала', phone: '79110000002' }, null)).toMatchObject({ ok: false, message: 'Выберите филиал' });
  });

  it('refuses NUL bytes, wrong types and unknown fields with a clear message, never a database error', async () => {
    const bad = (input: Record<string, unknown>) => newOfferInput.safeParse({ variant: 'spare-parts', clientName: 'Олег', phone: '79110000003', ...input }).error?.issues[0]?.message;
    expect(bad({ clientName: 'Олег\u0000' })).toBe('Поле "Контактное лицо" содержит недопустимые символы');
    expect(bad({ productName: 'Фильтр\u0000' })).toBe('Поле "Позиция" содержит недопустимые символы');
    expect(bad({ email: 'не почта' })).toBe('Проверьте e-mail клиента');
    expect(bad({ phone: 42 })).toBeDefined();
    const created = await createOffer(t.services, staff, { variant: 'spare-parts', clientName: 'Олег', phone: '79110000003' }, null);
    const hash = created.ok ? created.hash : '';
    const content = (await editorOffer(t.services, staff.branchId, hash))!.content;
    // An empty draft keeps only what the schema knows: a stray field (with a NUL byte) is not stored.
    expect(await saveDraft(t.services, staff.branchId, hash, { ...content, stray: 'x\u0000' })).toEqual({ ok: true });
    expect((await editorOffer(t.services, staff.branchId, hash))!.content).not.toHaveProperty('stray');
    expect(await saveDraft(t.services, staff.branchId, hash, { ...content, client: { ...content.client, name: 'x\u0000' } })).toMatchObject({ ok: false, code: 'invalid', path: 'client.name' });
    expect(await saveDraft(t.services, staff.branchId, hash, [1, 2])).toMatchObject({ ok: false, code: 'invalid' });
    expect(await saveDraft(t.services, staff.branchId, hash, { ...content, products: 'много' })).toMatchObject({ ok: false, code: 'invalid', path: 'products' });
  });
});

describe('the questionnaire linked to an offer (ADR 107)', () => {
  /** An offer with a machine, not sent yet, to a client with an e-mail: its id, its link and its content. */
  const sentOffer = async () => {
    const created = await createOffer(t.services, staff, { variant: 'single-technique', clientName: 'Ирина Полевая', phone: '79115550000', email: 'pole@farm.example' }, null);
    const hash = created.ok ? created.hash : '';
    const content = (await editorOffer(t.services, staff.branchId, hash))!.content;
    await saveDraft(t.services, staff.branchId, hash, { ...content, products: [tractor(900_000_00)] });
    const id = (await t.db.selectFrom('offers_offer').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()).id;
    return { id, hash, content };
  };
  const send = async (hash: string) => {
    const sent = await sendOffer(t.services, staff, staff.branchId, hash, null);
    if (!sent.ok) throw new Error(sent.message);
    return sent.hash;
  };
  const link = async (offer: { id: number; hash: string }, questionnaireId: number | null) => {
    expect((await linkQuestionnaire(t.services, staff, { kind: 'offer', ...offer }, questionnaireId, null)).ok).toBe(true);
  };
  /** The offer's sending letters, oldest first. */
  const letters = async (id: number, kind: 'mail' | 'sms') => (await t.db.selectFrom('job').select('payload').where('key', 'like', `offers.sent.${kind}:${id}:%`).orderBy('id').execute())
    .map((j) => (j.payload as { text: string }).text);

  it('is in the sending e-mail, in words and to the offer\'s current link, and never in the SMS', async () => {
    const offer = await sentOffer();
    await link(offer, 1);
    const first = await send(offer.hash);
    const again = await send(first);
    expect(again).not.toBe(first);
    // Sent again without changes: the same version 1 under a new link, and the invitation to that link.
    const text = (hash: string) => `Здравствуйте, Ирина Полевая!\n\n${offer.content.manager.name} подготовил для вас коммерческое предложение. Посмотреть, изменить и принять его можно по ссылке:\n`
      + `https://shop.example/offer/${hash}\n\nПредложение действует до ${offer.content.valid_date}.\n\n`
      + `Пройти опрос «Оценка качества сервиса»: https://shop.example/questionnaire/1?offer=${hash}`;
    expect(await letters(offer.id, 'mail')).toEqual([text(first), text(again)]);
    for (const sms of await letters(offer.id, 'sms')) expect(sms).not.toContain('опрос');
  });

  it('is not in it without a link, with an unpublished questionnaire, or once a response came by one of the offer\'s links', async () => {
    const plain = await sentOffer();
    await send(plain.hash);
    expect(await letters(plain.id, 'mail')).toEqual([expect.not.stringContaining('Пройти опрос')]);

    const unpublished = await sentOffer();
    await link(unpublished, 1);
    await t.db.updateTable('questionnaires_questionnaire').set({ published: false }).where('id', '=', 1).execute();
    try {
      await send(unpublished.hash);
    } finally {
      await t.db.updateTable('questionnaires_questionnaire').set({ published: true }).where('id', '=', 1).execute();
    }
    expect(await letters(unpublished.id, 'mail')).toEqual([expect.not.stringContaining('Пройти опрос')]);

    // Answered by the first link: the offer's third sending (a third link) no longer invites.
    const answered = await sentOffer();
    await link(answered, 1);
    const first = await send(answered.hash);
    const second = await send(first);
    // Someone answering by no offer changes nothing.
    await t.db.insertInto('questionnaires_response').values({ questionnaire_id: 1, respondent: `b:${'y'.repeat(32)}`, user_id: null, answers: '{}' }).execute();
    const third = await send(second);
    await t.db.insertInto('questionnaires_response').values({ questionnaire_id: 1, respondent: `b:${'z'.repeat(32)}`, user_id: null, offer_hash: first, answers: '{}' }).execute();
    await send(third);
    expect((await letters(answered.id, 'mail')).map((l) => l.includes('Пройти опрос'))).toEqual([true, true, true, false]);
  });
});
