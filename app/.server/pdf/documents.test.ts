import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentStore } from './documents.ts';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'documents-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('documentStore', () => {
  it('makes a version once, however many ask at once, and serves it from disk afterwards', async () => {
    const store = documentStore(dir);
    let made = 0;
    const produce = async () => {
      made += 1;
      await new Promise((r) => setTimeout(r, 10));
      return new TextEncoder().encode('%PDF-1.7 счёт');
    };
    const all = await Promise.all(Array.from({ length: 5 }, () => store.get('invoices/1-abc.pdf', produce)));
    expect(made).toBe(1);
    expect(new Set(all.map((b) => new TextDecoder().decode(b)))).toEqual(new Set(['%PDF-1.7 счёт']));
    const again = await documentStore(dir).get('invoices/1-abc.pdf', produce);
    expect(made).toBe(1);
    expect(new TextDecoder().decode(again)).toBe('%PDF-1.7 счёт');
    expect(await readdir(join(dir, 'invoices'))).toEqual(['1-abc.pdf']);
  });

  it('keeps nothing when the print fails, and tries again next time', async () => {
    const store = documentStore(dir);
    await expect(store.get('invoices/2-x.pdf', async () => { throw new Error('no chromium'); })).rejects.toThrow('no chromium');
    expect(await store.get('invoices/2-x.pdf', async () => new Uint8Array([1]))).toEqual(new Uint8Array([1]));
  });

  it('refuses a key that could leave its folder', async () => {
    const store = documentStore(dir);
    for (const key of ['../x.pdf', 'invoices/../../x.pdf', '/etc/passwd', 'invoices']) {
      await expect(store.get(key, async () => new Uint8Array())).rejects.toThrow('Bad document key');
    }
  });
});
