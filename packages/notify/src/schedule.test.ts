import fc from 'fast-check';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, nextAttemptAt } from './schedule';

const now = new Date('2026-11-27T12:00:00.000Z');
const minutesAfter = (attempts: number) => {
  const next = nextAttemptAt(attempts, now);
  return next === null ? null : (next.getTime() - now.getTime()) / 60_000;
};

describe('nextAttemptAt', () => {
  it('tries at once, then 1 min, 5 min, 30 min, 2 h and 12 h after the try before, then never', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(minutesAfter)).toEqual([0, 1, 5, 30, 120, 720, null, null]);
    expect(MAX_ATTEMPTS).toBe(6);
  });

  it('spreads the six tries over 14 h 36 min', () => {
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBe((14 * 60 + 36) * 60_000);
  });

  it('never moves back in time and gives null exactly once the tries are spent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (attempts, at) => {
        const next = nextAttemptAt(attempts, at);
        if (attempts >= MAX_ATTEMPTS) return next === null;
        return next !== null && next.getTime() >= at.getTime();
      }),
    );
  });

  it('does not change the date it is given', () => {
    const at = new Date(now);
    nextAttemptAt(3, at);
    expect(at).toEqual(now);
  });

  it('refuses a count that is not a whole number from 0', () => {
    expect(() => nextAttemptAt(-1, now)).toThrow(RangeError);
    expect(() => nextAttemptAt(1.5, now)).toThrow('attempts must be a whole number from 0, got 1.5');
  });
});
