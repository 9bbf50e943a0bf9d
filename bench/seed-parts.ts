// Grows the demo parts catalogue to a large dealer's for `npm run bench`: copies ("series" 1..K) of
// the demo parts with their analogs, supersessions and branch rows, in a few INSERT … SELECT
// statements (generate_series), so 1,000,000 parts take well under a minute on PostgreSQL. A copy's
// number is the original's with 'Z' and the series appended ('RE504836' → 'RE504836Z17'): unique
// per maker after normalisation (no demo code ends in Z and digits), and the originals keep their
// numbers, so the golden list still names them. Values vary with the ids, not at random.
import { sql } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';

/** The demo's own parts have ids below this; a copy is series · ID_STEP + the original's id. */
const ID_STEP = 1_000_000;

export const BENCH_PARTS = 1_000_000;

/**
 * Adds copies of the demo parts until the catalogue holds at least `parts` parts. Idempotent
 * (ON CONFLICT DO NOTHING): running it on a seeded bench database changes nothing.
 */
export async function seedBenchParts(db: DB, parts = BENCH_PARTS): Promise<{ parts: number; seconds: number }> {
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ n: string }>`select count(*) as n from parts_part where id < ${ID_STEP}`.execute(trx);
    const base = Number(rows[0]!.n);
    if (base === 0) throw new Error('seedBenchParts needs the demo parts: seed with { demo: true } first');
    const copies = Math.max(0, Math.ceil(parts / base) - 1);
    if (copies === 0) return;
    // Seeded already (a second run on the same PostgreSQL database): nothing to copy.
    const { rows: [last] } = await sql<{ n: string }>`select count(*) as n from parts_part where id > ${copies * ID_STEP}`.execute(trx);
    if (Number(last!.n) > 0) return;
    const step = sql.lit(ID_STEP);

    await sql`insert into parts_part (id, code, name, manufacturer_id, category_id, weight_grams, one_c_code, description, created_at)
      select k * ${step} + p.id, p.code || 'Z' || k, p.name, p.manufacturer_id, p.category_id,
        p.weight_grams + (k * 7 + p.id) % 50, p.one_c_code || '-' || k, p.description, p.created_at
      from parts_part p cross join generate_series(1, ${copies}) k
      where p.id < ${step}
      on conflict do nothing`.execute(trx);

    await sql`insert into parts_analog (part_id, analog_id)
      select k * ${step} + a.part_id, k * ${step} + a.analog_id
      from parts_analog a cross join generate_series(1, ${copies}) k
      where a.part_id < ${step} and a.analog_id < ${step}
      on conflict do nothing`.execute(trx);

    await sql`insert into parts_supersession (old_part_id, new_part_id, since, note)
      select k * ${step} + s.old_part_id, k * ${step} + s.new_part_id, s.since, s.note
      from parts_supersession s cross join generate_series(1, ${copies}) k
      where s.old_part_id < ${step} and s.new_part_id < ${step}
      on conflict do nothing`.execute(trx);

    // Prices move by −10 %…+10 % with the series; every fifth copied row is out of stock.
    await sql`insert into parts_part_branch (part_id, branch_id, currency, price, old_price, quantity, expected_date)
      select k * ${step} + b.part_id, b.branch_id, b.currency,
        round(b.price * (0.9 + ((k * 13 + b.part_id) % 21) / 100.0) / 100) * 100,
        round(b.old_price * (0.9 + ((k * 13 + b.part_id) % 21) / 100.0) / 100) * 100,
        case when (k + b.part_id + b.branch_id) % 5 = 0 then 0 else b.quantity end,
        b.expected_date
      from parts_part_branch b cross join generate_series(1, ${copies}) k
      where b.part_id < ${step}
      on conflict do nothing`.execute(trx);
  });
  // Fresh statistics, so the planner picks the indexes it would on a real catalogue of this size,
  // and the tables vacuumed (visibility map set), as a live catalogue's are: otherwise the server's
  // autovacuum would take their first minutes of measurements.
  await sql`vacuum analyze parts_part, parts_analog, parts_supersession, parts_part_branch, parts_name`.execute(db);
  const { rows } = await sql<{ n: string }>`select count(*) as n from parts_part`.execute(db);
  return { parts: Number(rows[0]!.n), seconds: (performance.now() - started) / 1000 };
}

/**
 * Part-number queries for the load benchmark, the same on every run: numbers of demo parts and of
 * copies, written the ways people type them (lower case, no separators, Cyrillic look-alikes,
 * spaces), and a few that find only near matches. `count` queries, spread over the catalogue.
 */
export async function benchPartQueries(db: DB, count = 200): Promise<string[]> {
  const { rows } = await sql<{ code: string }>`
    select code from parts_part
    where id % ${sql.lit(97)} = 0
    order by id
    limit ${count}`.execute(db);
  const look: Record<string, string> = { A: 'А', B: 'В', E: 'Е', K: 'К', M: 'М', H: 'Н', O: 'О', P: 'Р', C: 'С', T: 'Т', X: 'Х' };
  return rows.map(({ code }, i) => {
    switch (i % 5) {
      case 0: return code;
      case 1: return code.toLowerCase();
      case 2: return code.replace(/[-./ ]/g, '');
      case 3: return [...code].map((ch) => look[ch] ?? ch).join('').replace(/[-./]/g, ' ');
      default: return code.slice(0, Math.max(4, code.length - 2));
    }
  });
}
