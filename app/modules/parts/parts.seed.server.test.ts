import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '#app/.server/db/seed.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { generateParts } from './data/generate.ts';
import { normalizePartCode } from './part-code.rules.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t.destroy(); });

const count = async (query: string) => Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(t.db)).rows[0]!.n);

describe('the demo parts catalogue', () => {
  it('holds at least 20,000 parts of OEM and aftermarket makers, with analogs and supersession chains', async () => {
    expect(await count('select count(*) as n from parts_part')).toBeGreaterThanOrEqual(20_000);
    expect(await count(`select count(distinct p.manufacturer_id) as n from parts_part p join parts_manufacturer m on m.id = p.manufacturer_id where m.kind = 'oem'`)).toBe(20);
    expect(await count(`select count(distinct p.manufacturer_id) as n from parts_part p join parts_manufacturer m on m.id = p.manufacturer_id where m.kind = 'aftermarket'`)).toBeGreaterThanOrEqual(10);
    expect(await count(`select count(*) as n from parts_analog a join parts_part x on x.id = a.part_id join parts_manufacturer m on m.id = x.manufacturer_id where m.kind = 'oem'`)).toBeGreaterThan(2_000);
    // Chains: an old number replaced by one that was itself replaced.
    expect(await count('select count(*) as n from parts_supersession a join parts_supersession b on b.old_part_id = a.new_part_id')).toBeGreaterThan(50);
    expect(await count('select count(*) as n from parts_part where category_id is null or weight_grams is null or one_c_code is null')).toBe(0);
  });

  it('normalises every printed code in SQL as the query is normalised in code', async () => {
    const rows = (await sql<{ code: string; code_norm: string }>`select code, code_norm from parts_part`.execute(t.db)).rows;
    const differ = rows.filter((r) => normalizePartCode(r.code) !== r.code_norm);
    expect(differ).toEqual([]);
    // Makers' styles: Cyrillic letters, dots, dashes, slashes and spaces all occur in the printed codes.
    for (const pattern of ['[А-Я]', '\\.', '-', '/', ' ']) {
      expect(rows.some((r) => new RegExp(pattern).test(r.code))).toBe(true);
    }
    expect(new Set(rows.map((r) => r.code_norm)).size).toBe(rows.length);
  });

  it('prices parts at every branch: some on request, some discounted, some out of stock or expected', async () => {
    expect(await count('select count(*) as n from region_branch b where not exists (select 1 from parts_part_branch o where o.branch_id = b.id)')).toBe(0);
    expect(await count('select count(*) as n from parts_part p where not exists (select 1 from parts_part_branch o where o.part_id = p.id)')).toBe(0);
    expect(await count('select count(*) as n from parts_part_branch where price is null')).toBeGreaterThan(0);
    expect(await count('select count(*) as n from parts_part_branch where old_price > price')).toBeGreaterThan(0);
    expect(await count('select count(*) as n from parts_part_branch where quantity = 0 and expected_date is not null')).toBeGreaterThan(0);
    expect(await count('select count(*) as n from parts_part_branch where quantity = 0 and expected_date is null')).toBeGreaterThan(0);
    expect(await count(`select count(*) as n from parts_part_branch where currency = 'KZT'`)).toBeGreaterThan(0);
  });

  it('draws at least 300 drawings of the demo model lines, callouts numbered 1..N with their parts', async () => {
    expect(await count('select count(*) as n from parts_drawing')).toBeGreaterThanOrEqual(300);
    expect(await count('select count(*) as n from catalog_model_line l where not exists (select 1 from parts_drawing d where d.model_line_id = l.id)')).toBe(0);
    expect(await count('select count(*) as n from parts_drawing where model_id is not null')).toBeGreaterThan(10);
    // Numbered without gaps: the highest callout equals the number of distinct callouts.
    expect(await count('select count(*) as n from (select drawing_id from parts_drawing_position group by drawing_id having max(callout) <> count(distinct callout)) x')).toBe(0);
    expect(await count('select count(*) as n from parts_drawing_position p join parts_drawing d on d.id = p.drawing_id where p.x < 0 or p.x > d.width or p.y < 0 or p.y > d.height')).toBe(0);
    expect(await count('select count(*) as n from parts_drawing_position where serial_from is not null or serial_to is not null')).toBeGreaterThan(0);
    expect(await count('select max(c) as n from (select count(distinct callout) as c from parts_drawing_position group by drawing_id) x')).toBe(60);
  });

  it('is the same on every run and never writes over an edit', async () => {
    const a = generateParts();
    const b = generateParts();
    expect(b.parts.slice(0, 50)).toEqual(a.parts.slice(0, 50));
    const edited = a.parts[0]!;
    await t.db.updateTable('parts_part').set({ name: 'Изменено редактором' }).where('id', '=', edited.id).execute();
    await t.db.deleteFrom('parts_analog').where('part_id', '=', a.analogs[0]![0]).where('analog_id', '=', a.analogs[0]![1]).execute();
    const before = await count('select count(*) as n from parts_part_branch');
    await seed(t.db, { demo: true });
    expect((await t.db.selectFrom('parts_part').select('name').where('id', '=', edited.id).executeTakeFirstOrThrow()).name).toBe('Изменено редактором');
    expect(await count(`select count(*) as n from parts_analog where part_id = ${a.analogs[0]![0]} and analog_id = ${a.analogs[0]![1]}`)).toBe(1);
    expect(await count('select count(*) as n from parts_part_branch')).toBe(before);
  });
});
