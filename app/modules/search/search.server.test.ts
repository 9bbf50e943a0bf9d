import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hearChangesOf } from '#app/.server/db/changes.ts';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { loadVocabulary } from './search.queries.server.ts';
import { foldText, nearestKnownWords } from './search.rules.ts';
import type { SearchResult } from './search.schema.ts';
import { search } from './search.server.ts';

let t: TestDatabase;

/*
 * A few rows of our own (ids 99xx, codes S9…), so the ranking is checked on names we know whatever
 * the demo catalogue holds; the categories (Тракторы …) are the demo tree's.
 */
async function insertFixture() {
  await t.db.insertInto('catalog_technique_type').values({ id: 9901, slug: 's9-traktor', name: 'Трактор' }).execute();
  await t.db.insertInto('catalog_manufacturer').values([
    { id: 9901, slug: 's9-kirovets', name: 'Кировец', country: 'Россия' },
    { id: 9902, slug: 's9-john-deere', name: 'John Deere', country: 'США' },
    { id: 9903, slug: 's9-pottinger', name: 'Pöttinger', country: 'Австрия' },
  ]).execute();
  await t.db.insertInto('catalog_model_line').values([
    { id: 9901, slug: 's9-k7m', name: 'Кировец К-7М', manufacturer_id: 9901, category_id: 153, technique_type_id: 9901 },
    { id: 9902, slug: 's9-8r', name: 'Трактор John Deere 8R', manufacturer_id: 9902, category_id: 153, technique_type_id: 9901 },
    { id: 9903, slug: 's9-novacat', name: 'NovaCat', manufacturer_id: 9903, category_id: 3, technique_type_id: 9901 },
  ]).execute();
  const image = JSON.stringify([{ src: '/images/models/S9K744R3.svg', width: 640, height: 480, alt: 'К-744Р3' }]);
  await t.db.insertInto('catalog_model').values([
    { id: 9901, slug: 'k-744r3', name: 'К-744Р3 Стандарт', product_code: 'S9K744R3', model_line_id: 9901, images: image },
    { id: 9902, slug: 'k-744r4', name: 'К-744Р4 Премиум', product_code: 'S9K744R4', model_line_id: 9901 },
    { id: 9903, slug: '8r-410', name: '8R 410', product_code: 'S9JD8R410', model_line_id: 9902 },
    { id: 9904, slug: 'yorsh', name: 'Ёрш 350', product_code: 'S9NC350', model_line_id: 9903 },
    { id: 9905, slug: 'aist', name: 'Аист 350', product_code: 'S9NC351', model_line_id: 9903 },
  ]).execute();
}

beforeAll(async () => {
  t = await createTestDatabase();
  await insertFixture();
}, 180_000);
afterAll(async () => { await t?.destroy(); });

const find = (q: string, limitPerKind = 20) => search(t.services, q, { limitPerKind });
const titles = (r: SearchResult, kind: string) => r.groups.find((g) => g.kind === kind)?.hits.map((h) => h.title) ?? [];

describe('search_fold (SQL) and foldText (JavaScript)', () => {
  it('fold every text the same way', async () => {
    const samples = ['Кировец К-744Р3', 'КИРОВЕЦ', 'Kировец', 'Pöttinger NOVACAT 352', 'Ёлка-2.5 м / 3,5', 'John Deere 8R 410', 'Väderstad Tempo', "D'Artagnan  —  x", 'Тракторы до 100 л. с.', 'Йошкар-Ола'];
    for (const value of samples) {
      const { rows } = await sql<{ f: string }>`select search_fold(${value}) as f`.execute(t.db);
      expect(rows[0]!.f, value).toBe(foldText(value));
    }
  });
});

describe('nearestKnownWords (JavaScript) and fuzzystrmatch', () => {
  it('correct typed words as levenshtein_less_equal over the known words would', async () => {
    const { known } = await loadVocabulary(t.db);
    expect(known).toContain('кировец');
    const typed = ['тороктор', 'белорус', 'кировиц', 'сялки', 'дисковае', 'трак', 'плуги', 'щщщщщщ', 'jонn'];
    // The statement search sent before the words were kept in memory, over the same words.
    const { rows } = await sql<{ typed: string; known: string; distance: number }>`
      select t.word as typed, best.word as known, best.distance from unnest(cast(${typed} as text[])) as t(word)
      cross join lateral (
        select k.word, least(
          levenshtein_less_equal(t.word, k.word, 3),
          levenshtein_less_equal(t.word, left(k.word, length(t.word) - 1), 3),
          levenshtein_less_equal(t.word, left(k.word, length(t.word)), 3),
          levenshtein_less_equal(t.word, left(k.word, length(t.word) + 1), 3)
        ) as distance
        from unnest(cast(${known} as text[])) as k(word) where length(k.word) >= length(t.word) - 2
        order by distance, abs(length(k.word) - length(t.word)), k.word collate "C"
        limit 1
      ) best where best.distance <= 3`.execute(t.db);
    expect(nearestKnownWords(typed, known)).toEqual(rows);
  });
});

