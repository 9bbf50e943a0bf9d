import { describe, expect, it } from 'vitest';
import { PASSWORD_BUSY_MESSAGE, PasswordBusyError, hashPassword, verifyAgainstNothing, verifyPassword } from './password.server.ts';

describe('passwords', () => {
  it('hashes with argon2id and a fresh salt, and verifies', async () => {
    const a = await hashPassword('трактор-82');
    const b = await hashPassword('трактор-82');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('трактор-82', a)).toBe(true);
    expect(await verifyPassword('трактор-83', a)).toBe(false);
    expect(await verifyPassword('трактор-82', 'not-a-hash')).toBe(false);
  });

  it('takes about as long when there is nothing to compare against', async () => {
    const hash = await hashPassword('secret1');
    await verifyAgainstNothing('warm-up');
    // The fastest of several runs: a busy machine only ever adds time, so minima compare the work.
    const fastest = async (work: () => Promise<unknown>) => {
      let best = Infinity;
      for (let i = 0; i < 5; i += 1) {
        const t0 = performance.now();
        await work();
        best = Math.min(best, performance.now() - t0);
      }
      return best;
    };
    const real = await fastest(() => verifyPassword('secret2', hash));
    const dummy = await fastest(async () => expect(await verifyAgainstNothing('secret2')).toBe(false));
    expect(dummy).toBeGreaterThan(real / 2);
  });
});

describe('stored format and bounded hashing', () => {
  it('verifies hashes written by hash-wasm, and hash-wasm verifies ours (the stored PHC format is unchanged)', async () => {
    const { argon2Verify, argon2id } = await import('hash-wasm');
    const { randomBytes } = await import('node:crypto');
    const old = await argon2id({ parallelism: 1, iterations: 2, memorySize: 19_456, hashLength: 32, password: 'сеялка-1', salt: randomBytes(16), outputType: 'encoded' });
    expect(await verifyPassword('сеялка-1', old)).toBe(true);
    expect(await verifyPassword('сеялка-2', old)).toBe(false);
    const ours = await hashPassword('сеялка-1');
    expect(await argon2Verify({ password: 'сеялка-1', hash: ours })).toBe(true);
    expect(await argon2Verify({ password: 'сеялка-2', hash: ours })).toBe(false);
  });

  it('runs 2 hashes at a time, lets 64 wait and refuses the rest at once with PasswordBusyError', async () => {
    const hash = await hashPassword('secret1');
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => verifyPassword('secret1', hash)));
    expect(results.filter((r) => r.status === 'fulfilled' && r.value === true)).toHaveLength(66);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(34);
    expect(refused.every((r) => r.status === 'rejected' && r.reason instanceof PasswordBusyError)).toBe(true);
    expect(PASSWORD_BUSY_MESSAGE).toBe('Сервер перегружен входами. Попробуйте ещё раз через минуту');
  }, 30_000);
});
