import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';

/*
 * Migration 0027 (ADR 075) moves the letters' own retry bookkeeping onto jobs: a letter still pending
 * becomes a queued job, a failed one a failed job with its error, a sent one none; nothing is lost.
 */

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); }, 120_000);
afterAll(async () => { await t?.destroy(); });

describe('migration 0027_jobs', () => {
  it('turns the letters not yet delivered into jobs, and goes back', async () => {
    await migrateTo(t.db, '0025_parts_view_history');
    const branch = (await sql<{ id: number; email: string }>`select id, email from region_branch order by id limit 1`.execute(t.db)).rows[0]!;
    const feedback = (await sql<{ id: number; delivery_state: string }>`
      insert into content_feedback (name, phone, message, delivery_state, deliver_to, delivery_attempts, delivery_error)
      values ('Ожидает', '79120000001', 'Вопрос 1', 'pending', ${branch.email}, 2, 'SMTP 421'),
             ('Отказ', '79120000002', 'Вопрос 2', 'failed', ${branch.email}, 8, 'SMTP 550'),
             ('Доставлено', '79120000003', 'Вопрос 3', 'sent', ${branch.email}, 1, null)
      returning id, delivery_state`.execute(t.db)).rows;
    const lead = (await sql<{ id: number }>`
      insert into leads_request (name, phone, consent_text_version, delivery_state, deliver_to, delivery_attempts)
      values ('Покупатель', '79120000004', 'v1', 'pending', ${branch.email}, 0) returning id`.execute(t.db)).rows[0]!;
    const order = (await sql<{ id: number }>`
      insert into orders_order (number, name, phone, email, branch_id, delivery_method, currency, items_total, total)
      values ('АГ-2026-990001', 'Покупатель', '79120000004', 'buyer@farm.test', ${branch.id}, 'pickup', 'RUB', 100, 100) returning id`.execute(t.db)).rows[0]!;
    const mail = (await sql<{ id: number }>`
      insert into orders_mail (order_id, recipient, channel, staff, subject, body, html, state)
      values (${order.id}, 'buyer@farm.test', 'email', false, 'Заказ принят', 'Текст', '<p>Текст</p>', 'pending'),
             (${order.id}, '79120000004', 'sms', false, 'Заказ принят', 'Заказ принят', null, 'failed'),
             (${order.id}, ${branch.email}, 'email', true, 'Новый заказ', 'Текст', null, 'sent')
      returning id`.execute(t.db)).rows;

    await migrateToLatest(t.db);
    const jobs = await t.db.selectFrom('job').select(['kind', 'key', 'payload', 'state', 'attempts', 'last_error'])
      .where('key', 'in', [
        ...feedback.map((f) => `content.feedback-letter:${f.id}`), `leads.request-letter:${lead.id}`, ...mail.map((m) => `orders.mail:${m.id}`),
      ]).orderBy('key').execute();
    expect(jobs).toEqual([
      { kind: 'content.feedback-letter', key: `content.feedback-letter:${feedback[0]!.id}`, payload: { feedbackId: feedback[0]!.id }, state: 'queued', attempts: 2, last_error: 'SMTP 421' },
      { kind: 'content.feedback-letter', key: `content.feedback-letter:${feedback[1]!.id}`, payload: { feedbackId: feedback[1]!.id }, state: 'failed', attempts: 8, last_error: 'SMTP 550' },
      { kind: 'leads.request-letter', key: `leads.request-letter:${lead.id}`, payload: { requestId: lead.id }, state: 'queued', attempts: 0, last_error: null },
      { kind: 'mail.send', key: `orders.mail:${mail[0]!.id}`, payload: { to: 'buyer@farm.test', subject: 'Заказ принят', text: 'Текст', html: '<p>Текст</p>', staff: false }, state: 'queued', attempts: 0, last_error: null },
      { kind: 'sms.send', key: `orders.mail:${mail[1]!.id}`, payload: { to: '79120000004', text: 'Заказ принят' }, state: 'failed', attempts: 0, last_error: null },
    ].sort((a, b) => a.key.localeCompare(b.key)));
    // The queued ones can run (attempts left), and the retry columns are gone.
    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_name in ('content_feedback', 'leads_request', 'orders_mail') and column_name in ('delivery_attempts', 'next_attempt_at', 'state', 'attempts', 'sent_at')`.execute(t.db);
    expect(columns).toEqual([]);

    await migrateTo(t.db, '0025_parts_view_history');
    expect((await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = 'job'`.execute(t.db)).rows[0]!.n).toBe(0);
    await migrateToLatest(t.db);
  });
});
