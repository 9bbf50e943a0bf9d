import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser, setRole } from '#app/modules/auth/users.server.ts';
import { createApp } from '../../../../server/app.ts';
import { fakeServerBuild } from '../../../../server/test-build.ts';
import { testClient } from '../../../../server/test-client.ts';
import * as mailFile from '../../../routes/suppliers.mails.$id.files.$fileId.ts';
import * as mail from '../../../routes/suppliers.mails.$id.tsx';
import * as mails from '../../../routes/suppliers.mails.tsx';
import * as adminLayout from '../../../routes/admin.layout.tsx';
import * as quarantine from '../../../routes/suppliers.admin.quarantine.tsx';
import * as quarantineFile from '../../../routes/suppliers.admin.quarantine.$id.files.$fileId.ts';
import * as layout from '../../../routes/suppliers.layout.tsx';
import { createOrganisation, updateSettings } from '../suppliers.server.ts';
import { supplierSettingsInput } from '../suppliers.schema.ts';
import { DOVECOT, letter, startTestMailbox, type TestMailbox } from './dovecot-test-server.ts';
import { LETTER_MESSAGES } from './letters.schema.ts';
import { assignLetter, deleteQuarantinedLetter, letterAttachment, letterOf, lettersOf, quarantinedLetters } from './letters.server.ts';
import {
  mailboxSettings, mailboxStatus, pricelistStorage, pricelistsAwaitingReading, readSupplierMailbox, safeFileName, scheduleMailIntake, settleReceivedPricelist,
  type MailboxSettings,
} from './mail-intake.server.ts';

/*
 * The suppliers' mailbox (issue 32 §2, ADR 095) against a real IMAP server: Debian's dovecot on
 * loopback, letters delivered by APPEND. A registered sender's letter is stored with its files and
 * listed for its organisation only; an unknown sender's is quarantined; each message is taken once,
 * however many intakes run (in parallel on PostgreSQL); a letter too large or with too many files is
 * refused with the reason.
 */

let t: TestDatabase;
let box: TestMailbox;
let mailbox: MailboxSettings;
let dir: string;
let actor: { userId: number; name: string };
const orgs: Record<'a' | 'b' | 'c', number> = { a: 0, b: 0, c: 0 };

const CSV = 'Артикул;Наименование;Цена;Остаток\r\n70-1701030;Вал первичный;12 500,00;>10\r\n';

async function organisation(name: string, sender: string, sources: string[]) {
  const made = await createOrganisation(t.db, actor, { name, inn: '' });
  if (!made.ok) throw new Error(made.message);
  const saved = await updateSettings(t.db, actor, made.value, supplierSettingsInput.parse({
    name, inn: '', sources, senders: sender, currency: 'RUB', leadTimeDays: '3', markupRules: [], autoPublishMaxChange: '20', missingRows: 'keep',
  }));
  if (!saved.ok) throw new Error(saved.message);
  return made.value;
}

async function quarantineMails(letterId: number): Promise<Array<{ to: string; subject: string; text: string }>> {
  const jobs = await t.db.selectFrom('job').select(['payload']).where('kind', '=', 'mail.send').where('key', 'like', `suppliers.quarantine:${letterId}:%`).execute();
  return jobs.map((j) => (typeof j.payload === 'string' ? JSON.parse(j.payload) : j.payload) as { to: string; subject: string; text: string });
}

async function noticesFor(organisationId: number): Promise<string[]> {
  const rows = await t.db.selectFrom('suppliers_notification').select('text').where('organisation_id', '=', organisationId).where('kind', '=', 'quarantined').orderBy('id').execute();
  return rows.map((r) => r.text);
}

