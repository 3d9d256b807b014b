// Rate-limit counts in Redis (rate-limiter-flexible's RateLimiterRedis, one per window), behind a
// circuit breaker: a call that fails or takes longer than the timeout opens it, and Redis is then
// skipped for REDIS_RETRY_MS before one probe asks it again, so a Redis that hangs costs one
// timeout, not one per request. A skipped or failed call rejects; the caller counts in memory.
import type * as IoRedis from 'ioredis';
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { createCircuitBreaker } from './circuit-breaker';
import { createLimiterStore } from './limiter-store';
import type { RateLimitStore } from './store';

/** How long Redis is skipped after a failed or slow call before one probe asks it again. */
export const REDIS_RETRY_MS = 1_000;
const DEFAULT_REDIS_TIMEOUT_MS = 50;
const REDIS_READY_WAIT_MS = 2_000;

export interface RedisLimitStoreOptions {
  url: string;
  /** Longest wait for one Redis call (default 50 ms). */
  timeoutMs?: number;
  /** Told when Redis starts or stops taking the counts (`false`: they are counted in memory). */
  onAvailable?: (available: boolean) => void;
}

export interface RedisLimitStore extends RateLimitStore {
  /** Whether Redis is taking the counts just now. */
  available(): boolean;
  /** Resolves once Redis answers, or after a short wait (the counts are then kept in memory). */
  ready(): Promise<void>;
  close(): void;
}

/** Thrown instead of calling Redis while the breaker is open. */
class RedisSkipped extends Error {
  constructor() {
    super('Redis is skipped for a moment after a failed or slow call');
  }
}

export function createRedisLimitStore(options: RedisLimitStoreOptions): RedisLimitStore {
  let available = false;
  let closing = false;
  const moveTo = (next: boolean) => {
    if (next === available) return;
    available = next;
    options.onAvailable?.(next);
  };
  // Loaded only when Redis is configured: the embedded default never needs the client.
  const { Redis: RedisClient } = require('ioredis') as typeof IoRedis;
  // No offline queue and one try per command: a down Redis fails fast; a hung one times out.
  const client: Redis = new RedisClient(options.url, {
    enableOfflineQueue: false,
    // The windows of a scope are asked in the same tick: they go to Redis as one pipeline.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    commandTimeout: options.timeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS,
    lazyConnect: false,
    // Once closing, a connection attempt still under way must not schedule another.
    retryStrategy: (times) => (closing ? null : Math.min(times * 50, 2000)),
  });
  const breaker = createCircuitBreaker({
    openMs: REDIS_RETRY_MS,
    onChange: (state) => {
      if (state === 'open') moveTo(false);
      else if (state === 'closed' && client.status === 'ready') moveTo(true);
    },
  });
  client.on('error', () => {
    // Connection errors are expected while Redis is down; the in-memory counts cover them.
  });
  client.on('ready', () => {
    if (breaker.state() === 'closed') moveTo(true);
  });
  client.on('close', () => moveTo(false));

  const store = createLimiterStore(
    ({ keyPrefix, points, seconds }) => new RateLimiterRedis({ storeClient: client, keyPrefix, points, duration: seconds, rejectIfRedisNotReady: true }),
  );
  const guarded = async <T>(call: () => Promise<T>): Promise<T> => {
    if (!breaker.allow()) throw new RedisSkipped();
    try {
      const result = await call();
      breaker.succeeded();
      return result;
    } catch (error) {
      breaker.failed();
      throw error;
    }
  };

  return {
    consume: (spends) => guarded(() => store.consume(spends)),
    reward: (spends) => guarded(() => store.reward(spends)),
    available: () => available,
    async ready() {
      if (client.status === 'ready') return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          client.off('ready', done);
          resolve();
        };
        const timer = setTimeout(done, REDIS_READY_WAIT_MS);
        client.once('ready', done);
      });
    },
    close() {
      closing = true;
      client.disconnect();
    },
  };
}
