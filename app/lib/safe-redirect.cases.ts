/**
 * Hostile redirect addresses: every one must be refused, by the unit test of safe-redirect.ts and
 * end to end through /login and /auth-social (server/security/boundary.security.test.ts).
 * Test data only; no app code imports it.
 */
export const HOSTILE_REDIRECTS: readonly string[] = [
  // Other hosts, plain and protocol-relative.
  'https://evil.example',
  'http://evil.example/path',
  'HTTPS://EVIL.EXAMPLE',
  '//evil.example',
  '///evil.example',
  '////evil.example',
  // Backslashes: browsers read '\' as '/'.
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  // Dot segments that resolve to '//host'.
  '/.//evil.example',
  '/a/..//evil.example',
  '/..//evil.example',
  '/././/evil.example',
  '/a/b/../..//evil.example',
  '/%2e//evil.example',
  '/%2E//evil.example',
  '/%2e%2e//evil.example',
  '/a/%2E%2e//evil.example',
  '/.%2e//evil.example',
  // Encoded slashes, backslashes and double encoding.
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5cevil.example',
  '/%5C%5Cevil.example',
  '/%252e//evil.example',
  '/%252F%252Fevil.example',
  // Control characters and whitespace dropped or trimmed by URL parsing.
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\u0000/evil.example',
  '/%09/evil.example',
  '/%00/evil.example',
  ' //evil.example',
  '/\u007f/evil.example',
  '/\u0085/evil.example',
  '/\u00a0/evil.example',
  '/\u2028/evil.example',
  '/\ufeff/evil.example',
  // Schemes.
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'mailto:x@evil.example',
  // Unicode slash look-alikes and lone surrogates.
  '/\uff0f/evil.example',
  '/\u2215\u2215evil.example',
  '/\u2044evil.example',
  '/\uff3cevil.example',
  '/\ud800/evil.example',
  '/\udfff',
  // Not a path at all, or a loop back into the social sign-in.
  'evil.example',
  '',
  '/auth-social?authclient=ok',
  '/auth-social/callback/ok',
  '/AUTH-SOCIAL/../auth-social',
  '/%2e/auth-social',
  // Very long.
  `/${'a'.repeat(2048)}`,
  `/${'./'.repeat(1200)}/evil.example`,
];
