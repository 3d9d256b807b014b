// Rate limits per client IP, exactly the table of docs/contract.md, in Redis when REDIS_URL is set or
// else in the shared database, so the REST and MCP processes count together either way. A Redis call
// that fails or takes longer than REDIS_TIMEOUT_MS is counted in memory instead, and a circuit
// breaker then skips Redis for a second before one probe asks it again: a Redis that hangs costs one
// timeout, not one per request. The in-memory count holds every point this process spends, in Redis
// or not, and a request must pass it too: moving between Redis and memory never lets one address
// spend a window's limit twice.
import { ServiceError } from '@shop/contracts';
import { StorageUnavailable } from '@shop/storage';
import type { Storage } from '@shop/storage';
import type * as IoRedis from 'ioredis';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { createCircuitBreaker } from './circuit-breaker';
import { clientKey } from './client-key';
import { LocalWindow } from './local-window';

export type LimitScope = 'reading' | 'pricing' | 'handoffs' | 'rfq_links' | 'mcp';

interface Window {
  points: number;
  seconds: number;
  name: 'minute' | 'day';
}

const MINUTE = 60;
const DAY = 86_400;

export const LIMITS: Record<LimitScope, { label: string; windows: Window[] }> = {
  reading: { label: 'Reading (materials, products, profiles, quotes)', windows: [{ points: 120, seconds: MINUTE, name: 'minute' }] },
  pricing: {
    label: 'Pricing (new quotes)',
    windows: [
      { points: 60, seconds: MINUTE, name: 'minute' },
      { points: 2_000, seconds: DAY, name: 'day' },
    ],
  },
  handoffs: {
    label: 'Order links',
    windows: [
      { points: 30, seconds: MINUTE, name: 'minute' },
      { points: 200, seconds: DAY, name: 'day' },
    ],
  },
  rfq_links: {
    label: 'Quote-request links',
    windows: [
      { points: 10, seconds: MINUTE, name: 'minute' },
      { points: 100, seconds: DAY, name: 'day' },
    ],
  },
  mcp: { label: 'Requests to the tool server', windows: [{ points: 600, seconds: MINUTE, name: 'minute' }] },
};

/**
 * Where the counts are kept just now: `redis`, `database` (the shared SQLite file or PostgreSQL), or
 * `memory` (Redis is set but cannot be reached: each process counts alone until it is back).
 */
export type LimitStore = 'redis' | 'database' | 'memory';

export interface RateLimits {
  /**
   * Spends one point of every window of the scope for the client (an IPv6 address counts by its
   * /64); throws 429 `rate_limited` past a limit. A refused request spends nothing in the windows
   * that would have let it through, so a day's limit is exactly that many requests.
   */
  consume(scope: LimitScope, clientIp: string): Promise<void>;
  /** Resolves once Redis answers (or after a short wait, leaving the insurance limiter in charge). */
  ready(): Promise<void>;
  store(): LimitStore;
  close(): Promise<void>;
}

const REDIS_READY_WAIT_MS = 2_000;
/**
 * Addresses one window remembers in this process (about 1.4 MB a window, 11 MB for all eight): past
 * them the least recently counted is forgotten, so a flood of new addresses cannot grow the process.
 */
const LOCAL_WINDOW_KEYS = 5_000;
/** How long Redis is skipped after a failed or slow call before one probe asks it again. */
export const REDIS_RETRY_MS = 1_000;
const DEFAULT_REDIS_TIMEOUT_MS = 50;

export interface RateLimitOptions {
  storage: Storage;
  redisUrl: string | null;
  /** Longest wait for one Redis call before the count is taken in memory (default 50 ms). */
  redisTimeoutMs?: number;
  /** Multiplies every limit (benchmarks only). */
  scale?: number;
  /** Key prefix, so test runs sharing one Redis do not count together. */
  prefix?: string;
  /** Told when the counts move between Redis and the in-memory insurance limiter. */
  onStoreChange?: (store: LimitStore) => void;
}

/**
 * A window's counters: the shared store's, and with Redis the in-memory one of this process, which
 * counts every point the process spends (in Redis or not) and stands in for Redis when it fails.
 */
interface WindowLimiters {
  shared: RateLimiterAbstract;
  local: LocalWindow | null;
}

/** The points one window spent for a request, to give back when another window refused it. */
interface Spent {
  reward(key: string, points: number): Promise<unknown>;
}

type LimiterFactory = (keyPrefix: string, points: number, seconds: number) => WindowLimiters;

