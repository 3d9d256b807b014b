// A RateLimitStore over rate-limiter-flexible limiters, one per window, through their public
// consume and reward only: a refusal (the RateLimiterRes it rejects with) is a count like any other.
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitStore, Spend, StoreWindow, WindowCount } from './store';

export function createLimiterStore(createLimiter: (window: StoreWindow) => RateLimiterAbstract): RateLimitStore {
  const limiters = new Map<StoreWindow, RateLimiterAbstract>();
  const limiterOf = (window: StoreWindow): RateLimiterAbstract => {
    let limiter = limiters.get(window);
    if (limiter === undefined) {
      limiter = createLimiter(window);
      limiters.set(window, limiter);
    }
    return limiter;
  };
  return {
    consume(spends: readonly Spend[]): Promise<WindowCount[]> {
      // The windows go out in the same tick (with Redis, one auto-pipelined round trip).
      return Promise.all(
        spends.map(async ({ window, key, points }) => {
          let result: RateLimiterRes;
          try {
            result = await limiterOf(window).consume(key, points);
          } catch (error) {
            if (!(error instanceof RateLimiterRes)) throw error;
            result = error;
          }
          return { consumed: result.consumedPoints, resetMs: result.msBeforeNext };
        }),
      );
    },
    async reward(spends: readonly Spend[]): Promise<void> {
      await Promise.all(spends.map(({ window, key, points }) => limiterOf(window).reward(key, points)));
    },
  };
}
