import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { advanceClock, resetClock } from '#app/.server/clock.ts';
import { createOffer, saveDraft, sendOffer } from '#app/modules/offers/offer-editor.server.ts';
import { deleteUnnamedOfferFiles, offerFileStorage } from '#app/modules/offers/offer-files.server.ts';
import type { OfferContent } from '#app/modules/offers/offers.schema.ts';
import { createApp } from '../../server/app.ts';
import { fakeServerBuild } from '../../server/test-build.ts';
import { signedInClient, testClient } from '../../server/test-client.ts';
import * as editor from './kp.edit.$hash.tsx';
import * as files from './kp.edit.$hash.files.ts';
import * as download from './offer.$hash.files.$id.ts';

/*
 * Documents, use cases and media in the manager's editor through the whole HTTP app (ADR 102): a
 * PDF and a picture are uploaded, an executable renamed .pdf is a 415, a file over 20 MB a 413, a
 * guessed hash and another branch's offer 404s, an accepted offer a 409; the working copy keeps them
 * in the order given, the audit log says what changed, a file of another offer or a video of another
 * host is refused; the client downloads the documents of the version sent and nothing else, and a
 * sent version does not change while the next is edited.
 */

let t: TestDatabase;
let app: ReturnType<typeof createApp>;
let dirs: string[] = [];
let branchA: number;
let branchB: number;

type Client = ReturnType<typeof testClient>;
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = (() => { const b = new Uint8Array(512); b.set([0x4d, 0x5a, 0x90, 0x00]); b.set([0x50, 0x45, 0, 0], 128); b[60] = 128; return b; })();

