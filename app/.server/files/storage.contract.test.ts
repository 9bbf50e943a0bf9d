import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { fileStorage } from './files.ts';
import { LocalDiskStorage } from './local-disk.ts';
import { S3Error, S3Storage, bucketUrl, parseListing } from './s3.ts';
import { startTestS3, TEST_BUCKET } from './s3-test-server.ts';
import { readAll, type FileStorage } from './storage.ts';

/*
 * The storage's contract, run alike against the local disk and an S3-compatible server on loopback
 * (s3rver behind a front that checks every request's signature and signed body): what one backend does, the other does.
 */

let dir: string;
let s3: Awaited<ReturnType<typeof startTestS3>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'files-contract-'));
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

const backends: Array<[string, () => FileStorage]> = [
  ['local disk', () => new LocalDiskStorage(join(dir, 'local'))],
  ['S3 (s3rver)', () => fileStorage(loadConfig({ ...s3.env, S3_PREFIX: 'contract/' }), 'attachments')],
];

const text = (bytes: Uint8Array | null) => (bytes ? new TextDecoder().decode(bytes) : null);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(backends)('FileStorage on %s', (_name, make) => {
  let storage: FileStorage;
  beforeAll(() => { storage = make(); });

  it('stores bytes and a stream under a key and gives them back whole, with size, hash and first bytes', async () => {
    const bytes = new TextEncoder().encode('Счёт № 1 — трактор МТЗ-82');
    const put = await storage.put('documents-test/schet-1.pdf', bytes, { contentType: 'application/pdf' });
    expect(put).toMatchObject({ key: 'documents-test/schet-1.pdf', size: bytes.byteLength, sha256: sha(bytes) });
    expect(text(put.head)).toBe('Счёт № 1 — трактор МТЗ-82');
    expect(text(await storage.read('documents-test/schet-1.pdf'))).toBe('Счёт № 1 — трактор МТЗ-82');
    expect(await storage.size('documents-test/schet-1.pdf')).toBe(bytes.byteLength);
    const opened = await storage.open('documents-test/schet-1.pdf');
    expect(opened?.size).toBe(bytes.byteLength);
    expect(text(await readAll(opened!.stream))).toBe('Счёт № 1 — трактор МТЗ-82');

    // 3 MB in 64 KB chunks: streamed through, the hash and the size of what arrived.
    const chunk = Buffer.alloc(64 * 1024);
    const chunks = Array.from({ length: 48 }, (_, i) => Buffer.from(chunk.fill(i)));
    const whole = Buffer.concat(chunks);
    const streamed = await storage.put('orders/1/big', Readable.from(chunks), { headBytes: 10 });
    expect(streamed).toMatchObject({ size: whole.length, sha256: sha(whole) });
    expect(streamed.head).toEqual(whole.subarray(0, 10));
    expect(sha(await storage.read('orders/1/big') ?? new Uint8Array())).toBe(sha(whole));
  });

  it('replaces an object whole; a missing one is null, and deleting it is no error', async () => {
    await storage.put('documents-test/v.txt', new TextEncoder().encode('первая'));
    await storage.put('documents-test/v.txt', Readable.from([Buffer.from('вторая версия')]));
    expect(text(await storage.read('documents-test/v.txt'))).toBe('вторая версия');
    await storage.delete('documents-test/v.txt');
    await storage.delete('documents-test/v.txt');
    expect(await storage.read('documents-test/v.txt')).toBeNull();
    expect(await storage.open('documents-test/v.txt')).toBeNull();
    expect(await storage.size('documents-test/v.txt')).toBeNull();
  });

  it('stages an upload under tmp/ and promotes it to its final key', async () => {
    const temp = await storage.putTemp(Readable.from([Buffer.from('%PDF-1.4 заявка')]));
    expect(temp.key).toMatch(/^tmp\/[0-9a-f-]{36}$/);
    await storage.promote(temp.key, 'orders/7/a1b2');
    expect(await storage.read(temp.key)).toBeNull();
    expect(text(await storage.read('orders/7/a1b2'))).toBe('%PDF-1.4 заявка');
  });

  it('leaves nothing of a write that was aborted or whose source failed', async () => {
    const endless = new PassThrough();
    endless.write(Buffer.alloc(1024));
    const controller = new AbortController();
    const pending = storage.putTemp(endless, { signal: controller.signal });
    await sleep(20);
    controller.abort(new Error('слишком большой'));
    await expect(pending).rejects.toThrow('слишком большой');

    const failing = new Readable({ read() { this.destroy(new Error('обрыв связи')); } });
    await expect(storage.put('orders/8/broken', failing)).rejects.toThrow('обрыв связи');
    expect(await storage.read('orders/8/broken')).toBeNull();
    await sleep(5);
    expect(await storage.sweepTemp(0)).toBe(0);
  });

  it('sweeps staged uploads older than the age and nothing else', async () => {
    const old = await storage.putTemp(new TextEncoder().encode('старый'));
    await sleep(1100);
    const fresh = await storage.putTemp(new TextEncoder().encode('новый'));
    expect(await storage.sweepTemp(1000)).toBe(1);
    expect(await storage.read(old.key)).toBeNull();
    expect(text(await storage.read(fresh.key))).toBe('новый');
    expect(text(await storage.read('orders/7/a1b2'))).toBe('%PDF-1.4 заявка');
    await storage.delete(fresh.key);
  });

  it('refuses keys that could leave their place or were not made by the code', async () => {
    const bad = ['../x', 'tmp/../../etc/passwd', '/etc/passwd', 'orders', 'Orders/1', 'orders//1', 'orders/.hidden', 'orders/1/a.part',
      'orders/1/a b', 'orders/1/счёт', 'orders/1/a%2F..', 'orders\\1', `orders/${'a'.repeat(300)}`, 'orders/1/..', 'orders/./1'];
    for (const key of bad) {
      await expect(storage.put(key, new Uint8Array([1])), key).rejects.toThrow('Bad storage key');
      await expect(storage.read(key), key).rejects.toThrow('Bad storage key');
      await expect(storage.open(key), key).rejects.toThrow('Bad storage key');
      await expect(storage.delete(key), key).rejects.toThrow('Bad storage key');
    }
    await expect(storage.promote('tmp/x', '../y')).rejects.toThrow('Bad storage key');
  });
});

