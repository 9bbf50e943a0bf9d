import { hasLoneSurrogate } from './unicode.ts';

/**
 * The one redirect check of the whole app (server and browser): where to go after a sign-in, a
 * registration, a social sign-in (spec §2 hidden redirect-url field, `?redirect=` of /login,
 * /signup and /auth-social). Only a path of this site passes; anything else is null.
 *
 * The check runs on the address AFTER it is normalised the way a browser and the server will read
 * it: percent-encoded dots are decoded, dot segments resolved. Checking the raw text is not enough:
 * '/.//evil.example', '/a/..//evil.example' and '/%2e//evil.example' all start with a single '/',
 * yet resolve to '//evil.example', which a browser follows to another host.
 */

/** Longer addresses are not links a visitor would follow; they are refused rather than cut. */
export const MAX_REDIRECT_LENGTH = 2048;

/**
 * Paths that must never be returned to: the social sign-in start would begin the sign-in again
 * (a loop). Kept equal to AUTH_SOCIAL_PATH of auth's oauth.constants.ts by a test; app/lib may not
 * import a module.
 */
export const NO_RETURN_PATHS: readonly string[] = ['/auth-social'];

const ORIGIN = 'http://same-site.invalid';

/*
 * Refused anywhere in the address: C0 controls, space and DEL, C1 controls (URL parsing drops tabs
 * and newlines, so '/\t/evil' would become '//evil'), the backslash (browsers read it as '/'),
 * Unicode spaces and the slash look-alikes (fraction slash, division slash, set minus, big solidus,
 * small and fullwidth solidus / reverse solidus) that a later normalisation could turn into '/'.
 */
const FORBIDDEN_CHARS = /[\u0000-\u0020\u007f-\u00a0\\\u1680\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff\u2044\u2215\u2216\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c]/;

/*
 * Percent-encoded forms refused anywhere: encoded controls, and in the path encoded '/', '\' and
 * '%' (a double encoding such as %252e is a decoder's second pass waiting to happen). No page of the
 * shop has such characters in its path.
 */
const FORBIDDEN_ENCODED = /%(?:[01][0-9a-f]|7f)/i;
const FORBIDDEN_ENCODED_IN_PATH = /%(?:2f|5c|25)/i;

/** A same-site path with its query and hash (dot segments resolved), or null. */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return null;
  if (hasLoneSurrogate(value) || FORBIDDEN_CHARS.test(value) || FORBIDDEN_ENCODED.test(value)) return null;

  const end = value.search(/[?#]/);
  const rawPath = end === -1 ? value : value.slice(0, end);
  const rest = end === -1 ? '' : value.slice(end);
  if (FORBIDDEN_ENCODED_IN_PATH.test(rawPath)) return null;
  // '%2e' is a dot to the URL parser's dot-segment rule ('/%2e%2e/' is '/../'); decode it first so the
  // resolution below sees what any later reader would.
  const path = rawPath.replace(/%2e/gi, '.');
  if (!path.startsWith('/') || path.startsWith('//')) return null;

  let url: URL;
  try {
    url = new URL(path + rest, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const target = url.pathname + url.search + url.hash;
  // The normalised result is what the Location header will say: check it again.
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (NO_RETURN_PATHS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return null;
  return target;
}

/** safeRedirect with a fallback for places that always go somewhere (the home page by default). */
export function redirectTarget(value: unknown, fallback = '/'): string {
  return safeRedirect(value) ?? fallback;
}
