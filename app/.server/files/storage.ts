import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

/**
 * The one interface to stored files (ADR 077): orders' attachments, printed documents, images.
 * Two backends answer it alike: the local disk (`LocalDiskStorage`, the default) and an
 * S3-compatible store (`S3Storage`). Keys are made by the code that stores, never taken from a
 * request unchecked: `assertKey` refuses anything but folders and names of safe characters.
 */
export interface StoredObject {
  key: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** The first bytes (up to `headBytes`), for recognising the type by content. */
  head: Buffer;
}

export interface PutOptions {
  /** Aborts a streamed write: the partial object is removed and the call rejects with the reason. */
  signal?: AbortSignal;
  /** How many first bytes to return in `head` (64 KB unless told). */
  headBytes?: number;
  /** Stored with the object where the backend keeps it (S3); the local disk does not. */
  contentType?: string;
}

export interface OpenedObject {
  stream: Readable;
  size: number;
}

export interface FileStorage {
  readonly backend: 'local' | 's3';
  /**
   * Streams `body` to `key`, replacing what is there; resolves once the bytes are durable and the
   * object is whole under its key (a reader sees the old object or the new one, never half of one).
   * Never holds a streamed file whole in memory.
   */
  put(key: string, body: Readable | Uint8Array, options?: PutOptions): Promise<StoredObject>;
  /** `put` under a new key in `tmp/` (an upload not yet owned by anything; swept after a day). */
  putTemp(body: Readable | Uint8Array, options?: PutOptions): Promise<StoredObject>;
  /** Moves an object to another key (a rename on the local disk, copy and delete on S3). */
  promote(fromKey: string, toKey: string): Promise<void>;
  /** The object's bytes as a stream, or null when there is none. */
  open(key: string): Promise<OpenedObject | null>;
  /** The object's bytes, or null when there is none (for small objects: documents, manifests). */
  read(key: string): Promise<Uint8Array | null>;
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes an object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes objects under `tmp/` older than the age (uploads cut off, orders never created). */
  sweepTemp(olderThanMs: number): Promise<number>;
}

/** A key: a lower-case first folder, then names of letters, digits, `_`, `-` and `.`. */
const KEY = /^[a-z0-9][a-z0-9-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/;
export const KEY_MAX_LENGTH = 300;

/** Whether `key` is one the storage accepts (no `..`, no hidden names, no `.part` names of the disk's writes). */
export function isStorageKey(key: string): boolean {
  return key.length <= KEY_MAX_LENGTH && KEY.test(key) && !key.split('/').some((s) => s.includes('..') || s.endsWith('.part'));
}

export function assertKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Bad storage key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

export const HEAD_BYTES = 64 * 1024;

/** A pass-through that counts, hashes and keeps the first bytes of what flows through it. */
export function tapOf(headBytes = HEAD_BYTES) {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      if (headSize < headBytes) {
        const piece = chunk.subarray(0, headBytes - headSize);
        head.push(Buffer.from(piece));
        headSize += piece.length;
      }
      done(null, chunk);
    },
  });
  return {
    stream,
    result: (key: string): StoredObject => ({ key, size, sha256: hash.digest('hex'), head: Buffer.concat(head) }),
  };
}

/** What bytes already in memory are, as a stored object. */
export function describeBytes(key: string, bytes: Uint8Array, headBytes = HEAD_BYTES): StoredObject {
  return {
    key, size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex'),
    head: Buffer.from(bytes.subarray(0, headBytes)),
  };
}

/** A promise that rejects when the signal aborts (never settles otherwise); its rejection is handled. */
export function abortedBy(signal: AbortSignal | undefined): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {});
  return aborted;
}

/** Reads a stream whole (small objects only). */
export async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
