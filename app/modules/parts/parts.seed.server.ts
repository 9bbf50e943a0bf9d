import { sql, type Transaction } from 'kysely';
import { insertJson } from '#app/.server/db/insert-json.ts';
import { now } from '#app/.server/clock.ts';
import type { Database } from '#app/.server/db/schema.ts';
import { PART_CATEGORIES } from './data/categories.ts';
import { generateDrawings, generateParts, type LineRef } from './data/generate.ts';
import { PART_MAKERS } from './data/manufacturers.ts';

/** Kazakh branches (the region tree of Kazakhstan, migration 0005) sell in tenge. */
const KAZAKHSTAN_ROOT_AREA = 3221;
/** Roubles to tenge for the demo's Kazakh price lists, the catalogue's round dealer rate. */
const KZT_PER_RUB = 5.5;
/** The catalogue's demo lines; the bench's copies are numbered from 1000 (bench/seed-catalog.ts) and get no drawings. */
const DEMO_LINE_ID_LIMIT = 1000;
/** Technique types that drive themselves: their lines get engine, cab and transmission drawings. */
const SELF_PROPELLED_TYPES = ['traktor', 'zernouborochnyj-kombajn', 'kormouborochnyj-kombajn', 'pogruzchik'];
const DAY_MS = 86_400_000;

/**
 * Demo content of the parts catalogue (ADR 030): makers, the category tree, ~21,000 parts with
 * analogs and supersessions, price and stock at the branches, and the drawings of the catalogue's
 * demo model lines with their positions. Only missing rows are inserted (ADR 013), in a handful of
 * statements: the parts as one JSON parameter, the branch rows computed by the database from the
 * parts and a per-row hash (600,000 rows of every part at every branch would take PGlite 15 s, so
 * every part is sold at each country's hub branch, and the parts the drawings show at a fifth
 * of the other branches as well).
 *
 * It reads the catalogue's and the regions' demo rows (lines, makers, types, models, branches) to
 * attach drawings and prices to them, as the catalogue's seed reads the branches: a seed-time read
 * of ids and names, never a write.
 */