const intake = (options: Parameters<typeof readSupplierMailbox>[2] = {}) => readSupplierMailbox(t.services, mailbox, options);
const letterCount = async () => Number((await t.db.selectFrom('suppliers_letter').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pricelists-'));
  box = await startTestMailbox();
  t = await createTestDatabase({ PRICELISTS_DIR: dir, SUPPLIERS_IMAP_URL: box.url, DATABASE_POOL_SIZE: '10' });
  mailbox = mailboxSettings(t.services.config)!;
  const id = await createUser(t.db, { name: 'Ирина Закупкина', email: 'mail-staff@agro.test', password: 'secret1', emailVerified: true });
  await setRole(t.db, id, 'employee');
  actor = { userId: id, name: 'Ирина Закупкина' };
  orgs.a = await organisation('ООО «Агродеталь»', 'price@agrodetal.test', ['mail', 'upload']);
  orgs.b = await organisation('ООО «Запчасть-Сервис»', 'sales@zapchast.test', ['mail']);
  orgs.c = await organisation('ИП Петров', 'petrov@petrov.test', ['upload']);
}, 120_000);
afterAll(async () => {
  await box?.stop();
  await t?.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('the mailbox settings', () => {
  it('come from SUPPLIERS_IMAP_URL; none without it', () => {
    expect(mailboxSettings({ SUPPLIERS_IMAP_URL: undefined })).toBeNull();
    expect(mailboxSettings({ SUPPLIERS_IMAP_URL: 'imaps://prices%40agro.ru:p%40ss@imap.example.ru/Price%20lists' })).toMatchObject({
      host: 'imap.example.ru', port: 993, secure: true, user: 'prices@agro.ru', password: 'p@ss', folder: 'Price lists',
    });
    expect(mailboxSettings({ SUPPLIERS_IMAP_URL: 'imap://u:p@127.0.0.1:1143' })).toMatchObject({ port: 1143, secure: false, folder: 'INBOX' });
    expect(DOVECOT).toBe('/usr/sbin/dovecot');
    expect(existsSync(DOVECOT)).toBe(true);
  });

  it('make file names safe to show and offer', () => {
    expect(safeFileName('../../etc/passwd', 1)).toBe('passwd');
    expect(safeFileName('C:\\Прайсы\\прайс "май".csv', 1)).toBe('прайс _май_.csv');
    expect(safeFileName('\u0000\u0007', 2)).toBe('вложение-2');
    expect(safeFileName(`${'а'.repeat(300)}.xlsx`, 1)).toMatch(/^а{195}\.xlsx$/);
  });
});

describe('reading the mailbox', () => {
  it('stores a registered sender\'s letter with its price list, and lists it for that organisation only', async () => {
    await box.deliver(letter({ from: 'Агродеталь <Price@Agrodetal.test>', subject: 'Прайс-лист на 28.11', files: [{ name: 'Прайс 28.11.csv', content: CSV }] }));
    expect(await intake()).toEqual({ busy: false, accepted: 1, quarantined: 0, failed: 0, skipped: 0 });

    const { rows, total } = await lettersOf(t.db, orgs.a);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ from: 'price@agrodetal.test', fromName: 'Агродеталь', subject: 'Прайс-лист на 28.11', state: 'accepted', reason: null });
    expect(rows[0]!.attachments).toMatchObject([{ fileName: 'Прайс 28.11.csv', state: 'received', size: Buffer.byteLength(CSV) }]);
    expect((await lettersOf(t.db, orgs.b)).rows).toEqual([]);

    // Waiting for the price-list reading, under the organisation's key.
    const waiting = await pricelistsAwaitingReading(t.db);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.storageKey).toMatch(new RegExp(`^letters/${orgs.a}/[0-9a-f-]{36}$`));
    expect(Buffer.from((await pricelistStorage(t.services.config).read(waiting[0]!.storageKey))!).toString()).toBe(CSV);
    const file = await letterAttachment(t.db, t.services.config, orgs.a, rows[0]!.id, rows[0]!.attachments[0]!.id);
    expect(file?.fileName).toBe('Прайс 28.11.csv');
    file?.opened.stream.destroy();
    expect(await letterAttachment(t.db, t.services.config, orgs.b, rows[0]!.id, rows[0]!.attachments[0]!.id)).toBeNull();
    expect(await letterOf(t.db, orgs.b, rows[0]!.id)).toBeNull();
    expect(await settleReceivedPricelist(t.db, waiting[0]!.attachmentId, { state: 'processed' })).toBe(true);
    expect(await settleReceivedPricelist(t.db, waiting[0]!.attachmentId, { state: 'processed' })).toBe(false);
    expect(await pricelistsAwaitingReading(t.db)).toEqual([]);
  });

  it('quarantines letters of unknown senders, and of a supplier who does not send by mail, keeping their files for employees', async () => {
    await box.deliver(letter({ from: 'stranger@unknown.test', subject: 'Наш прайс', files: [{ name: 'price.csv', content: CSV }] }));
    await box.deliver(letter({ from: 'petrov@petrov.test', subject: 'Прайс Петрова', files: [{ name: 'petrov.csv', content: CSV }] }));
    expect(await intake()).toMatchObject({ accepted: 0, quarantined: 2, failed: 0 });
    const { rows } = await quarantinedLetters(t.db);
    expect(rows.map((r) => [r.from, r.state, r.reason])).toEqual([
      ['petrov@petrov.test', 'quarantined', LETTER_MESSAGES.mailNotAllowed('ИП Петров')],
      ['stranger@unknown.test', 'quarantined', LETTER_MESSAGES.unknownSender],
    ]);
    expect(rows[1]!.attachments).toMatchObject([{ fileName: 'price.csv', state: 'quarantined' }]);
    expect((await lettersOf(t.db, orgs.c)).total).toBe(0);
    // Nothing of it waits for the reading until an employee decides.
    expect(await pricelistsAwaitingReading(t.db)).toEqual([]);
  });

  it('tells the employees who manage suppliers of each quarantined letter, once, and the organisation the sender belongs to (ADR 101)', async () => {
    const { rows } = await quarantinedLetters(t.db);
    const stranger = rows.find((r) => r.from === 'stranger@unknown.test')!;
    const petrov = rows.find((r) => r.from === 'petrov@petrov.test')!;
    // The employee (a confirmed address): one letter per quarantined letter, pointing to the quarantine.
    const staffMail = await quarantineMails(stranger.id);
    expect(staffMail).toHaveLength(1);
    expect(staffMail[0]).toMatchObject({ to: 'mail-staff@agro.test', subject: 'Письмо поставщика на проверке — «Агротехника»' });
    expect(staffMail[0]!.text).toContain('Письмо с адреса stranger@unknown.test («Наш прайс») отложено на проверку.');
    expect(staffMail[0]!.text).toContain('/suppliers/admin/quarantine');
    expect(await quarantineMails(petrov.id)).toHaveLength(1);
    // ИП Петров's own address, though he does not send by mail: his cabinet is told; nobody for a stranger.
    expect(await noticesFor(orgs.c)).toEqual([expect.stringContaining('Письмо с адреса petrov@petrov.test («Прайс Петрова») отложено на проверку')]);
    expect(await t.db.selectFrom('suppliers_notification').select('id').where('kind', '=', 'quarantined').where('text', 'like', '%stranger@unknown.test%').execute()).toEqual([]);

    // Another address of an organisation's domain: that organisation is told; a public mail service's
    // domain, or a domain two organisations write from, tells no organisation.
    const gmailOrg = await organisation('ООО «Почта на Gmail»', 'zakaz.agro@gmail.com', ['mail']);
    const shared1 = await organisation('ООО «Холдинг-1»', 'one@holding.test', ['mail']);
    const shared2 = await organisation('ООО «Холдинг-2»', 'two@holding.test', ['mail']);
    const person = await createUser(t.db, { name: 'Олег Агродеталев', email: 'quarantine-person@agrodetal.test', password: 'secret1', emailVerified: true });
    await t.db.updateTable('auth_user').set({ supplier_organisation_id: orgs.a, is_supplier: true }).where('id', '=', person).execute();
    await box.deliver(letter({ from: 'Директор <Boss@Agrodetal.test>', subject: 'Новый прайс', files: [{ name: 'p.csv', content: CSV }] }));
    await box.deliver(letter({ from: 'someone@gmail.com', subject: 'Прайс с Gmail', files: [] }));
    await box.deliver(letter({ from: 'three@holding.test', subject: 'Прайс холдинга', files: [] }));
    expect(await intake()).toMatchObject({ quarantined: 3 });
    expect(await noticesFor(orgs.a)).toEqual([expect.stringContaining('Письмо с адреса boss@agrodetal.test («Новый прайс») отложено на проверку')]);
    for (const org of [gmailOrg, shared1, shared2]) expect(await noticesFor(org)).toEqual([]);
    // The organisation's people get it by e-mail too (its notice's letter).
    const supplierMail = await t.db.selectFrom('job').select('payload').where('kind', '=', 'mail.send').where('key', 'like', 'suppliers.notice:%').execute();
    const toPeople = supplierMail.map((j) => (typeof j.payload === 'string' ? JSON.parse(j.payload) : j.payload) as { to: string; subject: string });
    expect(toPeople).toContainEqual(expect.objectContaining({ to: 'quarantine-person@agrodetal.test', subject: 'Письмо отложено — кабинет поставщика «Агротехники»' }));
    const held = (await quarantinedLetters(t.db)).rows.filter((r) => ['boss@agrodetal.test', 'someone@gmail.com', 'three@holding.test'].includes(r.from));
    expect(held).toHaveLength(3);
    for (const r of held) expect(await quarantineMails(r.id)).toHaveLength(1);
    await t.db.deleteFrom('suppliers_letter').where('id', 'in', held.map((r) => r.id)).execute();
    await t.db.deleteFrom('suppliers_organisation').where('id', 'in', [gmailOrg, shared1, shared2]).execute();
    await t.db.deleteFrom('auth_user').where('id', '=', person).execute();
  });

  it('takes each message once, read again or by two intakes at the same moment', async () => {
    const before = await letterCount();
    expect(await intake()).toMatchObject({ accepted: 0, quarantined: 0, failed: 0, skipped: 0 });
    for (let i = 0; i < 6; i += 1) await box.deliver(letter({ from: 'sales@zapchast.test', subject: `Остатки ${i}`, files: [{ name: `ostatki-${i}.csv`, content: CSV }] }));
    // The lease: a second intake while one reads finds the mailbox busy.
    const leased = await Promise.all([intake(), intake()]);
    expect(leased.reduce((n, o) => n + o.accepted, 0)).toBe(6);
    expect(await letterCount()).toBe(before + 6);

    // Without the lease (an intake whose lease ran out while it still read), the key on
    // (mailbox, UIDVALIDITY, UID) still stores each message once; the loser removes its files.
    for (let i = 0; i < 4; i += 1) await box.deliver(letter({ from: 'sales@zapchast.test', subject: `Дополнение ${i}`, files: [{ name: `dop-${i}.csv`, content: CSV }] }));
    const raced = await Promise.all([intake({ ignoreLease: true }), intake({ ignoreLease: true }), intake({ ignoreLease: true })]);
    expect(raced.reduce((n, o) => n + o.accepted, 0)).toBe(4);
    expect(await letterCount()).toBe(before + 10);
    // A run takes the oldest `lettersPerRun`; the next run the rest.
    for (let i = 0; i < 3; i += 1) await box.deliver(letter({ from: 'sales@zapchast.test', subject: `Партия ${i}`, files: [] }));
    expect(await intake({ limits: { lettersPerRun: 2 } })).toMatchObject({ accepted: 2 });
    expect(await intake({ limits: { lettersPerRun: 2 } })).toMatchObject({ accepted: 1 });
    expect((await lettersOf(t.db, orgs.b)).rows.slice(0, 3).map((r) => [r.subject, r.reason])).toEqual([
      ['Партия 2', LETTER_MESSAGES.noAttachments], ['Партия 1', LETTER_MESSAGES.noAttachments], ['Партия 0', LETTER_MESSAGES.noAttachments],
    ]);
    await t.db.deleteFrom('suppliers_letter').where('subject', 'like', 'Партия %').execute();
    const uids = await t.db.selectFrom('suppliers_letter').select('uid').execute();
    expect(new Set(uids.map((u) => u.uid)).size).toBe(uids.length);
    const stored = await t.db.selectFrom('suppliers_letter_attachment as a').innerJoin('suppliers_letter as l', 'l.id', 'a.letter_id')
      .select('a.storage_key').where('l.organisation_id', '=', orgs.b).execute();
    expect(stored).toHaveLength(10);
    for (const { storage_key } of stored) expect(await pricelistStorage(t.services.config).size(storage_key!)).toBe(Buffer.byteLength(CSV));
    expect((await lettersOf(t.db, orgs.b)).total).toBe(10);
  });

  it('refuses a letter too large or with too many files, with the reason its supplier sees', async () => {
    await box.deliver(letter({ from: 'price@agrodetal.test', subject: 'Большой прайс', files: [{ name: 'big.csv', content: 'x'.repeat(20_000) }] }));
    await box.deliver(letter({ from: 'price@agrodetal.test', subject: 'Много файлов', files: [1, 2, 3].map((i) => ({ name: `f${i}.csv`, content: CSV })) }));
    expect(await intake({ limits: { maxLetterBytes: 10_000, maxAttachments: 2 } })).toMatchObject({ accepted: 0, quarantined: 0, failed: 2 });
    const { rows } = await lettersOf(t.db, orgs.a);
    const [many, big] = rows;
    expect(big).toMatchObject({ subject: 'Большой прайс', state: 'failed', attachments: [] });
    expect(big!.reason).toMatch(/^Письмо больше 0 МБ/);
    expect(many).toMatchObject({ subject: 'Много файлов', state: 'failed', reason: LETTER_MESSAGES.tooManyAttachments(3, 2), attachments: [] });
  });

  it('keeps a quarantined letter\'s files up to the cap; the rest are listed as not kept', async () => {
    await box.deliver(letter({ from: 'another@unknown.test', subject: 'Два файла', files: [{ name: 'one.csv', content: 'a'.repeat(3000) }, { name: 'two.csv', content: 'b'.repeat(3000) }] }));
    expect(await intake({ limits: { maxQuarantineBytes: 4000 } })).toMatchObject({ quarantined: 1 });
    const { rows } = await quarantinedLetters(t.db);
    expect(rows[0]!.attachments.map((a) => a.state)).toEqual(['quarantined', 'refused']);
  });

  it('fails with the server\'s answer on a wrong password, gives the lease back, and notes only readings that went through', async () => {
    const before = (await mailboxStatus(t.services))!.checkedAt;
    expect(before).toEqual(expect.any(String));
    await expect(readSupplierMailbox(t.services, { ...mailbox, password: 'wrong' })).rejects.toThrow();
    expect((await mailboxStatus(t.services))!.checkedAt).toBe(before);
    // The lease was given back: the next reading is not kept out.
    expect(await intake()).toMatchObject({ busy: false });
    expect((await mailboxStatus(t.services))!.checkedAt! > before!).toBe(true);
    expect(await mailboxStatus({ db: t.db, config: { ...t.services.config, SUPPLIERS_IMAP_URL: undefined } })).toBeNull();
  });

  it('is enqueued once per interval however many processes ask, and only with a mailbox', async () => {
    const at = new Date('2026-11-28T10:00:10Z');
    expect(await scheduleMailIntake(t.services, at)).toBe(true);
    expect(await scheduleMailIntake(t.services, new Date(at.getTime() + 1000))).toBe(false);
    expect(await scheduleMailIntake({ db: t.db, config: { ...t.services.config, SUPPLIERS_IMAP_URL: undefined } }, at)).toBe(false);
  });
});

