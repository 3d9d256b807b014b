// Rate limits per client IP, exactly the table of policy.ts, counted in Redis when REDIS_URL is set
// or else in the shared database, so the REST and MCP processes count together either way. Every
// window also keeps this process's view of each address in memory (local-window.ts): when the
// store fails or is skipped, the process goes on counting from the store's last figure and tells
// the store of those points with the address's next call once it answers. So moving between the
// store and memory never lets one address spend a window's limit twice.
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
  /** Told when the counts move between Redis and memory. */
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
  const redis = options.redisUrl
    ? createRedisLimitStore({
        url: options.redisUrl,
        ...(options.redisTimeoutMs === undefined ? {} : { timeoutMs: options.redisTimeoutMs }),
        onAvailable: (available) => options.onStoreChange?.(available ? 'redis' : 'memory'),
      })
    : null;
  const shared: RateLimitStore = redis ?? databaseStore(options.storage, options.lockWaitMs);

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
   * Counts one point in every window: in the store, with the points it was not told of while it
   * failed, or (the store failing or skipped) in memory from the store's last figure.
   */
  async function count(windows: Window[], key: string): Promise<{ counts: WindowCount[]; inStore: boolean }> {
    const owed = windows.map(({ local }) => local.takeOwed(key));
    const spends: Spend[] = windows.map(({ store }, index) => ({ window: store, key, points: 1 + owed[index]! }));
    try {
      const counts = await shared.consume(spends);
      windows.forEach(({ local }, index) => local.sync(key, counts[index]!));
      return { counts, inStore: true };
    } catch {
      return {
        counts: windows.map(({ local }, index) => {
          local.owe(key, owed[index]!);
          return local.add(key, 1);
        }),
        inStore: false,
      };
    }
  }

  return {
    async consume(scope, clientIp) {
      const key = clientKey(clientIp);
      const windows = scopes.get(scope) ?? [];
      const { counts, inStore } = await count(windows, key);
      const refused = windows.findIndex(({ limit }, index) => counts[index]!.consumed > limit);
      if (refused === -1) return;
      // The windows that let the request through get its point back.
      const passed = windows.filter(({ limit }, index) => counts[index]!.consumed <= limit);
      for (const { local } of passed) local.reward(key, 1, !inStore);
      if (inStore && passed.length > 0) {
        // A store that fails just now keeps the point: stricter by one, never looser.
        await shared.reward(passed.map(({ store }) => ({ window: store, key, points: 1 }))).catch(() => undefined);
      }
      const { policy, limit } = windows[refused]!;
      const retryAfterSeconds = Math.max(1, Math.ceil(counts[refused]!.resetMs / 1000));
      throw new ServiceError(
        'rate_limited',
        `Too many requests: ${LIMITS[scope].label} allows ${limit} a ${policy.name} from one address. Wait ${retryAfterSeconds} s and try again.`,
        { details: { scope, limit, window: policy.name }, retryAfterSeconds },
      );
    },
    ready: async () => redis?.ready(),
    store: () => (redis === null ? 'database' : redis.available() ? 'redis' : 'memory'),
    async close() {
      redis?.close();
    },
  };
}
