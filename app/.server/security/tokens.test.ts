import { describe, expect, it } from 'vitest';
import { csrfTokenId, isValidCsrfToken, issueCsrfToken } from './tokens.ts';

describe('CSRF tokens', () => {
  const secret = 'a'.repeat(40);
  const session = 'b'.repeat(64);

  it('accepts a token it issued for the same session, or for a visitor without one', () => {
    expect(isValidCsrfToken(secret, issueCsrfToken(secret, session), session)).toBe(true);
    expect(isValidCsrfToken(secret, issueCsrfToken(secret, ''), '')).toBe(true);
  });

  it('refuses a token of another session, one made before the session, and one after it', () => {
    expect(isValidCsrfToken(secret, issueCsrfToken(secret, 'c'.repeat(64)), session)).toBe(false);
    expect(isValidCsrfToken(secret, issueCsrfToken(secret, ''), session)).toBe(false);
    expect(isValidCsrfToken(secret, issueCsrfToken(secret, session), '')).toBe(false);
  });

  it('signs the same id again for a new session: the id stays, the token changes', () => {
    const guest = issueCsrfToken(secret, '');
    const signedIn = issueCsrfToken(secret, session, csrfTokenId(guest));
    expect(csrfTokenId(signedIn)).toBe(csrfTokenId(guest));
    expect(signedIn).not.toBe(guest);
    expect(isValidCsrfToken(secret, signedIn, session)).toBe(true);
  });

  it('rejects a token signed with another secret, a tampered one and an empty one', () => {
    const token = issueCsrfToken(secret, session);
    expect(isValidCsrfToken('b'.repeat(40), token, session)).toBe(false);
    expect(isValidCsrfToken(secret, `x${token}`, session)).toBe(false);
    expect(isValidCsrfToken(secret, '', session)).toBe(false);
    expect(isValidCsrfToken(secret, 'no-dot', session)).toBe(false);
  });
});
