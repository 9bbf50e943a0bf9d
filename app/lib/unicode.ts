/**
 * True when the text has a lone UTF-16 surrogate (not valid Unicode: it cannot be stored or encoded).
 * A loop rather than String.prototype.isWellFormed, which browsers older than 2023 lack.
 */
export function hasLoneSurrogate(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = value.charCodeAt(i + 1);
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) { i++; continue; }
    return true;
  }
  return false;
}
