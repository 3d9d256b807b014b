// Rate-limit counts in the shop's own database (table rate_limits, made by the migrations), so every
// process on one SQLite file, or every replica on one PostgreSQL, counts together. The counts asked
// during one turn of the event loop (every window of every request) go in one INSERT ... ON CONFLICT
// (key) DO UPDATE ... RETURNING: atomic on its own, no read before the write (what keeps two writer
// processes on one SQLite file from SQLITE_BUSY on a lock upgrade), one commit for them all.
import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, sql } from 'kysely';
import type { ColumnType, Kysely } from 'kysely';
import { storeKey } from './store';
import type { RateLimitStore, Spend, WindowCount } from './store';

interface RateLimitsTable {
  /** `<window key prefix>:<client key>`. */
  key: string;
  points: ColumnType<number, number | undefined, number>;
  /** When the window ends, epoch ms (BIGINT: PostgreSQL's driver gives it back as a string). */
  expire: ColumnType<number | string | bigint | null, number | null, number | null>;
}

export interface RateLimitDatabase {
  rate_limits: RateLimitsTable;
}

export interface DatabaseLimitStoreOptions {
  db: Kysely<RateLimitDatabase>;
  provider: 'sqlite' | 'postgresql';
  /**
   * SQLite: how long a count keeps trying while another process holds the write lock before it
   * fails, so the caller counts in memory instead of waiting behind a long write (default 100 ms).
   * Each try waits at most the connection's busy timeout.
   */
  lockWaitMs?: number;
  now?: () => number;
}

const DEFAULT_LIMIT_LOCK_WAIT_MS = 100;
const LOCK_RETRY_MS = 10;
/** Rows one statement counts at most (3 parameters each: far under SQLite's and PostgreSQL's limits). */
const MAX_ROWS = 500;

function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED');
}

interface Row {
  key: string;
  points: number;
  expire: number;
}

/**
 * The upsert of `rows` rows, built by Kysely once per row count (building it is most of a count's
 * cost) with marker values, and where each row's values and the time go among its parameters.
 */
interface UpsertTemplate {
  sql: string;
  slots: Array<{ row: number; field: keyof Row } | 'now'>;
}

function buildUpsert(db: Kysely<RateLimitDatabase>, rows: number): UpsertTemplate {
  const NOW = -1;
  const markers = Array.from({ length: rows }, (_, row) => ({ key: `\u0000${row}`, points: -2 - 2 * row, expire: -3 - 2 * row }));
  const compiled = db
    .insertInto('rate_limits')
    .values(markers)
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        // A window past its end (or a row without one) starts again at the points sent.
        const live = eb('rate_limits.expire', '>', NOW);
        return {
          points: eb.case().when(live).then(eb('rate_limits.points', '+', eb.ref('excluded.points'))).else(eb.ref('excluded.points')).end(),
          expire: eb.case().when(live).then(eb.ref('rate_limits.expire')).else(eb.ref('excluded.expire')).end(),
        };
      }),
    )
    .returning(['key', 'points', 'expire'])
    .compile();
  const slots = compiled.parameters.map((value): UpsertTemplate['slots'][number] => {
    if (value === NOW) return 'now';
    const row = markers.findIndex((marker) => marker.key === value || marker.points === value || marker.expire === value);
    if (row === -1) throw new Error(`The rate-limit upsert has a parameter it was not given: ${String(value)}`);
    const marker = markers[row]!;
    return { row, field: marker.key === value ? 'key' : marker.points === value ? 'points' : 'expire' };
  });
  return { sql: compiled.sql, slots };
}

/**
 * Raises each row to at least its points (a window past its end starts again at them, ending at the
 * row's expire): the floor a spend carries over from Redis. Rows of one statement, built per call
 * (it runs only while Redis is away).
 */
function raiseTo(db: Kysely<RateLimitDatabase>, provider: 'sqlite' | 'postgresql', rows: Row[], at: number): CompiledQuery {
  const larger = provider === 'postgresql' ? 'greatest' : 'max';
  return db
    .insertInto('rate_limits')
    .values(rows)
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        const live = eb('rate_limits.expire', '>', at);
        return {
          points: eb.case().when(live).then(sql<number>`${sql.raw(larger)}(${sql.ref('rate_limits.points')}, ${sql.ref('excluded.points')})`).else(eb.ref('excluded.points')).end(),
          expire: eb.case().when(live).then(eb.ref('rate_limits.expire')).else(eb.ref('excluded.expire')).end(),
        };
      }),
    )
    .compile();
}

interface Pending {
  spends: readonly Spend[];
  resolve: (counts: WindowCount[]) => void;
  reject: (error: unknown) => void;
}

