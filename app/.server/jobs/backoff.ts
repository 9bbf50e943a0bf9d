import type { RetryPolicy } from './kinds.ts';

/**
 * The wait after the `failedAttempts`-th failed try: the policy's base, doubled after each further
 * failure, never more than its maximum (30 s, 1 min, 2 min … for the letters, ADR 075).
 */
export function retryDelayMs(failedAttempts: number, policy: RetryPolicy): number {
  const exponent = Math.max(0, Math.min(failedAttempts - 1, 40));
  return Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
}
