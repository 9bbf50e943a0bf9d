import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * CSRF tokens are signed random values bound to the visitor's session (a signed double-submit
 * cookie): `<id>.<HMAC(secret, "csrf:" + binding + ":" + id)>`, where the binding is the session's
 * id, or '' for a visitor without a session. The page gets the same value in its meta tag and the
 * XSRF-TOKEN cookie, and a mutation must echo it in a header or field. Signing means nobody can
 * mint one; binding means a token the site minted for one session (anybody can get one) is refused
 * in another, even when planted as that browser's cookie (ADR 065). When the session changes, the
 * same id is signed again for the new one: the browser keeps its token's identity, never its
 * validity.
 */
export function issueCsrfToken(secret: string, binding: string, id = randomToken(18)): string {
  return `${id}.${sign(secret, binding, id)}`;
}

export function isValidCsrfToken(secret: string, token: string | undefined | null, binding: string): boolean {
  if (!token) return false;
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  return safeEqual(sign(secret, binding, token.slice(0, dot)), token.slice(dot + 1));
}

/** A token's random part: the same for a browser across its sessions (see issueCsrfToken). */
export function csrfTokenId(token: string): string {
  const dot = token.indexOf('.');
  return dot < 0 ? token : token.slice(0, dot);
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function sign(secret: string, binding: string, id: string): string {
  return createHmac('sha256', secret).update(`csrf:${binding}:${id}`).digest('base64url');
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
