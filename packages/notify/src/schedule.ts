// When an outbox row is tried: at once, then 1 min, 5 min, 30 min, 2 h and 12 h after the try
// before. Six tries over about 14.6 hours cover a mail server or endpoint down overnight.

const MINUTE = 60_000;

/** The wait before each retry, after the first try at once. */
export const RETRY_DELAYS_MS: readonly number[] = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 720 * MINUTE];

/** Tries in all: the first and one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * When to try next, given the tries made so far and the time of the last one (or of the row's
 * creation when none was made): `now` for a row never tried, null once every try is spent.
 */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  if (!Number.isInteger(attempts) || attempts < 0) throw new RangeError(`attempts must be a whole number from 0, got ${attempts}`);
  if (attempts === 0) return new Date(now.getTime());
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}
