/**
 * The back-office's orders list budget (ADR 076, issue "back-office" budgets): a filtered page of
 * /admin/orders over 100,000 orders, p95 ≤ 50 ms. Seeds the orders (three lines each, a tenth of them
 * with a line on request) into a PostgreSQL database of its own with one statement, analyses, then
 * times `listStaffOrders` for the screen's usual requests: the first page, by status, by branch, by
 * dates, and searches by number, phone, e-mail and part number; a branch employee's and the head
 * office's.
 *
 *   npm run build && DATABASE_URL=… npm run bench:admin-orders -- [--orders=100000] [--runs=200]
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDemoBench, percentiles } from './demo-services.ts';

const BUDGET_P95_MS = 50;
const { values } = parseArgs({ options: { orders: { type: 'string', default: '100000' }, runs: { type: 'string', default: '200' } } });
const ORDERS = Number(values.orders);
const RUNS = Number(values.runs);

const { entry, db, services, close } = await openDemoBench('bench:admin-orders', 'bench_admin_orders');
try {
  const branches = (await db.selectFrom('region_branch').select('id').orderBy('id').execute()).map((b) => b.id);
  const statuses = ['new', 'in_work', 'assembled', 'shipped', 'issued', 'closed', 'cancelled'];
  const seededAt = performance.now();
  await sql`
    insert into orders_order (number, user_id, name, phone, email, branch_id, delivery_method, currency, items_total, total, status, created_at)
    select 'АГ-2026-' || lpad(g::text, 6, '0'), null, 'Покупатель ' || g, (79000000000 + g)::text, 'buyer' || g || '@farm.example',
      (${sql.raw(`array[${branches.join(',')}]`)})[1 + g % ${branches.length}], case when g % 3 = 0 then 'calc' else 'pickup' end, 'RUB',
      100000 + g, 100000 + g, (${sql.raw(`array['${statuses.join("','")}']`)})[1 + g % 7],
      now() - (g || ' minutes')::interval
    from generate_series(1, ${ORDERS}) g`.execute(db);
  await sql`
    insert into orders_line (order_id, part_id, code, name, one_c_code, weight_grams, count, price, old_price, currency, line_total)
    select o.id, null, 'RE' || (500000 + (o.id * 7 + k) % 20000), 'Деталь', null, null, 1 + k,
      case when k = 2 and o.id % 10 = 0 then null else 5000 end, null, 'RUB', case when k = 2 and o.id % 10 = 0 then null else 5000 * (1 + k) end
    from orders_order o cross join generate_series(0, 2) k`.execute(db);
  await sql`analyze orders_order, orders_line`.execute(db);
  const seedMs = performance.now() - seededAt;

  const head: { userId: number; name: string; branchId: number | null } = { userId: 1, name: 'Бенчмарк', branchId: null };
  const branchStaff = { ...head, branchId: branches[1]! };
  const number = `АГ-2026-${String(Math.floor(ORDERS / 2)).padStart(6, '0')}`;
  const cases: Array<[string, typeof head, Record<string, string>]> = [
    ['first page, head office', head, {}],
    ['first page, a branch', branchStaff, {}],
    ['status in work, page 3', head, { status: 'in_work', page: '3' }],
    ['a branch, one status', branchStaff, { status: 'new' }],
    ['by total, largest first', head, { sort: '-total' }],
    ['a branch by total, smallest first, page 3', branchStaff, { sort: 'total', page: '3' }],
    ['oldest first, one status', head, { status: 'closed', sort: 'created' }],
    ['dates (a week)', head, { from: '2026-11-01', to: '2026-11-07' }],
    ['search: number', head, { q: number }],
    ['search: phone', head, { q: `+7 900 ${String(ORDERS / 4).padStart(7, '0')}` }],
    ['search: e-mail', head, { q: `BUYER${ORDERS / 5}@farm.example` }],
    ['search: part number', head, { q: 're-512345' }],
    ['search: nothing', branchStaff, { q: 'нет-такого' }],
  ];
  const results = [];
  for (const [name, actor, query] of cases) {
    const filter = entry.staffOrderFilter.parse(query);
    for (let i = 0; i < 5; i++) await entry.listStaffOrders(services, actor, filter);
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      rows = (await entry.listStaffOrders(services, actor, filter)).rows.length;
      times.push(performance.now() - t0);
    }
    results.push({ case: name, rows, ...percentiles(times) });
  }
  const worst = Math.max(...results.map((r) => r.p95));
  console.log(JSON.stringify({ bench: 'admin-orders', orders: ORDERS, runs: RUNS, seedMs: Math.round(seedMs), results, budgetP95Ms: BUDGET_P95_MS, result: worst <= BUDGET_P95_MS ? 'в бюджете' : 'ВНЕ БЮДЖЕТА' }, null, 2));
  process.exitCode = worst <= BUDGET_P95_MS ? 0 : 1;
} finally {
  await close();
}
