import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { abortedBy, assertKey, describeBytes, readAll, tapOf, type FileStorage, type OpenedObject, type PutOptions, type StoredObject } from './storage.ts';

export interface S3Settings {
  /** The service's address, e.g. https://storage.yandexcloud.net or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Bucket in the path (`endpoint/bucket/key`: MinIO, most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
  /** Prepended to every key: one bucket holds several kinds of files (`attachments/`, `documents/`). */
  prefix: string;
  /** Longest wait for a response's headers, in ms. */
  timeoutMs?: number;
}

/** The store answered something other than what the call expects. */
export class S3Error extends Error {
  readonly status: number;
  readonly code: string;
  constructor(operation: string, status: number, code: string) {
    super(`S3 ${operation}: ${status}${code ? ` ${code}` : ''}`);
    this.name = 'S3Error';
    this.status = status;
    this.code = code;
  }
}

type Body = { bytes: Uint8Array } | { file: string; size: number };

const RETRIES = 2;

/**
 * An S3-compatible store through signed HTTP requests (`aws4fetch`): PutObject, GetObject,
 * HeadObject, CopyObject, DeleteObject, ListObjectsV2 — all this storage needs. A streamed upload
 * is spooled to a temporary file first (hashed as it arrives), then sent with its length and its
 * SHA-256 signed, so the store refuses a body damaged on the way; memory holds one chunk at a time.
 * A PUT replaces the object whole: a reader sees the old object or the new one.
 */
export class S3Storage implements FileStorage {
  readonly backend = 's3' as const;
  readonly #client: AwsClient;
  readonly #settings: S3Settings;
  readonly #base: URL;

