// Rate limits per client IP, exactly the table of policy.ts, counted in Redis when REDIS_URL is set
// or else in the shared database, so the REST and MCP processes (and every replica) count together
// either way. While Redis cannot be reached the counts go to the shared database, carried over from
// the figure each process last had from Redis, so replicas still count together; they are told to
// Redis once it answers again, and a Redis that comes back having lost its counts (no persistence)
// is brought back up to that figure. Every window also keeps this process's view of each address in
// memory (local-window.ts): when the stores both fail, the process goes on counting from the last
// figure and tells the store of those points with the address's next call once it answers. So
// moving between the stores and memory never lets one address spend a window's limit twice.
import { ServiceError } from '@shop/contracts';
import type { Storage } from '@shop/storage';
import type { Kysely } from 'kysely';
import { clientKey } from '../client-key';
import { createDatabaseLimitStore } from './database-store';
import type { RateLimitDatabase } from './database-store';
import { LocalWindow } from './local-window';
import { LIMITS, windowKeyPrefix } from './policy';
import type { LimitScope, WindowPolicy } from './policy';
import { createRedisLimitStore } from './redis-store';
import type { RateLimitStore, Spend, StoreWindow, WindowCount } from './store';

/**
 * Where the counts are kept just now: `redis`, `database` (the shared SQLite file or PostgreSQL:
 * without Redis, or while Redis cannot be reached), or `memory` (neither can be reached: each
 * process counts alone until one is back).
 */
export type LimitStore = 'redis' | 'database' | 'memory';

export interface RateLimits {
  /**
   * Spends one point of every window of the scope for the client (an IPv6 address counts by its
   * /64); throws 429 `rate_limited` past a limit. A refused request spends nothing in the windows
   * that would have let it through, so a day's limit is exactly that many requests.
   */
  consume(scope: LimitScope, clientIp: string): Promise<void>;
  /** Resolves once Redis answers (or after a short wait, leaving the in-memory counts in charge). */
  ready(): Promise<void>;
  store(): LimitStore;
  close(): Promise<void>;
}

/**
 * Addresses one window remembers in this process (about 1.4 MB a window, 11 MB for all eight): past
 * them the least recently counted is forgotten, so a flood of new addresses cannot grow the process.
 */
const LOCAL_WINDOW_KEYS = 5_000;

/**
 * A Redis count below this process's figure is taken as lost (Redis restarted empty) only while the
 * window has longer than this to run, so a window Redis ended a moment before this process is not.
 */
const LOST_COUNT_MARGIN_MS = 2_000;

/** What the limits need of storage: its provider and query builder, for the database store. */
export type LimitStorage = Pick<Storage, 'provider' | 'db'>;

export interface RateLimitOptions {
  storage: LimitStorage;
  redisUrl: string | null;
  /** Longest wait for one Redis call before the count is taken in memory (default 50 ms). */
  redisTimeoutMs?: number;
  /** Multiplies every limit (benchmarks only). */
  scale?: number;
  /** Key prefix, so test runs sharing one Redis do not count together. */
  prefix?: string;
  /** Told when the counts move between Redis, the database and memory. */
  onStoreChange?: (store: LimitStore) => void;
  /** The database store's wait for SQLite's write lock before counting in memory (default 100 ms). */
  lockWaitMs?: number;
}

interface Window {
  policy: WindowPolicy;
  limit: number;
  store: StoreWindow;
  local: LocalWindow;
}

/** The database store over the storage's query builder (`storage.db`). */
function databaseStore(storage: LimitStorage, lockWaitMs: number | undefined): RateLimitStore {
  // Kysely's table types are invariant: the storage's Kysely<DB> is seen here as its one table.
  const db = storage.db as unknown as Kysely<RateLimitDatabase>;
  return createDatabaseLimitStore({ db, provider: storage.provider, ...(lockWaitMs === undefined ? {} : { lockWaitMs }) });
}