describe('recent results', () => {
  it('answer a query asked again within seconds, in any case or spelling that folds alike, without a statement', async () => {
    const { services, counter } = countingServices(t.services);
    const first = await search(services, 'Кировец', { limitPerKind: 3 });
    counter.count = 0;
    const again = await search(services, '  КИРОВЕЦ ', { limitPerKind: 3 });
    expect(counter.count).toBe(0);
    expect(again).toEqual({ ...first, query: 'КИРОВЕЦ' });
    // Another limit is another answer.
    await search(services, 'кировец', { limitPerKind: 4 });
    // Four catalogue sources and the parts' names (a word: no part-number step).
    expect(counter.count).toBe(5);
  });
});

describe('search indexes', () => {
  it('take new entries straight into the index: no GIN pending list for searches to read row by row', async () => {
    // The fixture's rows were inserted after the migrations: with fastupdate on they would be pending.
    const indexes = ['catalog_category_search_name', 'catalog_manufacturer_search_name', 'catalog_model_line_search_name', 'catalog_model_search_name',
      'catalog_model_search_code', 'catalog_category_search_tsv', 'catalog_model_line_search_tsv', 'catalog_model_search_tsv'];
    for (const index of indexes) {
      const { rows } = await sql<{ pages: number }>`select gin_clean_pending_list(${index}::regclass)::int as pages`.execute(t.db);
      expect(rows[0]!.pages, index).toBe(0);
    }
  });
});

