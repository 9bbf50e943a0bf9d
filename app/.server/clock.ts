/**
 * The server's clock. Every rule that depends on time (code locks and expiry, rate-limit windows,
 * link lifetimes) reads it here, so journeys can move time forward instead of waiting in real time.
 * Only a server started with NODE_ENV=test may move it (see the test clock route); production
 * and demo never do, because a movable clock would void every limit.
 */
let offsetMs = 0;

export function nowMs(): number {
  return Date.now() + offsetMs;
}

export function now(): Date {
  return new Date(nowMs());
}

/** Moves the clock forward (tests only). */
export function advanceClock(ms: number): void {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward');
  offsetMs += ms;
}

export function resetClock(): void {
  offsetMs = 0;
}