describe('the quarantine', () => {
  it('gives a letter to a supplier, adding its sender, or deletes it; each audited', async () => {
    const { rows } = await quarantinedLetters(t.db);
    const stranger = rows.find((r) => r.from === 'stranger@unknown.test')!;
    const other = rows.find((r) => r.from === 'another@unknown.test')!;
    expect(await assignLetter(t.db, actor, stranger.id, orgs.b, true)).toEqual({ ok: true });
    expect(await assignLetter(t.db, actor, stranger.id, orgs.a, true)).toMatchObject({ ok: false, status: 409 });
    expect(await letterOf(t.db, orgs.b, stranger.id)).toMatchObject({ state: 'accepted', attachments: [{ fileName: 'price.csv', state: 'received' }] });
    expect((await t.db.selectFrom('suppliers_sender').select('organisation_id').where('email', '=', 'stranger@unknown.test').executeTakeFirst())?.organisation_id).toBe(orgs.b);
    expect((await pricelistsAwaitingReading(t.db)).map((p) => p.letterId)).toContain(stranger.id);

    const keys = await t.db.selectFrom('suppliers_letter_attachment').select('storage_key').where('letter_id', '=', other.id).execute();
    expect(await deleteQuarantinedLetter(t.db, t.services.config, actor, other.id)).toEqual({ ok: true });
    expect(await deleteQuarantinedLetter(t.db, t.services.config, actor, other.id)).toMatchObject({ ok: false, status: 404 });
    for (const { storage_key } of keys) if (storage_key) expect(await pricelistStorage(t.services.config).size(storage_key)).toBeNull();
    // A letter of an organisation is not the quarantine's to delete.
    expect(await deleteQuarantinedLetter(t.db, t.services.config, actor, stranger.id)).toMatchObject({ ok: false, status: 404 });

    const audit = await t.db.selectFrom('audit_log').select(['action', 'entity_id']).where('entity', '=', 'supplier_letter').orderBy('id').execute();
    expect(audit).toEqual([{ action: 'supplier.letter_assign', entity_id: String(stranger.id) }, { action: 'supplier.letter_delete', entity_id: String(other.id) }]);
  });
});

