import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where orders' attachments live (ADR 041). Use cases see only this interface: the local disk now,
 * an S3-compatible store later (put = a multipart upload streamed from the request, promote = copy
 * and delete, open = GetObject's body, sweep = a lifecycle rule or a listing of the `tmp/` prefix).
 * Keys are made here and by the orders module, never taken from a request.
 */
export interface StoredObject {
  key: string;
  size: number;
  /** Hex SHA-256 of the bytes (part of the idempotency key's request hash). */
  sha256: string;
  /** The first bytes (up to `headBytes`), for recognising the type by content. */
  head: Buffer;
}

export interface AttachmentStorage {
  /** Streams `body` into a new temporary key; resolves once the bytes are durable. Never holds the whole file in memory. */
  putTemp(body: Readable, options?: { signal?: AbortSignal; headBytes?: number }): Promise<StoredObject>;
  /** Moves a temporary object to its final key (atomic on a local disk). */
  promote(tempKey: string, finalKey: string): Promise<void>;
  /** The object's bytes as a stream, or null when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes an object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes temporary objects older than the age (uploads cut off, orders never created). */
  sweepTemp(olderThanMs: number): Promise<number>;
}

const KEY = /^(?:tmp|orders)\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;
const HEAD_BYTES = 64 * 1024;

/** Local disk under a directory outside the web root: written to a `.part` file, fsync'd, renamed. */
export class LocalDiskStorage implements AttachmentStorage {
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`bad storage key ${JSON.stringify(key)}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error('storage key outside the root');
    return path;
  }

  async putTemp(body: Readable, options: { signal?: AbortSignal; headBytes?: number } = {}): Promise<StoredObject> {
    const key = `tmp/${randomUUID()}`;
    const path = this.pathOf(key);
    const part = `${path}.part`;
    await mkdir(dirname(path), { recursive: true });
    const hash = createHash('sha256');
    const wanted = options.headBytes ?? HEAD_BYTES;
    const head: Buffer[] = [];
    let headSize = 0;
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        hash.update(chunk);
        if (headSize < wanted) {
          const piece = chunk.subarray(0, wanted - headSize);
          head.push(Buffer.from(piece));
          headSize += piece.length;
        }
        done(null, chunk);
      },
    });
    const file = createWriteStream(part, { flags: 'wx' });
    const signal = options.signal;
    // A refused upload may leave the source neither ended nor failed: the abort settles the write.
    const aborted = new Promise<never>((_, reject) => {
      if (signal?.aborted) reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    aborted.catch(() => {});
    try {
      await Promise.race([pipeline(body, tap, file), aborted]);
      // The bytes reach the disk before the name does: a crash leaves a whole file or a .part.
      const handle = await open(part, 'r');
      try { await handle.sync(); } finally { await handle.close(); }
      await rename(part, path);
      await syncDir(dirname(path));
    } catch (error) {
      body.destroy();
      file.destroy();
      await new Promise<void>((done) => { if (file.closed) done(); else file.once('close', () => done()); });
      await rm(part, { force: true });
      throw error;
    }
    return { key, size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
  }

  async promote(tempKey: string, finalKey: string): Promise<void> {
    const to = this.pathOf(finalKey);
    await mkdir(dirname(to), { recursive: true });
    await rename(this.pathOf(tempKey), to);
    await syncDir(dirname(to));
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    let path: string;
    try { path = this.pathOf(key); } catch { return null; }
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { stream: createReadStream(path), size: info.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async sweepTemp(olderThanMs: number): Promise<number> {
    const dir = join(this.root, 'tmp');
    let names: string[];
    try { names = await readdir(dir); } catch { return 0; }
    const before = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      const path = join(dir, name);
      try {
        if ((await stat(path)).mtimeMs < before) { await rm(path, { force: true }); removed++; }
      } catch { /* removed meanwhile */ }
    }
    return removed;
  }
}

/** A rename is durable once its directory is synced (Linux; elsewhere a no-op where not allowed). */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try { await handle.sync(); } finally { await handle.close(); }
  } catch { /* not supported on this platform */ }
}

const storages = new Map<string, AttachmentStorage>();

/** The process's storage for a configured directory (one per directory: tests use their own). */
export function attachmentStorage(config: { ATTACHMENTS_DIR: string }): AttachmentStorage {
  let storage = storages.get(config.ATTACHMENTS_DIR);
  if (!storage) storages.set(config.ATTACHMENTS_DIR, (storage = new LocalDiskStorage(config.ATTACHMENTS_DIR)));
  return storage;
}
