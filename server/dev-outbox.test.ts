import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { runDueJobs } from '#app/.server/jobs/runner.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { testClient } from './test-client.ts';

/*
 * Issue 28 point 4: the sandbox outbox gives each browser the letters of the account it signed in
 * to, whoever causes the sending and whenever it happens: parallel orders from many browsers (on
 * PostgreSQL with the env, real parallelism), their letters sent by the jobs the requests enqueued
 * and again by jobs no request caused.
 */

let t: TestDatabase;
let dir: string;
let branchId: number;
let partId: number;
let price: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dev-outbox-'));
  t = await createTestDatabase({ ATTACHMENTS_DIR: dir, DATABASE_POOL_SIZE: '20' });
  const row = await sql<{ branch_id: number; part_id: number; price: string }>`
    select branch_id, part_id, price::text from parts_part_branch
    where price > 0 and quantity >= 50 and currency = 'RUB' order by branch_id, part_id limit 1`.execute(t.db);
  ({ branch_id: branchId, part_id: partId } = row.rows[0]!);
  price = Number(row.rows[0]!.price);
});
afterAll(async () => {
  await t?.destroy();
  await rm(dir, { recursive: true, force: true });
});

type Browser = ReturnType<typeof testClient>;

async function signedInBrowser(i: number): Promise<{ browser: Browser; email: string }> {
  const email = `outbox${i}@agro.test`;
  await createUser(t.db, { name: 'Покупатель', email, password: 'secret1', emailVerified: true });
  const browser = testClient(t.services);
  expect((await browser.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  expect((await browser.post('/api/cart/add', { products: [{ part_id: partId, count: 1 }] })).status).toBe(200);
  return { browser, email };
}

async function order(browser: Browser): Promise<string> {
  const cart = await (await browser.get(`/api/cart?branchId=${branchId}`)).json() as { items: Array<{ id: number }> };
  const data = new FormData();
  // The address typed into the order is the same for everyone: it must reach nobody.
  const fields = { products: JSON.stringify([{ id: cart.items[0]!.id, count: 1, price }]), name: 'Покупатель', phone: '+7 (912) 345-67-89', email: 'typed@agro.test', branchId: String(branchId) };
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  const encoded = new Response(data);
  const res = await browser.app.request('/api/order/create', {
    method: 'POST',
    headers: {
      cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': decodeURIComponent(browser.cookies.get('XSRF-TOKEN') ?? ''),
      'idempotency-key': crypto.randomUUID(),
      'content-type': encoded.headers.get('content-type')!,
    },
    body: new Uint8Array(await encoded.arrayBuffer()),
  });
  const json = await res.json() as { number: string };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.number;
}

async function outbox(browser: Browser): Promise<string[]> {
  const html = await (await browser.get('/__dev/outbox')).text();
  return [...html.matchAll(/<pre data-testid="outbox-body">([\s\S]*?)<\/pre>/g)].map((m) => m[1]!);
}

const numbersIn = (bodies: readonly string[]) => [...new Set(bodies.flatMap((b) => b.match(/АГ-\d{4}-\d{6,}/g) ?? []))];

const pendingLetters = async () => Number((await sql<{ n: string }>`select count(*) as n from job where key like 'orders.mail:%' and state <> 'done'`.execute(t.db)).rows[0]!.n);

describe('the outbox of parallel orders from many browsers', () => {
  it('shows each browser the letters of its own order only: sent by the jobs its request enqueued, and again by jobs no browser caused', async () => {
    const shoppers: Array<{ browser: Browser; email: string }> = [];
    // Accounts one after another (password hashing has a queue); the orders all at once.
    for (let i = 0; i < (t.engine === 'postgresql' ? 30 : 8); i++) shoppers.push(await signedInBrowser(i));
    const numbers = await Promise.all(shoppers.map((s) => order(s.browser)));
    await runDueJobs(t.services);
    expect(await pendingLetters()).toBe(0);

    // Sent by the jobs each order's request enqueued: the customer's letter and the branch's, both to that browser.
    for (const [i, s] of shoppers.entries()) {
      const bodies = await outbox(s.browser);
      expect(numbersIn(bodies), `browser ${i}`).toEqual([numbers[i]]);
      expect(bodies.some((b) => b.startsWith('Спасибо за заказ!')), `browser ${i}`).toBe(true);
    }
    expect(await t.db.selectFrom('auth_outbox').select('id').where('recipient', '=', 'typed@agro.test').execute()).toEqual([]);

    // The same letters sent again by jobs no browser caused (enqueued outside any request): each
    // customer's letter reaches the browser signed in to his account; the branch's letters nobody.
    await t.db.deleteFrom('auth_outbox').where('subject', 'like', '%АГ-%').execute();
    await t.db.updateTable('job').set({ state: 'queued', run_at: new Date(0), finished_at: null, outbox_reader: null }).where('key', 'like', 'orders.mail:%').execute();
    await runDueJobs(t.services);
    expect(await pendingLetters()).toBe(0);
    for (const [i, s] of shoppers.entries()) {
      const bodies = await outbox(s.browser);
      expect(numbersIn(bodies), `browser ${i}`).toEqual([numbers[i]]);
      expect(bodies.filter((b) => b.includes(numbers[i]!)).map((b) => b.slice(0, 17)), `browser ${i}`).toEqual(['Спасибо за заказ!']);
    }
  }, 300_000);
});