describe('local disk', () => {
  it('writes only inside its root, through a temporary file renamed into place', async () => {
    const root = join(dir, 'root-only');
    const storage = new LocalDiskStorage(root);
    await storage.put('orders/1/f', Readable.from([Buffer.from('x')]));
    await storage.put('documents/a.pdf', new Uint8Array([1, 2]));
    expect((await readdir(root, { recursive: true })).sort()).toEqual(['documents', 'documents/a.pdf', 'orders', 'orders/1', 'orders/1/f']);
    // An mtime a day old is swept as an old upload would be.
    const temp = await storage.putTemp(new Uint8Array([3]));
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    await utimes(join(root, temp.key), dayAgo, dayAgo);
    expect(await storage.sweepTemp(24 * 3_600_000)).toBe(1);
  });
});

describe('S3', () => {
  it('keeps each area under its prefix in the one bucket; a store that refuses the keys is an error, not a missing file', async () => {
    const config = loadConfig({ ...s3.env, S3_PREFIX: 'shop/' });
    await fileStorage(config, 'documents').put('invoices/1-abc.pdf', new TextEncoder().encode('%PDF'));
    await fileStorage(config, 'images').put('images/ab/320.webp', new Uint8Array([1]));
    const wrong = new S3Storage({ endpoint: s3.endpoint, bucket: TEST_BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'не-тот-секрет', region: 'us-east-1', forcePathStyle: true, prefix: 'shop/documents/' });
    await expect(wrong.read('invoices/1-abc.pdf')).rejects.toSatisfy((e) => e instanceof S3Error && e.status === 403 && e.code === 'SignatureDoesNotMatch');
    expect(text(await fileStorage(config, 'documents').read('invoices/1-abc.pdf'))).toBe('%PDF');
    expect(await fileStorage(config, 'attachments').read('invoices/1-abc.pdf')).toBeNull();
  });

  it('addresses the bucket in the path or in the host name', () => {
    expect(bucketUrl({ endpoint: 'http://127.0.0.1:9000', bucket: 'shop', forcePathStyle: true }).href).toBe('http://127.0.0.1:9000/shop/');
    expect(bucketUrl({ endpoint: 'https://storage.yandexcloud.net/', bucket: 'agro-files', forcePathStyle: false }).href).toBe('https://agro-files.storage.yandexcloud.net/');
    expect(() => bucketUrl({ endpoint: 'https://s3.example', bucket: '../x', forcePathStyle: true })).toThrow('Bad S3 bucket name');
  });

  it('reads a listing page and its continuation', () => {
    const xml = `<?xml version="1.0"?><ListBucketResult><IsTruncated>true</IsTruncated>
      <Contents><Key>a/tmp/x&amp;y</Key><LastModified>2026-01-02T03:04:05.000Z</LastModified></Contents>
      <Contents><Key>a/tmp/z</Key><LastModified>2026-01-03T00:00:00Z</LastModified></Contents>
      <NextContinuationToken>tok/en=</NextContinuationToken></ListBucketResult>`;
    expect(parseListing(xml)).toEqual({
      objects: [{ key: 'a/tmp/x&y', modified: Date.parse('2026-01-02T03:04:05Z') }, { key: 'a/tmp/z', modified: Date.parse('2026-01-03T00:00:00Z') }],
      next: 'tok/en=',
    });
    expect(parseListing('<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>')).toEqual({ objects: [], next: null });
  });

  it('is chosen by FILE_STORAGE=s3, which needs its settings', () => {
    expect(fileStorage(loadConfig(s3.env), 'attachments').backend).toBe('s3');
    expect(fileStorage(loadConfig({ ATTACHMENTS_DIR: join(dir, 'x') }), 'attachments').backend).toBe('local');
    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'shop' })).toThrow(/FILE_STORAGE=s3 needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...s3.env, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
  });
});