export function createRateLimits(options: RateLimitOptions): RateLimits {
  const scale = options.scale ?? 1;
  const prefix = options.prefix ?? 'rl';
  /** Where counts went last when Redis is set but was not taken: the database, or memory when it failed too. */
  let fallback: 'database' | 'memory' = 'database';
  // Before Redis first answers, the counts go to the database: the first change told is to Redis.
  let reported: LimitStore = 'database';
  const report = () => {
    const now = current();
    if (now !== reported) {
      reported = now;
      options.onStoreChange?.(now);
    }
  };
  const redis = options.redisUrl
    ? createRedisLimitStore({
        url: options.redisUrl,
        ...(options.redisTimeoutMs === undefined ? {} : { timeoutMs: options.redisTimeoutMs }),
        onAvailable: () => report(),
      })
    : null;
  const database = databaseStore(options.storage, options.lockWaitMs);
  const current = (): LimitStore => (redis === null ? (fallback === 'memory' ? 'memory' : 'database') : redis.available() ? 'redis' : fallback);

  const scopes = new Map<LimitScope, Window[]>();
  for (const [scope, { windows }] of Object.entries(LIMITS) as Array<[LimitScope, (typeof LIMITS)[LimitScope]]>) {
    scopes.set(
      scope,
      windows.map((policy) => {
        const limit = policy.points * scale;
        return {
          policy,
          limit,
          store: { keyPrefix: windowKeyPrefix(prefix, scope, policy), points: limit, seconds: policy.seconds },
          local: new LocalWindow({ seconds: policy.seconds, maxKeys: LOCAL_WINDOW_KEYS }),
        };
      }),
    );
  }

  /**
   * Redis: one point in every window with the points it was not told of. A Redis whose count is
   * below what this process already knew (it restarted without its data) is brought up to it.
   */
  async function countInRedis(store: RateLimitStore, windows: Window[], key: string, owed: number[]): Promise<WindowCount[]> {
    const known = windows.map(({ local }) => local.peek(key));
    const counts = await store.consume(windows.map(({ store: window }, index) => ({ window, key, points: 1 + owed[index]! })));
    const lost = windows
      .map(({ store: window }, index) => {
        const before = known[index];
        // Only a window this process still has well over a second of: never one just ending.
        if (before === undefined || before.resetMs < LOST_COUNT_MARGIN_MS) return null;
        const missing = before.consumed + 1 - counts[index]!.consumed;
        return missing > 0 ? { index, spend: { window, key, points: missing } } : null;
      })
      .filter((entry) => entry !== null);
    if (lost.length > 0) {
      const raised = await store.consume(lost.map(({ spend }) => spend));
      lost.forEach(({ index }, position) => {
        counts[index] = raised[position]!;
      });
    }
    return counts;
  }

  /**
   * Counts one point in every window: in Redis (with the points it was not told of), else in the
   * shared database from the figure this process had (the points then owed to Redis), else in
   * memory from that figure.
   */
  async function count(windows: Window[], key: string): Promise<{ counts: WindowCount[]; where: LimitStore }> {
    const owed = windows.map(({ local }) => local.takeOwed(key));
    if (redis !== null) {
      try {
        const counts = await countInRedis(redis, windows, key, owed);
        windows.forEach(({ local }, index) => local.sync(key, counts[index]!));
        return { counts, where: 'redis' };
      } catch {
        // Redis is away or skipped: the database below.
      }
    }
    try {
      const spends: Spend[] = windows.map(({ store, local }, index) => {
        if (redis === null) return { window: store, key, points: 1 + owed[index]! };
        const known = local.peek(key);
        return { window: store, key, points: 1, ...(known === undefined ? {} : { floor: { points: known.consumed, resetMs: known.resetMs } }) };
      });
      const counts = await database.consume(spends);
      // With Redis set, the points counted here are owed to it (it is told of them once back).
      windows.forEach(({ local }, index) => local.sync(key, counts[index]!, redis === null ? 0 : owed[index]! + 1));
      if (fallback !== 'database') {
        fallback = 'database';
        report();
      }
      return { counts, where: 'database' };
    } catch {
      if (fallback !== 'memory') {
        fallback = 'memory';
        report();
      }
      return {
        counts: windows.map(({ local }, index) => {
          local.owe(key, owed[index]!);
          return local.add(key, 1);
        }),
        where: 'memory',
      };
    }
  }

  return {
    async consume(scope, clientIp) {
      const key = clientKey(clientIp);
      const windows = scopes.get(scope) ?? [];
      const { counts, where } = await count(windows, key);
      const refused = windows.findIndex(({ limit }, index) => counts[index]!.consumed > limit);
      if (refused === -1) return;
      // The windows that let the request through get its point back.
      const passed = windows.filter(({ limit }, index) => counts[index]!.consumed <= limit);
      // Points counted in memory (or, with Redis set, outside it) were owed to a store: not to be told of either.
      const owed = where === 'memory' || (redis !== null && where === 'database');
      for (const { local } of passed) local.reward(key, 1, owed);
      const store = where === 'redis' ? redis : where === 'database' ? database : null;
      if (store !== null && passed.length > 0) {
        // A store that fails just now keeps the point: stricter by one, never looser.
        await store.reward(passed.map(({ store: window }) => ({ window, key, points: 1 }))).catch(() => undefined);
      }
      const { policy, limit } = windows[refused]!;
      const retryAfterSeconds = Math.max(1, Math.ceil(counts[refused]!.resetMs / 1000));
      throw new ServiceError(
        'rate_limited',
        scope === 'link_requests'
          ? `This link has sent ${limit} requests today, the most one link sends in a day; the shop has them. Wait ${retryAfterSeconds} s, or write or call the shop.`
          : `Too many requests: ${LIMITS[scope].label} allows ${limit} a ${policy.name} from one address. Wait ${retryAfterSeconds} s and try again.`,
        { details: { scope, limit, window: policy.name }, retryAfterSeconds },
      );
    },
    ready: async () => redis?.ready(),
    store: current,
    async close() {
      redis?.close();
    },
  };
}
