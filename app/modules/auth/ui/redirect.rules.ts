/** Longer addresses are not links a visitor would follow; they are refused rather than cut. */
const MAX_REDIRECT_LENGTH = 2048;
const BASE = 'http://same-site.invalid';

/**
 * The address to go to after a successful auth step (spec §2 hidden redirect-url field, the
 * `?redirect=` of /login and /signup), or null when it is not a path of this site.
 * Only a path with a single leading '/' passes: '//evil' and '/\evil' are protocol-relative to the
 * browser (it reads '\' as '/'), and tabs or newlines are dropped by URL parsing, so any control
 * character, whitespace or backslash refuses the address.
 */
export function safeRedirect(path: string | null | undefined): string | null {
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_REDIRECT_LENGTH) return null;
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  if (/[\\\s\u0000-\u001f\u007f]/.test(path)) return null;
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return url.pathname + url.search + url.hash;
}
