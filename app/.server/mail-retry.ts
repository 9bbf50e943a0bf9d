/**
 * How the shop retries a letter that did not leave ('Написать нам', the order letters, the visitors'
 * requests): each is stored first, sent at once, and on failure tried again by the hourly
 * housekeeping with growing waits, until it is marked failed and left for employees to read.
 * (The back-office issue moves this onto its jobs table.)
 */

/** Tries per letter, the one at once included, before it is marked failed. */
export const MAIL_MAX_ATTEMPTS = 8;

/** While one process sends a letter no other picks it up; a send that hangs is retried after this. */
export const MAIL_LEASE_MS = 10 * 60_000;

/** Waits after the n-th failed try: 1 h, 2 h, 4 h … at most a day (the housekeeping runs hourly). */
export function mailRetryDelayMs(failedAttempts: number): number {
  return Math.min(2 ** Math.max(0, failedAttempts - 1), 24) * 60 * 60_000;
}
