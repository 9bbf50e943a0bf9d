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

/**
 * A value the browser keeps for us but cannot forge or alter (a short-lived cookie): base64url(JSON)
 * '.' HMAC-SHA256 of it under `purpose`, so a value sealed for one purpose never opens for another.
 */
export function sealValue(secret: string, purpose: string, payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sealSignature(secret, purpose, body)}`;
}

/** The payload when the signature is ours and it parses with `parse` (a schema's safeParse), else null. */
export function openValue<T>(secret: string, purpose: string, value: string | undefined | null, parse: (data: unknown) => { success: true; data: T } | { success: false }): T | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const body = value.slice(0, dot);
  if (!safeEqual(sealSignature(secret, purpose, body), value.slice(dot + 1))) return null;
  try {
    const parsed = parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function sealSignature(secret: string, purpose: string, body: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${body}`).digest('base64url');
}
