/** The encodings the server can send, in the order it prefers them when a client accepts several equally. */
export type Encoding = 'zstd' | 'br' | 'gzip';

/**
 * Picks the best of `available` that the Accept-Encoding header allows (RFC 9110 §12.5.3): an
 * explicit q wins, `*` covers encodings not named, q=0 refuses. Ties go to the order of `available`.
 * Returns null for identity (no header, nothing acceptable).
 */
export function chooseEncoding<E extends Encoding>(header: string | undefined | null, available: readonly E[]): E | null {
  if (!header || available.length === 0) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'q') {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    weights.set(name, q);
  }
  let best: E | null = null;
  let bestQ = 0;
  for (const encoding of available) {
    const q = weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
    if (q > bestQ) { best = encoding; bestQ = q; }
  }
  return best;
}