describe('the cabinet\'s letters over HTTP', () => {
  it('shows a supplier his organisation\'s letters and files; another organisation\'s letter or file is a 404', async () => {
    const build = fakeServerBuild({
      suppliers: { path: 'suppliers', module: layout },
      'suppliers-mails': { parentId: 'suppliers', path: 'mails', module: mails },
      'suppliers-mail': { parentId: 'suppliers', path: 'mails/:id', module: mail },
      'suppliers-mail-file': { parentId: 'suppliers', path: 'mails/:id/files/:fileId', module: mailFile },
    });
    const email = 'mail-supplier@agro.test';
    const user = await createUser(t.db, { name: 'Сергей Запчастин', email, password: 'secret1', emailVerified: true });
    await t.db.updateTable('auth_user').set({ supplier_organisation_id: orgs.b, is_supplier: true }).where('id', '=', user).execute();
    const client = testClient(t.services, { app: createApp({ services: t.services, build }) });
    expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);

    const own = (await lettersOf(t.db, orgs.b)).rows[0]!;
    const foreign = (await lettersOf(t.db, orgs.a)).rows.at(-1)!;
    const foreignFile = (await letterOf(t.db, orgs.a, foreign.id))!.attachments[0]!;
    expect((await client.get('/suppliers/mails')).status).toBe(200);
    expect((await client.get('/suppliers/mails?page=%00')).status).toBe(200);
    expect((await client.get(`/suppliers/mails/${own.id}`)).status).toBe(200);
    const download = await client.get(`/suppliers/mails/${own.id}/files/${own.attachments[0]!.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment;');
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(await download.text()).toBe(CSV);

    expect((await client.get(`/suppliers/mails/${foreign.id}`)).status).toBe(404);
    expect((await client.get(`/suppliers/mails/${foreign.id}/files/${foreignFile.id}`)).status).toBe(404);
    expect((await client.get(`/suppliers/mails/${own.id}/files/${foreignFile.id}`)).status).toBe(404);
    expect((await client.get('/suppliers/mails/%00')).status).toBe(404);
    expect((await client.get('/suppliers/mails/99999999999')).status).toBe(404);
  });
});

describe('the quarantine over HTTP', () => {
  it('answers an employee\'s hostile forms with a 4xx in Russian, never a 500; its files only to employees', async () => {
    await box.deliver(letter({ from: 'third@unknown.test', subject: 'Третье', files: [{ name: 'third.csv', content: CSV }] }));
    await intake();
    const held = (await quarantinedLetters(t.db)).rows.find((r) => r.from === 'third@unknown.test')!;
    const build = fakeServerBuild({
      'suppliers-admin': { path: 'suppliers/admin', module: adminLayout },
      'suppliers-quarantine': { parentId: 'suppliers-admin', path: 'quarantine', module: quarantine },
      'suppliers-quarantine-file': { path: 'suppliers/admin/quarantine/:id/files/:fileId', module: quarantineFile },
    });
    const app = createApp({ services: t.services, build });
    const filePath = `/suppliers/admin/quarantine/${held.id}/files/${held.attachments[0]!.id}`;
    expect((await app.request(filePath)).status).toBe(403);
    const staff = testClient(t.services, { app });
    expect((await staff.post('/api/auth/authorize', { type: 'email', props: { email: 'mail-staff@agro.test', password: 'secret1' } })).status).toBe(200);
    expect((await staff.get('/suppliers/admin/quarantine?page=%00')).status).toBe(200);
    const file = await staff.get(filePath);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(CSV);
    expect((await staff.get(`/suppliers/admin/quarantine/${held.id}/files/%00`)).status).toBe(404);
    const hostile: Array<Record<string, string>> = [
      { intent: '\u0000', letterId: String(held.id) },
      { intent: 'assign', letterId: String(held.id), organisationId: '%00' },
      { intent: 'assign', letterId: String(held.id), organisationId: '99999999999' },
      { intent: 'delete', letterId: '-1' },
      { intent: 'assign', letterId: 'x'.repeat(5000), organisationId: String(orgs.a) },
    ];
    for (const fields of hostile) {
      const res = await staff.form('/suppliers/admin/quarantine', fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    }
    expect((await staff.form('/suppliers/admin/quarantine', { intent: 'assign', letterId: String(held.id), organisationId: '2147483647' })).status).toBe(400);
    expect((await staff.form('/suppliers/admin/quarantine', { intent: 'delete', letterId: '2147483647' })).status).toBe(404);
    const deleted = await staff.form('/suppliers/admin/quarantine', { intent: 'delete', letterId: String(held.id) });
    expect([302, 303, 204, 200]).toContain(deleted.status);
    expect(await quarantinedLetters(t.db).then((q) => q.rows.some((r) => r.id === held.id))).toBe(false);
  });
});