export async function seedPartsDemo(trx: Transaction<Database>): Promise<void> {
  await trx.insertInto('parts_manufacturer')
    .values(PART_MAKERS.map((m, sort) => ({ id: m.id, slug: m.slug, name: m.name, country: m.country, kind: m.kind, sort })))
    .onConflict((oc) => oc.doNothing()).execute();
  const categories = PART_CATEGORIES.flatMap((top, i) => [
    { id: top.id, parent_id: null, slug: top.slug, name: top.name, sort: i },
    ...top.children.map((leaf, j) => ({ id: leaf.id, parent_id: top.id, slug: leaf.slug, name: leaf.name, sort: j })),
  ]);
  await trx.insertInto('parts_category').values(categories).onConflict((oc) => oc.doNothing()).execute();

  const demo = generateParts();
  const lines = await catalogueLines(trx);
  const { drawings, positions } = generateDrawings(lines, demo);
 
  const onDrawings = new Set(positions.map((p) => p.partId));

  await insertJson(trx, 'parts_part', 'id int, code text, name text, manufacturer_id int, category_id int, weight_grams int, one_c_code text',
    demo.parts.map((p) => ({ id: p.id, code: p.code, name: p.name, manufacturer_id: p.makerId, category_id: p.categoryId, weight_grams: p.grams, one_c_code: p.oneC })));
 
  await insertJson(trx, 'parts_analog', 'part_id int, analog_id int', demo.analogs.map(([a, b]) => ({ part_id: a, analog_id: b })));
  const today = Date.parse(`${now().toISOString().slice(0, 10)}T00:00:00Z`);
  await insertJson(trx, 'parts_supersession', 'old_part_id int, new_part_id int, since date',
    demo.supersessions.map((s) => ({ old_part_id: s.oldId, new_part_id: s.newId, since: new Date(today - s.sinceDaysAgo * DAY_MS).toISOString().slice(0, 10) })));

 
  const branches = await trx.selectFrom('region_branch')
    .innerJoin('region_area', 'region_area.id', 'region_branch.area_id')
    .select(['region_branch.id', 'region_area.root_id'])
    .orderBy('region_branch.id')
    .execute();
  const hubs = new Set<number>();
  for (const root of new Set(branches.map((b) => b.root_id))) hubs.add(branches.find((b) => b.root_id === root)!.id);
  const branchRows = branches.map((b) => {
    const kzt = b.root_id === KAZAKHSTAN_ROOT_AREA;
    return { id: b.id, currency: kzt ? 'KZT' : 'RUB', rate: kzt ? KZT_PER_RUB : 1, hub: hubs.has(b.id) };
  });
  const all = demo.parts.map((p) => ({ id: p.id, rub: p.priceRub }));
  const onDrawingsRows = all.filter((p) => onDrawings.has(p.id));
  // Pairs: every part at the hubs, the parts the drawings show at the other branches (a fifth of
  // the pairs, chosen by the hash below). Two cross joins, so the database never walks the pairs it
  // would drop.
  const pairs = sql`
    select p.id, p.rub, b.id as branch_id, b.currency, b.rate, true as hub
      from jsonb_to_recordset(${JSON.stringify(all)}::jsonb) as p(id int, rub bigint)
      cross join jsonb_to_recordset(${JSON.stringify(branchRows.filter((b) => b.hub))}::jsonb) as b(id int, currency text, rate numeric)
    union all
    select p.id, p.rub, b.id, b.currency, b.rate, false
      from jsonb_to_recordset(${JSON.stringify(onDrawingsRows)}::jsonb) as p(id int, rub bigint)
      cross join jsonb_to_recordset(${JSON.stringify(branchRows.filter((b) => !b.hub))}::jsonb) as b(id int, currency text, rate numeric)
      where ((p.id::bigint * 2654435761) # (b.id::bigint * 40503)) % 2147483647 % 5 = 0`;
  // h: a per-row hash of (part, branch), the SQL twin of the generator's keyed PRNG. Every 37th row
  // has no price (on request), every 11th is discounted (old price 18 % above), a sixth of the
  // hubs' rows and a third of the others are out of stock, half of those with an expected date.
  await sql`
    insert into parts_part_branch (part_id, branch_id, currency, price, old_price, quantity, expected_date)
    select x.id, x.branch_id, x.currency, v.price,
      case when v.price is not null and h.h % 11 = 0 then round(v.price * 1.18 / 100) * 100 end,
      v.quantity,
      case when v.quantity = 0 and (h.h / 128) % 2 = 0 then ${new Date(today).toISOString().slice(0, 10)}::date + (3 + (h.h / 256) % 25)::int end
    from (${pairs}) x
    cross join lateral (select ((x.id::bigint * 2654435761) # (x.branch_id::bigint * 40503)) % 2147483647 as h) h
    cross join lateral (select
      case when h.h % 37 = 0 then null else (round(x.rub * x.rate * (97 + (h.h / 8) % 7) / 1000) * 1000)::bigint end as price,
      case when x.hub then (case when h.h % 6 = 0 then 0 else ((h.h / 32) % 60)::int end)
           else (case when h.h % 3 = 0 then 0 else ((h.h / 32) % 12)::int end) end as quantity) v
    on conflict do nothing`.execute(trx);

 
  await insertJson(trx, 'parts_drawing', 'id int, model_line_id int, model_id int, category_id int, title text, image_path text, width int, height int, sort int',
    drawings.map((d) => ({ id: d.id, model_line_id: d.lineId, model_id: d.modelId, category_id: d.categoryId, title: d.title, image_path: d.imagePath, width: d.width, height: d.height, sort: d.sort })));
  // A position an editor removed from a drawing the demo had comes back only with its drawing's key.
  await insertJson(trx, 'parts_drawing_position', 'drawing_id int, callout int, part_id int, quantity int, note text, serial_from text, serial_to text, x real, y real',
    positions.map((p) => ({ drawing_id: p.drawingId, callout: p.callout, part_id: p.partId, quantity: p.quantity, note: p.note, serial_from: p.serialFrom, serial_to: p.serialTo, x: p.x, y: p.y })));
 
}

async function catalogueLines(trx: Transaction<Database>): Promise<LineRef[]> {
  const lines = await trx.selectFrom('catalog_model_line as l')
    .innerJoin('catalog_manufacturer as m', 'm.id', 'l.manufacturer_id')
    .innerJoin('catalog_technique_type as t', 't.id', 'l.technique_type_id')
    .select(['l.id', 'l.name', 'm.slug as maker', 't.slug as type'])
    .where('l.id', '<', DEMO_LINE_ID_LIMIT)
    .orderBy('l.id')
    .execute();
  const models = lines.length
    ? await trx.selectFrom('catalog_model').select(['id', 'name', 'model_line_id']).where('model_line_id', 'in', lines.map((l) => l.id)).orderBy('id').execute()
    : [];
  return lines.map((l) => ({
    id: l.id, name: l.name, makerSlug: l.maker,
    selfPropelled: SELF_PROPELLED_TYPES.includes(l.type) || l.maker === 'pegas-agro',
    models: models.filter((m) => m.model_line_id === l.id).map((m) => ({ id: m.id, name: m.name })),
  }));
}

