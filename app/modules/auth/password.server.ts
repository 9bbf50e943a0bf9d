import * as nodeCrypto from 'node:crypto';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { argon2Verify, argon2id } from 'hash-wasm';
import { PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE } from './auth.constants.ts';

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane), stored in the PHC format
 * `$argon2id$v=19$m=19456,t=2,p=1$salt$hash` (what hash-wasm wrote before, so old hashes verify).
 *
 * Node 24's `crypto.argon2` computes in libuv's thread pool: the event loop stays free while a hash
 * runs (hash-wasm ran on the main thread and stalled every other request for ~90 ms per hash).
 * On a runtime without it (the machine's Node 20 running a script) hash-wasm is the fallback.
 */
const PARAMS = { parallelism: 1, iterations: 2, memorySize: 19_456, hashLength: 32 } as const;

type Algorithm = 'argon2id' | 'argon2i' | 'argon2d';
type Argon2 = (algorithm: Algorithm, parameters: { message: string; nonce: Buffer; parallelism: number; tagLength: number; memory: number; passes: number }, callback: (error: Error | null, key: Buffer) => void) => void;
// Read at run time: the installed @types/node may not declare it yet.
const nativeArgon2 = (nodeCrypto as unknown as { argon2?: Argon2 }).argon2;

/** The message of a sign-in refused because too many hashes are waiting (answered 503). */
export const PASSWORD_BUSY_MESSAGE = 'Сервер перегружен входами. Попробуйте ещё раз через минуту';

/** Thrown when the hashing queue is full: the caller answers 503 instead of queueing without end. */
export class PasswordBusyError extends Error {
  constructor() { super('password hashing queue is full'); }
}

/**
 * At most PASSWORD_HASH_CONCURRENCY hashes run at once (the thread pool has 4 threads and also reads
 * files and resolves names; each hash takes 19 MiB), at most PASSWORD_HASH_QUEUE wait; beyond that
 * the request is refused at once. A burst of sign-ins then costs a bounded amount of memory and CPU
 * and the other requests keep being served.
 */
class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly concurrency: number;
  private readonly queue: number;
  constructor(concurrency: number, queue: number) {
    this.concurrency = concurrency;
    this.queue = queue;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw new PasswordBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter (running stays the same), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

const gate = new Gate(PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE);

/** Hashes and checks started since the process began (the security tests count checks with it). */
export const passwordStats = { hashes: 0, verifications: 0 };

function derive(algorithm: Algorithm, password: string, salt: Buffer, p: { m: number; t: number; p: number; length: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => nativeArgon2!(algorithm, {
    message: password, nonce: salt, parallelism: p.p, tagLength: p.length, memory: p.m, passes: p.t,
  }, (error, key) => (error ? reject(error) : resolve(key))));
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  passwordStats.hashes += 1;
  const salt = randomBytes(16);
  return gate.run(async () => {
    if (!nativeArgon2) return argon2id({ ...PARAMS, password, salt, outputType: 'encoded' });
    const key = await derive('argon2id', password, salt, { m: PARAMS.memorySize, t: PARAMS.iterations, p: PARAMS.parallelism, length: PARAMS.hashLength });
    return `$argon2id$v=19$m=${PARAMS.memorySize},t=${PARAMS.iterations},p=${PARAMS.parallelism}$${b64(salt)}$${b64(key)}`;
  });
}

const PHC = /^\$(argon2id|argon2i|argon2d)\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{6,})$/;

/**
 * Whether the password matches a stored PHC string. A malformed stored hash never signs anyone in.
 * Throws PasswordBusyError when the hashing queue is full.
 */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  passwordStats.verifications += 1;
  return gate.run(async () => {
    if (!nativeArgon2) return argon2Verify({ password, hash }).catch(() => false);
    const parts = PHC.exec(hash);
    if (!parts) return false;
    const [, algorithm, m, t, p, salt, stored] = parts;
    const expected = Buffer.from(stored!, 'base64');
    try {
      const key = await derive(algorithm as Algorithm, password, Buffer.from(salt!, 'base64'), { m: Number(m), t: Number(t), p: Number(p), length: expected.length });
      return key.length === expected.length && timingSafeEqual(key, expected);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real check when there is no account (or no password), so response
 * times do not tell which e-mails and phones are registered.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64')).catch((error: unknown) => { dummyHash = null; throw error; });
  await verifyPassword(password, await dummyHash);
  return false;
}