export function createRateLimits(options: RateLimitOptions): RateLimits {
  const scale = options.scale ?? 1;
  const prefix = options.prefix ?? 'rl';
  let redis: Redis | null = null;
  let factory: LimiterFactory;
  let store: LimitStore = options.redisUrl ? 'memory' : 'database';
  let closing = false;
  const moveTo = (next: LimitStore) => {
    if (next === store) return;
    store = next;
    options.onStoreChange?.(next);
  };
  const breaker = createCircuitBreaker({
    openMs: REDIS_RETRY_MS,
    onChange: (state) => {
      if (state === 'open') moveTo('memory');
      else if (state === 'closed' && redis?.status === 'ready') moveTo('redis');
    },
  });
  if (options.redisUrl) {
    // Loaded only when Redis is configured: the embedded default never needs the client.
    const { Redis: RedisClient } = require('ioredis') as typeof IoRedis;
    // No offline queue and one try per command: a down Redis fails fast; a hung one times out.
    redis = new RedisClient(options.redisUrl, {
      enableOfflineQueue: false,
      // The windows of a scope are asked in the same tick: they go to Redis as one pipeline.
      enableAutoPipelining: true,
      maxRetriesPerRequest: 1,
      commandTimeout: options.redisTimeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS,
      lazyConnect: false,
      // Once closing, a connection attempt still under way must not schedule another.
      retryStrategy: (times) => (closing ? null : Math.min(times * 50, 2000)),
    });
    redis.on('error', () => {
      // Connection errors are expected while Redis is down; the in-memory counters cover them.
    });
    redis.on('ready', () => {
      if (breaker.state() === 'closed') moveTo('redis');
    });
    redis.on('close', () => moveTo('memory'));
    const client = redis;
    factory = (keyPrefix, points, seconds) => ({
      shared: new RateLimiterRedis({ storeClient: client, keyPrefix, points, duration: seconds, rejectIfRedisNotReady: true }),
      local: new LocalWindow({ points, seconds, maxKeys: LOCAL_WINDOW_KEYS }),
    });
  } else {
    const { storage } = options;
    factory = (keyPrefix, points, seconds) => ({ shared: storage.createRateLimiter({ keyPrefix, points, durationSeconds: seconds }), local: null });
  }

  /**
   * One point of one window. With Redis: in Redis while the breaker lets calls through (and it
   * answers in time), and always in this process's own counter, which must let it through too; while
   * Redis is skipped or fails, in the process's counter alone, and Redis is told of those points with
   * the address's next call once it answers. A process that counted 30 in Redis has 30 left in
   * memory, and once Redis is back the points spent in memory hold there too.
   */
  async function spend(limiters: WindowLimiters, key: string): Promise<Spent> {
    const { shared, local } = limiters;
    if (local === null) {
      await shared.consume(key, 1);
      return shared;
    }
    let inShared = false;
    if (breaker.allow()) {
      const owed = local.owed(key);
      try {
        await shared.consume(key, 1 + owed);
        local.settle(key, owed);
        breaker.succeeded();
        inShared = true;
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          local.settle(key, owed);
          breaker.succeeded();
          throw new SpentOn(shared, error);
        }
        breaker.failed();
      }
    }
    try {
      await local.consume(key, 1);
    } catch (error) {
      // Refused here after Redis took the point: give Redis its point back.
      if (inShared) await shared.reward(key, 1).catch(() => undefined);
      throw error instanceof RateLimiterRes ? new SpentOn(local, error) : error;
    }
    if (!inShared) {
      local.owe(key, 1);
      return { reward: (rewardKey, points) => Promise.allSettled([local.reward(rewardKey, points), Promise.resolve(local.settle(rewardKey, points))]) };
    }
    return { reward: (rewardKey, points) => Promise.allSettled([shared.reward(rewardKey, points), local.reward(rewardKey, points)]) };
  }

  const limiters = new Map<LimitScope, Array<{ window: Window; limiter: WindowLimiters }>>();
  for (const [scope, { windows }] of Object.entries(LIMITS) as Array<[LimitScope, (typeof LIMITS)[LimitScope]]>) {
    limiters.set(
      scope,
      windows.map((window) => ({
        window,
        limiter: factory(`${prefix}:${scope}:${window.name}`, window.points * scale, window.seconds),
      })),
    );
  }

  return {
    async consume(scope, clientIp) {
      // Every window of the scope is spent at once (concurrent calls to Redis, one group commit on
      // SQLite). If one refuses, the point is given back to those that let the request through.
      const key = clientKey(clientIp);
      const windows = limiters.get(scope) ?? [];
      const outcomes = await Promise.allSettled(windows.map(({ limiter }) => spend(limiter, key)));
      if (outcomes.some((outcome) => outcome.status === 'rejected') && outcomes.some((outcome) => outcome.status === 'fulfilled')) {
        await Promise.allSettled(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.reward(key, 1) : null)));
      }
      for (const [index, outcome] of outcomes.entries()) {
        if (outcome.status === 'fulfilled') continue;
        const rejection: unknown = outcome.reason;
        // Limits kept in the database fail with it: retryable 503, like every other storage call.
        if (rejection instanceof StorageUnavailable) {
          throw new ServiceError('storage_unavailable', 'The rate-limit counters cannot be updated just now; nothing was done. Try again in a few seconds.');
        }
        const refused = rejection instanceof SpentOn ? rejection.result : rejection;
        if (!(refused instanceof RateLimiterRes)) throw rejection;
        const { window } = windows[index]!;
        const retryAfterSeconds = Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
        throw new ServiceError(
          'rate_limited',
          `Too many requests: ${LIMITS[scope].label} allows ${window.points * scale} a ${window.name} from one address. Wait ${retryAfterSeconds} s and try again.`,
          { details: { scope, limit: window.points * scale, window: window.name }, retryAfterSeconds },
        );
      }
    },
    async ready() {
      const client = redis;
      if (!client || client.status === 'ready') return;
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
    store: () => store,
    async close() {
      closing = true;
      if (redis) redis.disconnect();
    },
  };
}

/** A window that refused, with the counter that refused it. */
class SpentOn {
  constructor(
    readonly limiter: Spent,
    readonly result: RateLimiterRes,
  ) {}
}