beforeAll(async () => {
  dirs = await Promise.all(['offer-files-', 'offer-images-'].map((p) => mkdtemp(join(tmpdir(), p))));
  t = await createTestDatabase({ ATTACHMENTS_DIR: dirs[0]!, IMAGES_DIR: dirs[1]!, PUBLIC_ORIGIN: 'https://shop.example' });
  app = createApp({
    services: t.services,
    build: fakeServerBuild({
      editor: { path: 'kp/edit/:hash', module: editor },
      files: { path: 'kp/edit/:hash/files', module: files },
      download: { path: 'offer/:hash/files/:id', module: download },
    }),
  });
  const branches = await t.db.selectFrom('region_branch').select('id').orderBy('id').limit(2).execute();
  branchA = branches[0]!.id;
  branchB = branches[1]!.id;
}, 120_000);
afterAll(async () => {
  await t?.destroy();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function manager(email: string, branchId: number) {
  const signed = await signedInClient(t.services, { email, name: 'Андрей Соколов', role: 'employee', app });
  await t.db.updateTable('auth_user').set({ staff_branch_id: branchId }).where('id', '=', signed.id).execute();
  return { ...signed, staff: { userId: signed.id, name: 'Андрей Соколов', branchId } };
}

async function upload(client: Client, hash: string, kind: string, file: { name: string; bytes: Uint8Array; type?: string }) {
  const data = new FormData();
  data.append('file', new Blob([file.bytes as BlobPart], { type: file.type ?? 'application/pdf' }), file.name);
  const encoded = new Response(data);
  const res = await client.app.request(`/kp/edit/${hash}/files?kind=${kind}`, {
    method: 'POST',
    headers: {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
      'content-type': encoded.headers.get('content-type')!,
    },
    body: new Uint8Array(await encoded.arrayBuffer()),
  });
  const text = await res.text();
  // The body limit's own 413 is a page, not JSON.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes, checked field by field
  return { status: res.status, json: (text.startsWith('{') ? JSON.parse(text) : { page: text.slice(0, 40) }) as Record<string, any> };
}

const save = (client: Client, hash: string, content: unknown) => client.form(`/kp/edit/${hash}`, { intent: 'save', content: JSON.stringify(content) });
const draftOf = async (hash: string) => (await t.db.selectFrom('offers_offer').select('draft').where('hash', '=', hash).executeTakeFirstOrThrow()).draft as OfferContent;

const tractor: OfferContent['products'][number] = {
  id: 'p1', kind: 'machine', name: 'Трактор Беларус 1523', code: 'MTZ-1523',
  prices: { price: 900_000_00, default_price: 900_000_00, count: 1, sale: 0, discount: 0, delivery: 0, commissioning_total: 450_000 },
  counts: [], options: [], productOptionsConfig: { hiddenPriceOptionsIds: [] },
};

describe('documents, use cases and media in /kp/edit/{hash}', () => {
  it('uploads a document and a picture, refuses what is not one, too large, not found or closed', async () => {
    const a = await manager('materials-a@agro.test', branchA);
    const made = await createOffer(t.services, a.staff, { variant: 'single-technique', clientName: 'Пётр Иванов', phone: '79111234567' }, null);
    const hash = made.ok ? made.hash : '';

    const pdf = await upload(a.client, hash, 'doc', { name: 'Спецификация К-742.pdf', bytes: PDF });
    expect(pdf.status, JSON.stringify(pdf.json)).toBe(200);
    expect(pdf.json).toMatchObject({ kind: 'doc', file: { name: 'Спецификация К-742.pdf', mime: 'application/pdf', size: PDF.byteLength } });
    expect(pdf.json.file.id).toMatch(/^[0-9a-f-]{36}$/);

    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } }).png().toBuffer();
    const image = await upload(a.client, hash, 'image', { name: 'трактор.png', bytes: png, type: 'image/png' });
    expect(image.status, JSON.stringify(image.json)).toBe(200);
    expect(image.json).toMatchObject({ kind: 'image', image: { width: 800, height: 600 } });
    expect((await app.request(`/media/images/${image.json.image.id}/640.webp`)).status).toBe(200);

    // An executable renamed .pdf is what it is; a PDF as a picture is not a picture.
    const exe = await upload(a.client, hash, 'doc', { name: 'счёт.pdf', bytes: EXE });
    expect(exe).toEqual({ status: 415, json: { message: 'Файл «счёт.pdf» не принят: подходят PDF, DOCX, XLSX и изображения JPEG, PNG, WebP' } });
    expect((await upload(a.client, hash, 'image', { name: 'фото.jpg', bytes: PDF })).status).toBe(415);
    // Over 20 MB: refused while it arrives; far over, by the route's body limit before it is read.
    const big = new Uint8Array(20 * 1024 * 1024 + 100_000);
    big.set(PDF);
    expect(await upload(a.client, hash, 'doc', { name: 'большой.pdf', bytes: big })).toEqual({ status: 413, json: { message: 'Файл слишком большой: не более 20 МБ' } });
    expect((await upload(a.client, hash, 'doc', { name: 'огромный.pdf', bytes: new Uint8Array(30 * 1024 * 1024) })).status).toBe(413);
    expect((await upload(a.client, hash, 'sound', { name: 'a.pdf', bytes: PDF })).status).toBe(400);
    // Only the PDF is on record; nothing of the refused ones stays.
    expect(await t.db.selectFrom('offers_file').select('name').where('offer_id', '=', (await t.db.selectFrom('offers_offer').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()).id).execute()).toEqual([{ name: 'Спецификация К-742.pdf' }]);

    // A guessed hash and another branch's offer are not found; a guest is not staff.
    expect((await upload(a.client, 'A'.repeat(22), 'doc', { name: 'a.pdf', bytes: PDF })).status).toBe(404);
    const b = await manager('materials-b@agro.test', branchB);
    expect((await upload(b.client, hash, 'doc', { name: 'a.pdf', bytes: PDF })).status).toBe(404);
    expect((await save(b.client, hash, await draftOf(hash))).status).toBe(404);
    const guest = testClient(t.services, { app });
    await guest.get('/api/csrf-token');
    expect((await upload(guest, hash, 'doc', { name: 'a.pdf', bytes: PDF })).status).toBe(403);

    // An accepted offer changes no more.
    await t.db.updateTable('offers_offer').set({ state: 'accepted' }).where('hash', '=', hash).execute();
    expect(await upload(a.client, hash, 'doc', { name: 'a.pdf', bytes: PDF })).toEqual({ status: 409, json: { message: 'Предложение принято или отменено: его больше не меняют' } });
    await t.db.updateTable('offers_offer').set({ state: 'draft' }).where('hash', '=', hash).execute();
  }, 60_000);

  it('keeps them in the working copy in their order, audited; the client downloads what was sent, and the sent version stays as it was', async () => {
    const a = await manager('materials-c@agro.test', branchA);
    const made = await createOffer(t.services, a.staff, { variant: 'single-technique', clientName: 'ООО «Нива»', phone: '79111234568' }, null);
    const hash = made.ok ? made.hash : '';
    const spec = (await upload(a.client, hash, 'doc', { name: 'spec.pdf', bytes: PDF })).json.file;
    const contract = (await upload(a.client, hash, 'doc', { name: 'договор.pdf', bytes: PDF })).json.file;
    const draft = await draftOf(hash);
    const content: OfferContent = {
      ...draft, products: [tractor],
      docs: [{ title: 'Договор поставки', type: 'Договор', file: contract }, { title: 'Спецификация', type: 'Спецификация', file: spec }],
      use_cases: [{ id: 'u1', title: 'Вспашка', description: 'Плуг на 5 корпусов' }, { id: 'u2', title: 'Посев' }],
      selected_use_cases: ['u2'],
      media: [{ type: 'video', url: 'https://rutube.ru/video/abc/', title: 'Трактор в поле' }],
    };
    expect((await save(a.client, hash, content)).status).toBe(200);
    const saved = await draftOf(hash);
    expect(saved.docs.map((d) => d.title)).toEqual(['Договор поставки', 'Спецификация']);
    expect(saved.use_cases[0]).toEqual({ id: 'u1', title: 'Вспашка', description: 'Плуг на 5 корпусов' });
    const audit = await t.db.selectFrom('audit_log').select(['action', 'after']).where('entity_id', '=', hash).orderBy('id').execute();
    expect(audit.map((r) => r.action)).toEqual(['offer.create', 'offer.file_upload', 'offer.file_upload', 'offer.materials_edit']);
    expect(audit.at(-1)!.after).toMatchObject({ docs: ['Договор: Договор поставки (файл договор.pdf)', 'Спецификация: Спецификация (файл spec.pdf)'], use_cases: ['Вспашка — Плуг на 5 корпусов', 'Посев'] });

    // Refused, and nothing saved: a file of another offer, a forged name, a video elsewhere, a javascript: link.
    const other = await createOffer(t.services, a.staff, { variant: 'single-technique', clientName: 'Другой', phone: '79111234569' }, null);
    const foreign = (await upload(a.client, other.ok ? other.hash : '', 'doc', { name: 'чужой.pdf', bytes: PDF })).json.file;
    const refused = [
      { ...content, docs: [{ title: 'Чужой', file: foreign }] },
      { ...content, media: [{ type: 'video', url: 'https://evil.example/video' }] },
      { ...content, media: [{ type: 'video', url: 'https://youtube.com.evil.example/watch' }] },
      { ...content, docs: [{ title: 'Скрипт', url: 'javascript:alert(1)' }] },
      { ...content, docs: [{ title: 'Оба', url: 'https://agro.example/a.pdf', file: spec }] },
    ];
    for (const body of refused) expect((await save(a.client, hash, body)).status, JSON.stringify(body.docs ?? body.media)).toBe(400);
    expect(await saveDraft(t.services, branchA, hash, refused[1])).toEqual({ ok: false, code: 'invalid', message: 'Видео — ссылка на youtube.com, youtu.be, rutube.ru, vk.com, vkvideo.ru, dzen.ru, vimeo.com', path: 'media.0.url' });
    expect(await saveDraft(t.services, branchA, hash, refused[0])).toEqual({ ok: false, code: 'invalid', message: 'Файл документа не найден: загрузите его снова', path: 'docs.0' });
    expect(await saveDraft(t.services, branchA, hash, refused[4])).toMatchObject({ ok: false, message: 'У документа — либо ссылка, либо загруженный файл' });
    // The name, type and size come from the record, whatever the page says.
    expect((await save(a.client, hash, { ...content, docs: [{ title: 'Спецификация', file: { ...spec, name: 'вирус.exe', mime: 'text/html' } }, content.docs[0]] })).status).toBe(200);
    expect((await draftOf(hash)).docs[0]!.file).toEqual(spec);
    expect((await draftOf(hash)).docs.map((d) => d.title)).toEqual(['Спецификация', 'Договор поставки']);

    // Before sending, the client's link shows nothing; staff see their working copy's files.
    const guest = testClient(t.services, { app });
    expect((await guest.get(`/offer/${hash}/files/${spec.id}`)).status).toBe(404);
    expect((await a.client.get(`/offer/${hash}/files/${spec.id}`)).status).toBe(200);

    const sent = await sendOffer(t.services, a.staff, a.staff.branchId, hash, null);
    expect(sent.ok).toBe(true);
    const got = await guest.get(`/offer/${hash}/files/${spec.id}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="spec.pdf"; filename*=UTF-8''spec.pdf`);
    expect(got.headers.get('cache-control')).toBe('private, no-store');
    expect(got.headers.get('referrer-policy')).toBe('no-referrer');
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PDF);
    // Another offer's file by this link, and a guessed id, are not found.
    expect((await guest.get(`/offer/${hash}/files/${foreign.id}`)).status).toBe(404);
    expect((await guest.get(`/offer/${hash}/files/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await guest.get(`/offer/${hash}/files/..%2F..%2Fetc`)).status).toBe(404);

    // Editing after sending goes to the working copy: the version the client has keeps its documents.
    const newFile = (await upload(a.client, hash, 'doc', { name: 'буклет.pdf', bytes: PDF })).json.file;
    expect((await save(a.client, hash, { ...content, docs: [{ title: 'Буклет', type: 'Буклет', file: newFile }], use_cases: [], selected_use_cases: ['u2'] })).status).toBe(200);
    expect((await draftOf(hash)).selected_use_cases).toEqual([]);
    const version = await t.db.selectFrom('offers_version').select('content').where('offer_id', '=', (await t.db.selectFrom('offers_offer').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()).id).executeTakeFirstOrThrow();
    expect((version.content as OfferContent).docs.map((d) => d.title)).toEqual(['Спецификация', 'Договор поставки']);
    expect((await guest.get(`/offer/${hash}/files/${spec.id}`)).status).toBe(200);
    expect((await guest.get(`/offer/${hash}/files/${newFile.id}`)).status).toBe(404);
  }, 60_000);

  it('lets housekeeping remove a week later the documents no working copy or version names, and nothing else', async () => {
    const a = await manager('materials-d@agro.test', branchA);
    const made = await createOffer(t.services, a.staff, { variant: 'single-technique', clientName: 'КФХ Луч', phone: '79111234570' }, null);
    const hash = made.ok ? made.hash : '';
    const doc = async (name: string) => (await upload(a.client, hash, 'doc', { name, bytes: PDF })).json.file as { id: string };
    const [spec, stray] = [await doc('spec.pdf'), await doc('не сохранён.pdf')];
    const content: OfferContent = { ...(await draftOf(hash)), products: [tractor], docs: [{ title: 'Спецификация', file: spec as never }] };
    expect((await save(a.client, hash, content)).status).toBe(200);
    const sent = await sendOffer(t.services, a.staff, a.staff.branchId, hash, null);
    const link = sent.ok ? sent.hash : '';
    // After sending, a new working copy names another document; one more is uploaded and dropped.
    const booklet = await doc('буклет.pdf');
    const dropped = await doc('передумал.pdf');
    expect((await save(a.client, link, { ...content, docs: [{ title: 'Буклет', file: booklet as never }] })).status).toBe(200);
    const names = async () => (await t.db.selectFrom('offers_file as f').innerJoin('offers_offer as o', 'o.id', 'f.offer_id').select('f.name').where('o.hash', '=', link).orderBy('f.name').execute()).map((r) => r.name);
    const keyOf = async (id: string) => (await t.db.selectFrom('offers_file').select('key').where('id', '=', id).executeTakeFirstOrThrow()).key;
    const keys = await Promise.all([spec, stray, booklet, dropped].map((f) => keyOf(f.id)));
    const all = await names();

    // Within the week nothing goes.
    expect(await deleteUnnamedOfferFiles(t.services)).toBe(0);
    advanceClock(8 * 24 * 3_600_000);
    try {
      // This offer's two, and the earlier tests' documents that no content named; two processes
      // sweeping at once (on PostgreSQL, in parallel) remove each once between them.
      const [first, second] = await Promise.all([deleteUnnamedOfferFiles(t.services), deleteUnnamedOfferFiles(t.services)]);
      expect(first + second).toBe(4);
      expect(await names()).toEqual(['spec.pdf', 'буклет.pdf']);
      expect(all).toHaveLength(4);
      // The version's document still downloads; the swept ones are gone from the storage too.
      expect((await testClient(t.services, { app }).get(`/offer/${link}/files/${spec.id}`)).status).toBe(200);
      const storage = offerFileStorage(t.services);
      expect(await Promise.all(keys.map(async (key) => (await storage.read(key)) !== null))).toEqual([true, false, true, false]);
      expect(await deleteUnnamedOfferFiles(t.services)).toBe(0);
    } finally {
      resetClock();
    }
  }, 60_000);
});
