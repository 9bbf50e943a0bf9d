import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { abortedBy, assertKey, describeBytes, tapOf, type FileStorage, type OpenedObject, type PutOptions, type StoredObject } from './storage.ts';

/**
 * Files on the local disk under a directory outside the web root (ADR 041, 077): written to a
 * `.part` file beside the key, fsync'd, renamed into place and the directory synced, so a crash
 * leaves the old file or the new one, never half of one. Keys are checked and resolved inside the root.
 */
export class LocalDiskStorage implements FileStorage {
  readonly backend = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    const path = resolve(this.root, assertKey(key));
    if (!path.startsWith(this.root + sep)) throw new Error('Bad storage key: outside the root');
    return path;
  }

  put(key: string, body: Readable | Uint8Array, options: PutOptions = {}): Promise<StoredObject> {
    return this.write(key, body, options);
  }

  putTemp(body: Readable | Uint8Array, options: PutOptions = {}): Promise<StoredObject> {
    return this.write(`tmp/${randomUUID()}`, body, options);
  }

  private async write(key: string, body: Readable | Uint8Array, options: PutOptions): Promise<StoredObject> {
    const path = this.pathOf(key);
    const part = `${path}.${randomBytes(6).toString('hex')}.part`;
    await mkdir(dirname(path), { recursive: true });
    if (body instanceof Uint8Array) {
      try {
        await writeFile(part, body, { flag: 'wx', flush: true });
        await rename(part, path);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
      await syncDir(dirname(path));
      return describeBytes(key, body, options.headBytes);
    }
    const tap = tapOf(options.headBytes);
    const file = createWriteStream(part, { flags: 'wx' });
    try {
      // A refused upload may leave the source neither ended nor failed: the abort settles the write.
      await Promise.race([pipeline(body, tap.stream, file), abortedBy(options.signal)]);
      // The bytes reach the disk before the name does.
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
    return tap.result(key);
  }

  async promote(fromKey: string, toKey: string): Promise<void> {
    const to = this.pathOf(toKey);
    await mkdir(dirname(to), { recursive: true });
    await rename(this.pathOf(fromKey), to);
    await syncDir(dirname(to));
  }

  async open(key: string): Promise<OpenedObject | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { stream: createReadStream(path), size: info.size };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.pathOf(key)));
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
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

function missing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** A rename is durable once its directory is synced (Linux; elsewhere a no-op where not allowed). */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try { await handle.sync(); } finally { await handle.close(); }
  } catch { /* not supported on this platform */ }
}
