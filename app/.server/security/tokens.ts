import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * CSRF tokens are signed random values (a signed double-submit cookie): the page gets the same
 * value in its meta tag and the XSRF-TOKEN cookie, and a mutation must echo it in a header or field.
 * Signing means an attacker who can plant a cookie on a sibling domain still cannot mint a valid one.
 */
export function issueCsrfToken(secret: string): string {
  const value = randomToken(18);
  return `${value}.${sign(secret, value)}`;
}

export function isValidCsrfToken(secret: string, token: string | undefined | null): boolean {
  if (!token) return false;
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  const expected = sign(secret, token.slice(0, dot));
  return safeEqual(expected, token.slice(dot + 1));
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function sign(secret: string, value: string): string {
  return createHmac('sha256', secret).update(`csrf:${value}`).digest('base64url');
}
