/**
 * A word-level difference of two texts (ADR 100), for the editors' comparison of versions: the
 * common beginning and end are cut off, the rest is compared word by word (a longest common
 * subsequence) of words, punctuation and the spaces between them. Past a size where the table would be
 * too big (about four million cells) the changed middle is shown as one deletion and one insertion.
 */
export type DiffPart = { op: 'same' | 'ins' | 'del'; text: string };

const MAX_CELLS = 4_000_000;

/** Words, runs of punctuation and the whitespace between them, each a token of its own. */
export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}_]+|\s+|[^\p{L}\p{N}_\s]+/gu) ?? [];
}

export function wordDiff(before: string, after: string): DiffPart[] {
  const a = words(before);
  const b = words(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) { endA--; endB--; }
  const parts: DiffPart[] = [];
  const push = (op: DiffPart['op'], text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last && last.op === op) last.text += text; else parts.push({ op, text });
  };
  push('same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    push('del', midA.join(''));
    push('ins', midB.join(''));
  } else {
    // lcs[i][j]: the longest common subsequence of midA[i..] and midB[j..].
    const n = midA.length, m = midB.length;
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i]![j] = midA[i] === midB[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
      }
    }
    let i = 0, j = 0;
    while (i < n && j < m) {
      if (midA[i] === midB[j]) { push('same', midA[i]!); i++; j++; }
      else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) { push('del', midA[i]!); i++; }
      else { push('ins', midB[j]!); j++; }
    }
    while (i < n) push('del', midA[i++]!);
    while (j < m) push('ins', midB[j++]!);
  }
  push('same', a.slice(endA).join(''));
  return parts;
}

/** The readable text of an HTML fragment: tags dropped, blocks on lines of their own, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/h[1-6]|\/li|\/tr|\/blockquote|\/figure|\/table)\b[^>]*>/gi, '\n')
    .replace(/<img\b[^>]*\balt="([^"]*)"[^>]*>/gi, '[картинка: $1]')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

export interface FieldChange { field: string; label: string; before: string; after: string; parts: DiffPart[] }

/**
 * The fields that differ between two versions, in the order of `labels`: each as both values and
 * its word-level difference. Fields named in `html` are compared as their readable text.
 */
export function changedFieldsOf(
  before: Record<string, unknown>, after: Record<string, unknown>, labels: Record<string, string>, html: readonly string[] = [],
): FieldChange[] {
  const text = (field: string, v: unknown) => {
    const s = v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v, null, 1) : String(v);
    return html.includes(field) ? htmlToText(s) : s;
  };
  const changes: FieldChange[] = [];
  for (const [field, label] of Object.entries(labels)) {
    const was = text(field, before[field]);
    const now = text(field, after[field]);
    if (was !== now) changes.push({ field, label, before: was, after: now, parts: wordDiff(was, now) });
  }
  return changes;
}

/** `?compare=3..5` → [3, 5]; anything else → null. */
export function parseCompare(raw: string | null): [number, number] | null {
  const m = raw?.match(/^([1-9]\d{0,6})\.\.([1-9]\d{0,6})$/);
  return m ? [Number(m[1]), Number(m[2])] : null;
}
