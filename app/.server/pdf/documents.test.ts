import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { fileStorage } from '../files/files.ts';
import { LocalDiskStorage } from '../files/local-disk.ts';
import { startTestS3 } from '../files/s3-test-server.ts';
import type { FileStorage } from '../files/storage.ts';
import { documentStore } from './documents.ts';

let dir = '';
let s3: Awaited<ReturnType<typeof startTestS3>>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'documents-'));
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

const backends: Array<[string, () => FileStorage]> = [
  ['the local disk', () => new LocalDiskStorage(dir)],
  ['S3', () => fileStorage(loadConfig(s3.env), 'documents')],
];

describe.each(backends)('documentStore on %s', (name, storage) => {
  it('makes a version once, however many ask at once, and serves it from the storage afterwards', async () => {
    const store = documentStore(storage());
    let made = 0;
    const produce = async () => {
      made += 1;
      await new Promise((r) => setTimeout(r, 10));
      return new TextEncoder().encode('%PDF-1.7 счёт');
    };
    const all = await Promise.all(Array.from({ length: 5 }, () => store.get('invoices/1-abc.pdf', produce)));
    expect(made).toBe(1);
    expect(new Set(all.map((b) => new TextDecoder().decode(b)))).toEqual(new Set(['%PDF-1.7 счёт']));
    const again = await documentStore(storage()).get('invoices/1-abc.pdf', produce);
    expect(made).toBe(1);
    expect(new TextDecoder().decode(again)).toBe('%PDF-1.7 счёт');
    if (name === 'the local disk') expect(await readdir(join(dir, 'invoices'))).toEqual(['1-abc.pdf']);
  });

  it('keeps nothing when the print fails, and tries again next time', async () => {
    const store = documentStore(storage());
    await expect(store.get('invoices/2-x.pdf', async () => { throw new Error('no chromium'); })).rejects.toThrow('no chromium');
    expect(await storage().read('invoices/2-x.pdf')).toBeNull();
    expect(await store.get('invoices/2-x.pdf', async () => new Uint8Array([1]))).toEqual(new Uint8Array([1]));
  });

  it('ensures a document once, however many ask at once, and writes nothing when it is kept', async () => {
    const store = documentStore(storage());
    let made = 0;
    const produce = async () => {
      made += 1;
      await new Promise((r) => setTimeout(r, 10));
      return new TextEncoder().encode('%PDF-1.7 ensured');
    };
    expect(await store.read('invoices/3-e.pdf')).toBeNull();
    expect(await Promise.all(Array.from({ length: 4 }, () => store.ensure('invoices/3-e.pdf', produce)))).toEqual([true, true, true, true]);
    expect(made).toBe(1);
    // Another process (another store) finds it kept: no print, no write.
    expect(await documentStore(storage()).ensure('invoices/3-e.pdf', produce)).toBe(false);
    expect(made).toBe(1);
    expect(new TextDecoder().decode((await store.read('invoices/3-e.pdf'))!)).toBe('%PDF-1.7 ensured');
    await expect(store.ensure('invoices/4-e.pdf', async () => { throw new Error('no chromium'); })).rejects.toThrow('no chromium');
    expect(await store.read('invoices/4-e.pdf')).toBeNull();
  });

  it('refuses a key that could leave its folder', async () => {
    const store = documentStore(storage());
    for (const key of ['../x.pdf', 'invoices/../../x.pdf', '/etc/passwd', 'invoices']) {
      await expect(store.get(key, async () => new Uint8Array())).rejects.toThrow('Bad document key');
      await expect(store.ensure(key, async () => new Uint8Array())).rejects.toThrow('Bad document key');
      await expect(store.read(key)).rejects.toThrow('Bad document key');
    }
  });
});
