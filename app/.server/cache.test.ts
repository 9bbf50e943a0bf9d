import { describe, expect, it } from 'vitest';
import { keptPerDb } from './cache.ts';
import { dataChanged, listenOnPglite } from './db/changes.ts';

/** A database handle that hears its changes (as every handle connect() opens does). */
async function hearingDb(): Promise<object> {
  const db = {};
  await listenOnPglite(db, { listen: async () => undefined });
  return db;
}

function counting<T>(value: () => T) {
  const load = () => { load.calls += 1; return Promise.resolve(value()); };
  load.calls = 0;
  return load;
}

describe('keptPerDb: data kept until the tables it was read from change', () => {
  it('keeps a value per database and key, and shares one load with the callers that ask meanwhile', async () => {
    const kept = keptPerDb<number>({ readsFrom: ['catalog_model'], maxEntries: 10 });
    const [a, b] = [await hearingDb(), await hearingDb()];
    const load = counting(() => 1);
    await Promise.all([kept.get(a, 'x', load), kept.get(a, 'x', load), kept.get(a, 'x', load)]);
    expect(load.calls).toBe(1);
    await kept.get(b, 'x', load);
    await kept.get(a, 'y', load);
    expect(load.calls).toBe(3);
  });

  it('drops a database\'s values when a table it reads from changes, and only then', async () => {
    const kept = keptPerDb<number>({ readsFrom: ['catalog_model', 'catalog_model_branch'] });
    const [db, other] = [await hearingDb(), await hearingDb()];
    let price = 100;
    const load = () => Promise.resolve(price);
    expect(await kept.get(db, '', load)).toBe(100);
    expect(await kept.get(other, '', load)).toBe(100);
    price = 200;
    dataChanged(db, 'region_branch'); // watched, but not read by this
    expect(await kept.get(db, '', load)).toBe(100);
    dataChanged(db, 'catalog_model_branch');
    expect(await kept.get(db, '', load)).toBe(200);
    // A table this code does not know (a trigger newer than the process): anything may have changed.
    price = 250;
    dataChanged(db, 'catalog_model_video');
    expect(await kept.get(db, '', load)).toBe(250);
    // Another database's values are its own.
    expect(await kept.get(other, '', load)).toBe(100);
    // Listening lost: anything may have changed.
    price = 300;
    dataChanged(other, null);
    expect(await kept.get(other, '', load)).toBe(300);
  });

  it('keeps nothing for a handle that does not hear its changes', async () => {
    const kept = keptPerDb<number>({ readsFrom: ['catalog_model'] });
    const load = counting(() => 1);
    const deaf = {};
    await kept.get(deaf, '', load);
    await kept.get(deaf, '', load);
    expect(load.calls).toBe(2);
  });

  it('never keeps a value read before a change that came during its load', async () => {
    const kept = keptPerDb<string>({ readsFrom: ['catalog_model'] });
    const db = await hearingDb();
    let release!: (value: string) => void;
    const slow = kept.get(db, '', () => new Promise((resolve) => { release = resolve; }));
    dataChanged(db, 'catalog_model');
    release('old');
    expect(await slow).toBe('old');
    expect(await kept.get(db, '', () => Promise.resolve('new'))).toBe('new');
  });

  it('forgets a failed load, so the next caller tries again', async () => {
    const kept = keptPerDb<number>({ readsFrom: ['catalog_model'] });
    const db = await hearingDb();
    await expect(kept.get(db, '', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await kept.get(db, '', () => Promise.resolve(2))).toBe(2);
  });

  it('holds at most maxEntries per database, the oldest going first, and honours maxAgeMs', async () => {
    const kept = keptPerDb<string>({ readsFrom: ['catalog_model'], maxEntries: 2 });
    const db = await hearingDb();
    const load = counting(() => 'v');
    for (const key of ['a', 'b', 'c']) await kept.get(db, key, load);
    await kept.get(db, 'c', load);
    await kept.get(db, 'b', load);
    expect(load.calls).toBe(3);
    await kept.get(db, 'a', load);
    expect(load.calls).toBe(4);

    const brief = keptPerDb<string>({ readsFrom: ['catalog_model'], maxAgeMs: 0 });
    const again = counting(() => 'v');
    await brief.get(db, '', again);
    await brief.get(db, '', again);
    expect(again.calls).toBe(2);
  });

  it('getMany: the kept values and the missing ones from one load; a change during the load keeps none of it', async () => {
    const kept = keptPerDb<string, number>({ readsFrom: ['catalog_model'], maxEntries: 100 });
    const db = await hearingDb();
    const asked: number[][] = [];
    const load = async (ids: number[]) => { asked.push(ids); return new Map(ids.filter((id) => id !== 404).map((id) => [id, `m${id}`])); };
    expect([...(await kept.getMany(db, [1, 2, 404], load))]).toEqual([[1, 'm1'], [2, 'm2']]);
    expect([...(await kept.getMany(db, [2, 3, 1], load))].sort()).toEqual([[1, 'm1'], [2, 'm2'], [3, 'm3']]);
    // Only what was missing was asked for; an id that does not exist is asked again (absence is not kept).
    expect(asked).toEqual([[1, 2, 404], [3]]);

    const during = async (ids: number[]) => { dataChanged(db, 'catalog_model'); return load(ids); };
    await kept.getMany(db, [5], during);
    await kept.getMany(db, [5], load);
    expect(asked.slice(2)).toEqual([[5], [5]]);
  });
});
