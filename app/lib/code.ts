/** Confirmation codes (spec §5 code input, §4 the resend lock): the rules the code field and the server share. */

/** Spec §5/§9: step 2 can be submitted once the code has at least 4 characters. */
export const MIN_CODE_LENGTH = 4;
/** Spec §5/§9: the code input has 4 chunks of 1 character by default. */
export const CODE_CHUNKS = 4;
export const CODE_CHUNK_LENGTH = 1;
/** Spec §4/§9: a new code can be requested 30 s after start and after each retry, counted each second. */
export const RESEND_LOCK_SECONDS = 30;

/** Step 2 can be submitted once the code is MIN_CODE_LENGTH long. */
export function canSubmitCode(code: string): boolean {
  return code.trim().length >= MIN_CODE_LENGTH;
}

/* Code input (spec §5: 4 chunks of 1 alphanumeric character by default). */

export interface CodeLayout { chunks: number; chunkLength: number }

export const DEFAULT_CODE_LAYOUT: CodeLayout = { chunks: CODE_CHUNKS, chunkLength: CODE_CHUNK_LENGTH };

/** Letters and digits only; anything else (spaces, hyphens of a pasted '12-34') is dropped. */
export function sanitizeCode(text: string): string {
  return text.replace(/[^0-9a-z]/gi, '');
}

/** The chunks of a code value: as many as the layout has, each at most chunkLength long. */
export function splitCode(value: string, layout: CodeLayout = DEFAULT_CODE_LAYOUT): string[] {
  const clean = sanitizeCode(value).slice(0, layout.chunks * layout.chunkLength);
  return Array.from({ length: layout.chunks }, (_, i) => clean.slice(i * layout.chunkLength, (i + 1) * layout.chunkLength));
}

export function isCodeComplete(chunks: readonly string[], layout: CodeLayout = DEFAULT_CODE_LAYOUT): boolean {
  return chunks.length === layout.chunks && chunks.every((c) => c.length === layout.chunkLength);
}

export interface CodeEdit {
  chunks: string[];
  /** The chunk that should have focus after the edit. */
  focus: number;
}

/**
 * Text typed into chunk `index`. A full chunk moves focus on (auto-advance); more text than the
 * chunk holds (typing over a filled chunk, a pasted code) runs on into the following chunks.
 */
export function typeIntoChunk(chunks: readonly string[], index: number, text: string, layout: CodeLayout = DEFAULT_CODE_LAYOUT): CodeEdit {
  const clean = sanitizeCode(text);
  const next = [...chunks];
  if (clean.length <= layout.chunkLength) {
    next[index] = clean;
    const focus = clean.length === layout.chunkLength ? Math.min(index + 1, layout.chunks - 1) : index;
    return { chunks: next, focus };
  }
  let rest = clean;
  let i = index;
  for (; i < layout.chunks && rest !== ''; i += 1) {
    next[i] = rest.slice(0, layout.chunkLength);
    rest = rest.slice(layout.chunkLength);
  }
  return { chunks: next, focus: Math.min(i, layout.chunks - 1) };
}

/** A pasted code fills every chunk from the first, whichever chunk had focus. */
export function pasteCode(text: string, layout: CodeLayout = DEFAULT_CODE_LAYOUT): CodeEdit {
  const chunks = splitCode(text, layout);
  const filled = chunks.filter((c) => c !== '').length;
  return { chunks, focus: Math.min(filled, layout.chunks - 1) };
}

/** Backspace: empties the chunk, or, when it is already empty, the one before and goes back to it. */
export function backspaceChunk(chunks: readonly string[], index: number): CodeEdit {
  const next = [...chunks];
  if (next[index]) {
    next[index] = next[index]!.slice(0, -1);
    return { chunks: next, focus: index };
  }
  if (index === 0) return { chunks: next, focus: 0 };
  next[index - 1] = next[index - 1]!.slice(0, -1);
  return { chunks: next, focus: index - 1 };
}

/** The resend lock as m:ss (spec §4 'Получить новый код можно через m:ss'). */
export function formatLockTime(seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export function lockText(seconds: number): string {
  return `Получить новый код можно через ${formatLockTime(seconds)}`;
}

/** Seconds left of the 30 s lock that started at `lockedAtMs`; the countdown ticks each second. */
export function lockSecondsLeft(lockedAtMs: number, nowMs: number): number {
  const elapsed = Math.floor((nowMs - lockedAtMs) / 1000);
  return Math.min(RESEND_LOCK_SECONDS, Math.max(0, RESEND_LOCK_SECONDS - elapsed));
}
