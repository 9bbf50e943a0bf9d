import { describe, expect, it } from 'vitest';
import { isValidCsrfToken, issueCsrfToken } from './tokens.ts';

describe('CSRF tokens', () => {
  const secret = 'a'.repeat(40);

  it('accepts a token it issued', () => {
    expect(isValidCsrfToken(secret, issueCsrfToken(secret))).toBe(true);
  });

  it('rejects a token signed with another secret, a tampered one and an empty one', () => {
    const token = issueCsrfToken(secret);
    expect(isValidCsrfToken('b'.repeat(40), token)).toBe(false);
    expect(isValidCsrfToken(secret, `x${token}`)).toBe(false);
    expect(isValidCsrfToken(secret, '')).toBe(false);
    expect(isValidCsrfToken(secret, 'no-dot')).toBe(false);
  });
});