  constructor(settings: S3Settings) {
    this.#settings = settings;
    this.#client = new AwsClient({
      accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey,
      service: 's3', region: settings.region, retries: 0,
    });
    this.#base = bucketUrl(settings);
  }

  /** The object's address; keys are checked, so they need no escaping beyond the safe set. */
  #url(key: string, query?: Record<string, string>): URL {
    const url = new URL(this.#settings.prefix + assertKey(key), this.#base);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    return url;
  }

  async #request(operation: string, url: URL, init: { method: string; headers?: Record<string, string>; body?: Body; signal?: AbortSignal }): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { ...init.headers };
      let body: BodyInit | undefined;
      if (init.body && 'bytes' in init.body) {
        body = init.body.bytes as Uint8Array<ArrayBuffer>;
      } else if (init.body) {
        body = Readable.toWeb(createReadStream(init.body.file)) as ReadableStream<Uint8Array>;
        headers['Content-Length'] = String(init.body.size);
      }
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new Error(`S3 ${operation}: no answer within ${this.#settings.timeoutMs ?? 30_000} ms`)), this.#settings.timeoutMs ?? 30_000);
      const signal = init.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal;
      try {
        const signed = await this.#client.sign(url.toString(), { method: init.method, headers, body, duplex: 'half' } as RequestInit);
        const response = await fetch(signed, { signal });
        // Retried: a server error or a throttled request, while the attempts last (every body can be sent again).
        if ((response.status >= 500 || response.status === 429) && attempt < RETRIES) {
          await response.body?.cancel();
          await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
          continue;
        }
        return response;
      } catch (error) {
        if (init.signal?.aborted || attempt >= RETRIES) throw error;
        await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      } finally {
        clearTimeout(timer);
      }
    }
  }

  async #fail(operation: string, response: Response): Promise<never> {
    const text = await response.text().catch(() => '');
    throw new S3Error(operation, response.status, /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? '');
  }

  async put(key: string, body: Readable | Uint8Array, options: PutOptions = {}): Promise<StoredObject> {
    assertKey(key);
    return this.#put(key, body, options);
  }

  putTemp(body: Readable | Uint8Array, options: PutOptions = {}): Promise<StoredObject> {
    return this.#put(`tmp/${randomUUID()}`, body, options);
  }

  async #put(key: string, body: Readable | Uint8Array, options: PutOptions): Promise<StoredObject> {
    const headers: Record<string, string> = options.contentType ? { 'Content-Type': options.contentType } : {};
    if (body instanceof Uint8Array) {
      const stored = describeBytes(key, body, options.headBytes);
      await this.#send(key, { bytes: body }, stored.sha256, headers, options.signal);
      return stored;
    }
    const spool = await mkdtemp(join(tmpdir(), 's3-spool-'));
    const file = join(spool, 'body');
    try {
      const tap = tapOf(options.headBytes);
      const out = createWriteStream(file, { flags: 'wx' });
      try {
        await Promise.race([pipeline(body, tap.stream, out), abortedBy(options.signal)]);
      } catch (error) {
        body.destroy();
        out.destroy();
        await new Promise<void>((done) => { if (out.closed) done(); else out.once('close', () => done()); });
        throw error;
      }
      const stored = tap.result(key);
      await this.#send(key, { file, size: (await stat(file)).size }, stored.sha256, headers, options.signal);
      return stored;
    } finally {
      await rm(spool, { recursive: true, force: true });
    }
  }

  async #send(key: string, body: Body, sha256: string, headers: Record<string, string>, signal?: AbortSignal): Promise<void> {
    const response = await this.#request('PutObject', this.#url(key), {
      method: 'PUT', body, signal, headers: { ...headers, 'X-Amz-Content-Sha256': sha256 },
    });
    if (!response.ok) await this.#fail('PutObject', response);
    await response.body?.cancel();
  }

  async promote(fromKey: string, toKey: string): Promise<void> {
    const source = `/${this.#settings.bucket}/${this.#settings.prefix}${assertKey(fromKey)}`;
    const response = await this.#request('CopyObject', this.#url(toKey), { method: 'PUT', headers: { 'x-amz-copy-source': source } });
    // A copy may fail after its 200 has been sent: the error is then in the body.
    const text = await response.text();
    if (!response.ok || text.includes('<Error>')) {
      const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? '';
      throw new S3Error('CopyObject', response.ok ? 500 : response.status, code);
    }
    await this.delete(fromKey);
  }

  async open(key: string): Promise<OpenedObject | null> {
    const response = await this.#request('GetObject', this.#url(key), { method: 'GET' });
    if (response.status === 404) { await response.body?.cancel(); return null; }
    if (!response.ok || !response.body) await this.#fail('GetObject', response);
    return {
      stream: Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
      size: Number(response.headers.get('content-length') ?? 0),
    };
  }

  async read(key: string): Promise<Uint8Array | null> {
    const opened = await this.open(key);
    return opened ? readAll(opened.stream) : null;
  }

  async size(key: string): Promise<number | null> {
    const response = await this.#request('HeadObject', this.#url(key), { method: 'HEAD' });
    if (response.status === 404) return null;
    if (!response.ok) throw new S3Error('HeadObject', response.status, '');
    return Number(response.headers.get('content-length') ?? 0);
  }

  async delete(key: string): Promise<void> {
    const response = await this.#request('DeleteObject', this.#url(key), { method: 'DELETE' });
    if (!response.ok && response.status !== 404) await this.#fail('DeleteObject', response);
    await response.body?.cancel();
  }

  async sweepTemp(olderThanMs: number): Promise<number> {
    const before = Date.now() - olderThanMs;
    const prefix = `${this.#settings.prefix}tmp/`;
    let removed = 0;
    let token: string | null = null;
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix };
      if (token) query['continuation-token'] = token;
      const url = new URL(this.#base);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      const response = await this.#request('ListObjectsV2', url, { method: 'GET' });
      if (!response.ok) await this.#fail('ListObjectsV2', response);
      const listing = parseListing(await response.text());
      for (const object of listing.objects) {
        if (!object.key.startsWith(prefix) || !(object.modified < before)) continue;
        const key = object.key.slice(this.#settings.prefix.length);
        try { await this.delete(key); removed++; } catch { /* a key we would not have made: left alone */ }
      }
      token = listing.next;
    } while (token);
    return removed;
  }
}

/**
 * The bucket's address, ending in '/': `https://s3.example/bucket/` (path style) or
 * `https://bucket.s3.example/` (virtual-hosted, AWS's default).
 */
export function bucketUrl(settings: Pick<S3Settings, 'endpoint' | 'bucket' | 'forcePathStyle'>): URL {
  const endpoint = new URL(settings.endpoint);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(settings.bucket)) throw new Error(`Bad S3 bucket name: ${settings.bucket}`);
  const path = endpoint.pathname.replace(/\/+$/, '');
  return settings.forcePathStyle
    ? new URL(`${endpoint.origin}${path}/${settings.bucket}/`)
    : new URL(`${endpoint.protocol}//${settings.bucket}.${endpoint.host}${path}/`);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? '';
  });
}

/** The keys and times of a ListObjectsV2 answer, and the token of its next page. */
export function parseListing(xml: string): { objects: Array<{ key: string; modified: number }>; next: string | null } {
  const objects: Array<{ key: string; modified: number }> = [];
  for (const [, contents] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = /<Key>([\s\S]*?)<\/Key>/.exec(contents!)?.[1];
    const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(contents!)?.[1];
    if (key !== undefined && modified) objects.push({ key: unescapeXml(key), modified: Date.parse(modified) });
  }
  const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
  const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { objects, next: truncated && next ? unescapeXml(next) : null };
}
