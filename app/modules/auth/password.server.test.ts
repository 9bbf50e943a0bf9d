import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password.server.ts';

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
    const t0 = performance.now();
    await verifyPassword('secret2', hash);
    const real = performance.now() - t0;
    const t1 = performance.now();
    expect(await verifyAgainstNothing('secret2')).toBe(false);
    const dummy = performance.now() - t1;
    expect(dummy).toBeGreaterThan(real / 3);
  });
});