export function createDatabaseLimitStore(options: DatabaseLimitStoreOptions): RateLimitStore {
  const { db, provider } = options;
  const now = options.now ?? Date.now;
  const lockWaitMs = options.lockWaitMs ?? DEFAULT_LIMIT_LOCK_WAIT_MS;
  const templates = new Map<number, UpsertTemplate>();
  let pending: Pending[] = [];
  let scheduled = false;
  /**
   * Statements waiting for another process's write lock. Meanwhile new counts wait in `pending`
   * rather than each trying the lock themselves (every try holds the event loop for the busy
   * timeout), and they share the outcome.
   */
  let waitingForLock = 0;

  /** Runs a statement, trying again while SQLite's write lock is held elsewhere, up to lockWaitMs. */
  async function withLockWait<T>(run: () => Promise<T>): Promise<T> {
    if (provider !== 'sqlite') return run();
    const deadline = Date.now() + lockWaitMs;
    let waiting = false;
    try {
      for (;;) {
        try {
          return await run();
        } catch (error) {
          if (!isSqliteBusy(error) || Date.now() + LOCK_RETRY_MS > deadline) throw error;
          if (!waiting) waitingForLock += 1;
          waiting = true;
          await sleep(LOCK_RETRY_MS);
        }
      }
    } finally {
      if (waiting) waitingForLock -= 1;
    }
  }

  function schedule(): void {
    if (scheduled || waitingForLock > 0 || pending.length === 0) return;
    scheduled = true;
    // The counts asked during this turn of the event loop join this statement.
    setImmediate(flush);
  }

  /** Adds the rows' points in one statement; resolves with each key's count after it. */
  async function upsert(rows: Row[], at: number): Promise<Map<string, { points: number; expire: number }>> {
    let template = templates.get(rows.length);
    if (template === undefined) {
      template = buildUpsert(db, rows.length);
      templates.set(rows.length, template);
    }
    const parameters = template.slots.map((slot) => (slot === 'now' ? at : rows[slot.row]![slot.field]));
    const query = CompiledQuery.raw(template.sql, parameters) as CompiledQuery<{ key: string; points: unknown; expire: unknown }>;
    const { rows: returned } = await withLockWait(() => db.executeQuery(query));
    return new Map(returned.map((row) => [row.key, { points: Number(row.points), expire: Number(row.expire) }]));
  }

  /**
   * Counts a batch of requests: the points of one key summed into one row, and each request given
   * the count as if the requests had come one after another, in the order they were asked.
   */
  async function count(batch: Pending[]): Promise<void> {
    const at = now();
    const rows = new Map<string, Row>();
    for (const { spends } of batch) {
      for (const { window, key, points } of spends) {
        const id = storeKey(window, key);
        const row = rows.get(id);
        if (row === undefined) rows.set(id, { key: id, points, expire: at + window.seconds * 1000 });
        else row.points += points;
      }
    }
    // The floors carried over from Redis, the highest per key, raised to before the points are added.
    const floors = new Map<string, Row>();
    for (const { spends } of batch) {
      for (const { window, key, floor } of spends) {
        if (floor === undefined || !(floor.points > 0)) continue;
        const id = storeKey(window, key);
        const known = floors.get(id);
        if (known === undefined || known.points < floor.points) floors.set(id, { key: id, points: floor.points, expire: at + Math.max(0, floor.resetMs) });
      }
    }
    let counted: Map<string, { points: number; expire: number }>;
    try {
      if (floors.size > 0) await withLockWait(() => db.executeQuery(raiseTo(db, provider, [...floors.values()], at)));
      counted = await upsert([...rows.values()], at);
    } catch (error) {
      // The lock was held all along: the counts that waited for this one fail with it.
      const failed = isSqliteBusy(error) ? [...batch, ...pending.splice(0)] : batch;
      for (const { reject } of failed) reject(error);
      return;
    } finally {
      schedule();
    }
    // What each key stood at before this batch; the requests' points are then added in turn.
    const before = new Map<string, number>();
    for (const [id, row] of rows) before.set(id, (counted.get(id)?.points ?? Number.NaN) - row.points);
    for (const { spends, resolve, reject } of batch) {
      const counts: WindowCount[] = [];
      for (const { window, key, points } of spends) {
        const id = storeKey(window, key);
        const row = counted.get(id);
        if (row === undefined) break;
        const consumed = before.get(id)! + points;
        before.set(id, consumed);
        counts.push({ consumed, resetMs: Math.max(0, row.expire - at) });
      }
      if (counts.length === spends.length) resolve(counts);
      else reject(new Error('The rate-limit upsert returned no row for a key it was sent'));
    }
  }

  function flush(): void {
    scheduled = false;
    if (waitingForLock > 0) return;
    const queued = pending;
    pending = [];
    // A request's windows stay in one statement; statements of at most MAX_ROWS rows.
    let batch: Pending[] = [];
    let rows = 0;
    for (const item of queued) {
      if (batch.length > 0 && rows + item.spends.length > MAX_ROWS) {
        void count(batch);
        batch = [];
        rows = 0;
      }
      batch.push(item);
      rows += item.spends.length;
    }
    if (batch.length > 0) void count(batch);
  }

  return {
    consume(spends: readonly Spend[]): Promise<WindowCount[]> {
      if (spends.length === 0) return Promise.resolve([]);
      return new Promise((resolve, reject) => {
        pending.push({ spends, resolve, reject });
        schedule();
      });
    },

    async reward(spends: readonly Spend[]): Promise<void> {
      const at = now();
      // One statement per window (a refused request gives back one or two), each tried on its own.
      for (const { window, key, points } of spends) {
        await withLockWait(() =>
          db
            .updateTable('rate_limits')
            .set((eb) => ({
              points: eb.case().when('rate_limits.points', '>', points).then(eb('rate_limits.points', '-', points)).else(eb.lit(0)).end(),
            }))
            .where('key', '=', storeKey(window, key))
            .where('expire', '>', at)
            .execute(),
        );
      }
    },
  };
}