describe('search', () => {
  it("'трактора' finds the category Тракторы first (russian word forms), and the tractor line", async () => {
    const r = await find('трактора');
    expect(titles(r, 'category')[0]).toBe('Тракторы');
    expect(titles(r, 'category')).toContain('Колёсные тракторы');
    expect(titles(r, 'modelLine')).toContain('Трактор John Deere 8R');
    const first = r.groups.find((g) => g.kind === 'category')!.hits[0]!;
    expect(first).toMatchObject({ kind: 'category', link: '/catalog/traktory', marks: [[0, 8]] });
  });

  it("'тороктор' finds tractors despite the typos (corrected to the catalogue's words), lines too", async () => {
    const r = await find('тороктор');
    expect(titles(r, 'category')).toContain('Тракторы');
    expect(titles(r, 'modelLine')).toContain('Трактор John Deere 8R');
  });

  it('searches the catalogue for the other keyboard layout only when that reading may find something', async () => {
    // The statements as Kysely builds them (their values included), before they are compiled.
    const sent: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: (args) => { sent.push(JSON.stringify(args.node)); return args.node; },
      transformResult: async (args) => args.result,
    };
    const services = { ...t.services, db: t.db.withPlugin(recorder) };
    hearChangesOf(services.db, t.db); // what it keeps hears the database's changes, as connect()'s handles do
    await search(services, 'прогрев кэшей', { limitPerKind: 5 }); // the vocabulary and pages of this handle
    sent.length = 0;
    await search(services, 'кир', { limitPerKind: 5 });
    expect(sent).toHaveLength(5);
    // The catalogue's four sources (the parts source reads part numbers and names its own way).
    const catalogue = () => sent.filter((statement) => !statement.includes('parts_part'));
    expect(catalogue()).toHaveLength(4);
    expect(catalogue().every((statement) => statement.includes('%кир%'))).toBe(true);
    // 'кир' on the Latin keys is 'rbh' (folded 'rвн'): no catalogue word has it.
    expect(sent.some((statement) => statement.includes('rвн'))).toBe(false);
    sent.length = 0;
    await search(services, 'rbhjdtw', { limitPerKind: 5 });
    expect(catalogue().every((statement) => statement.includes('%кировец%'))).toBe(true);
  });

  it("'rbhjdtw' (typed on the Latin layout) finds Кировец, and so does a Latin K", async () => {
    for (const q of ['rbhjdtw', 'Kировец', 'КИРОВЕЦ']) {
      const r = await find(q);
      expect(titles(r, 'manufacturer')[0], q).toBe('Кировец');
      expect(titles(r, 'modelLine'), q).toContain('Кировец К-7М');
    }
  });

  it("'кир' finds Кировец while typing (prefix) and marks the prefix", async () => {
    const r = await find('кир', 5);
    const maker = r.groups.find((g) => g.kind === 'manufacturer')!.hits[0]!;
    expect(maker).toMatchObject({ title: 'Кировец', subtitle: expect.stringMatching(/^Россия · \d+ модельн/), marks: [[0, 3]] });
    expect(maker.link).toMatch(/^\/catalog\/[a-z0-9-]+\?techniqueManufacturers%5B%5D=\d+$/);
  });

  it('finds a model by its name, with the Latin look-alikes of a code, and links it in path part 4', async () => {
    for (const q of ['К-744Р3', 'k744p3', 'к 744р3 стандарт']) {
      const r = await find(q);
      const model = r.groups.find((g) => g.kind === 'model')!.hits[0]!;
      expect(model.title, q).toBe('К-744Р3 Стандарт');
      expect(model.link).toBe('/catalog/traktory-svyshe-250-ls/s9-k7m/k-744r3');
      expect(model.image).toEqual({ src: '/images/models/S9K744R3.svg', width: 640, height: 480 });
    }
  });

  it('matches two letters at the start of a word only (the beginning of a word being typed), codes included', async () => {
    expect(titles(await find('ки'), 'manufacturer')).toContain('Кировец');
    expect(titles(await find('ир'), 'manufacturer')).not.toContain('Кировец');
    expect(titles(await find('s9'), 'model')).toEqual(expect.arrayContaining(['К-744Р3 Стандарт', '8R 410', 'Ёрш 350']));
    // Models are listed through their line's or maker's name from three letters on.
    expect(titles(await find('ки'), 'model')).not.toContain('К-744Р3 Стандарт');
    expect(titles(await find('кир'), 'model')).toContain('К-744Р3 Стандарт');
  });

  it('finds a model by its product code', async () => {
    const r = await find('S9JD8R410');
    expect(titles(r, 'model')[0]).toBe('8R 410');
  });

  it("finds models by their maker with the rest in their name: 'кировец 744'", async () => {
    const r = await find('кировец 744');
    expect(titles(r, 'model').slice(0, 2)).toEqual(['К-744Р3 Стандарт', 'К-744Р4 Премиум']);
  });

  it('ranks exact > prefix > the rest, kinds in a stable order, ties in Russian alphabetical order', async () => {
    const r = await find('pöttinger');
    expect(r.groups.map((g) => g.kind)).toEqual(['model', 'modelLine', 'manufacturer']);
    // Found through their maker, equally ranked: А before Ё (the C collation would put Ё first).
    expect(titles(r, 'model')).toEqual(['Аист 350', 'Ёрш 350']);
    // Within a tier the shorter name is the closer match.
    const prefix = await find('к-744р');
    expect(titles(prefix, 'model').slice(0, 2)).toEqual(['К-744Р4 Премиум', 'К-744Р3 Стандарт']);
    const ranked = await find('тракторы');
    expect(titles(ranked, 'category').slice(0, 2)).toEqual(['Тракторы', 'Колёсные тракторы']);
  });

  it('finds content pages and site sections', async () => {
    expect(titles(await find('доставки'), 'page')).toContain('Доставка и оплата');
    expect(titles(await find('pfgxfcnb'), 'page')[0]).toBe('Запчасти');
  });

  it('counts every hit of a kind and sends the first ones', async () => {
    const r = await find('трактор', 2);
    const categories = r.groups.find((g) => g.kind === 'category')!;
    expect(categories.hits).toHaveLength(2);
    expect(categories.total).toBeGreaterThan(2);
  });

  it('answers empty for nothing searchable, and suggests words when nothing is found', async () => {
    expect(await find('')).toEqual({ query: '', groups: [], suggestions: [], didYouMean: null });
    expect(await find(' … ')).toMatchObject({ groups: [] });
    expect(await find('т')).toMatchObject({ groups: [] });
    const none = await find('щъщъщъ');
    expect(none.groups).toEqual([]);
    expect(none.suggestions[0]).toEqual({ title: 'Тракторы', link: '/catalog/traktory' });
  });

  it('sends a fixed number of statements: one per database source, whatever it finds (typos are corrected in memory)', async () => {
    const { services, counter } = countingServices(t.services);
    await search(services, 'прогрев кэшей', { limitPerKind: 5 }); // the pages and menu caches of this handle
    // Four catalogue sources, and the parts: names, and for a query with digits its part numbers too.
    for (const [q, statements] of [['трактор', 5], ['кировец 744', 6], ['rbhjdtw', 5], ['щъщъщъ', 5]] as const) {
      counter.count = 0;
      await search(services, q, { limitPerKind: 5 });
      expect(counter.count, q).toBe(statements);
    }
  });

  it("'трактор', 'трактора', 'тороктор', 'комбайн' list the machines first: models and model lines of that kind, then the categories", async () => {
    for (const [q, type] of [['трактор', '%traktor'], ['трактора', '%traktor'], ['тороктор', '%traktor'], ['комбайн', '%kombajn']] as const) {
      const r = await find(q, 5);
      expect(r.groups.slice(0, 3).map((g) => g.kind), q).toEqual(['model', 'modelLine', 'category']);
      const models = r.groups[0]!;
      expect(models.hits).toHaveLength(5);
      // Every model listed is a machine of that kind (its line's technique type), and there are more.
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from catalog_model m join catalog_model_line l on l.id = m.model_line_id
        join catalog_technique_type tt on tt.id = l.technique_type_id
        where m.id = any(${models.hits.map((h) => Number(h.id))}::int[]) and tt.slug like ${type}`.execute(t.db);
      expect(rows[0]!.n, q).toBe(5);
      // Counted once each, those only counted (beyond the first few of the kind) included; a
      // tractor query also finds models through names ('Тонар тракторные', trailers).
      const { rows: [all] } = await sql<{ n: number }>`
        select count(*)::int as n from catalog_model m join catalog_model_line l on l.id = m.model_line_id
        join catalog_technique_type tt on tt.id = l.technique_type_id where tt.slug like ${type}`.execute(t.db);
      if (q === 'комбайн') expect(models.total, q).toBe(all!.n);
      else expect(models.total, q).toBeGreaterThanOrEqual(all!.n);
      const lines = r.groups[1]!;
      expect(lines.total, q).toBeGreaterThan(3);
    }
    // A line named otherwise is found by its kind too: the demo's 'John Deere 6M' holds tractors.
    expect(titles(await find('тракторы', 20), 'modelLine')).toContain('John Deere 6M');
    expect(titles(await find('комбайны', 20), 'modelLine')).toContain('Палессе');
  });

  it("'масляный фильтр 6145' finds the oil filters on the drawings of the 6145M, first among the parts", async () => {
    for (const q of ['масляный фильтр 6145', 'фильтры масляные 6145м', 'John Deere 6145 фильтр масляный']) {
      const r = await find(q, 5);
      const parts = r.groups.find((g) => g.kind === 'parts');
      expect(parts?.hits.length, q).toBeGreaterThan(0);
      // Every part listed is named an oil filter and stands on a drawing of the 6145M (its line's for every model, or its own).
      const { rows } = await sql<{ id: number }>`
        select distinct p.id from parts_part p
        join parts_drawing_position pos on pos.part_id = p.id join parts_drawing d on d.id = pos.drawing_id
        join catalog_model m on m.model_line_id = d.model_line_id and (d.model_id is null or d.model_id = m.id)
        where m.name = '6145M' and to_tsvector('russian', p.name) @@ plainto_tsquery('russian', 'масляный фильтр')`.execute(t.db);
      const fitting = rows.map((row) => String(row.id));
      expect(parts!.hits.every((h) => fitting.includes(h.id)), q).toBe(true);
      expect(parts!.total, q).toBe(fitting.length);
      expect(parts!.hits.every((h) => h.subtitle?.includes('Подходит к 6145M')), q).toBe(true);
    }
    const engine = (await find('масляный фильтр 6145', 20)).groups.find((g) => g.kind === 'parts')!.hits;
    expect(engine.find((h) => h.title === 'RE504836 — Фильтр масляный двигателя')?.subtitle).toBe('Подходит к 6145M, зав. № с 20242000 · John Deere');
    expect(engine.find((h) => h.title === 'RE59754 — Фильтр масляный двигателя')?.subtitle).toBe('Подходит к 6145M, зав. № по 20241999 · John Deere');
  });

  it('offers the nearest spelling that finds something when nothing is found', async () => {
    const r = await find('фильтер', 5);
    expect(r.groups).toEqual([]);
    expect(r.didYouMean).toBe('фильтр');
    expect((await find(r.didYouMean!, 5)).groups.find((g) => g.kind === 'parts')!.total).toBeGreaterThan(0);
    expect((await find('масляныйй фильтер', 5)).didYouMean).toBe('масляный фильтр');
    // Nothing near enough: no offer. Found: none needed.
    expect((await find('щъщъщъ', 5)).didYouMean).toBeNull();
    expect((await find('трактор', 5)).didYouMean).toBeNull();
  });
});
