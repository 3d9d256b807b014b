// What openStorage hands out, whichever database is behind it.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { WriteUnit } from './database';
import type { DB } from './db-types';
import type {
  HandoffRepository,
  IdempotencyRepository,
  PlateDesignRepository,
  PlateImportRepository,
  PurgeCounts,
  PurgeOptions,
  QuoteRepository,
  RfqLinkRepository,
  RfqSubmissionRepository,
} from './records';
import type { OutboxRepository } from './repositories/outbox';
import type { WebhookEndpointRepository } from './repositories/webhook-endpoints';

const HEALTH_CACHE_MS = 1000;

/** How the storage is doing, as /status reports it. */
export interface StorageHealth {
  /** `busy`: another process holds the SQLite write lock just now (writes wait for it). */
  state: 'ok' | 'busy';
}

export interface Storage {
  provider: 'sqlite' | 'postgresql';
  /**
   * The Kysely instance the repositories run on: build statements with it and run them through
   * `read` and `transact`. A write executed on it directly (the shared rate-limit store's upsert)
   * runs outside the group commit on SQLite: keep such writes to single statements (no
   * read-then-write) so two processes never wait on a lock upgrade.
   */
  db: Kysely<DB>;
  /**
   * Runs a query built on `db` that writes nothing; a database that cannot be reached or read
   * (`action` says what was being done, e.g. "read the order request") is StorageUnavailable.
   */
  read<O>(action: string, query: Compilable<O> | CompiledQuery<O>): Promise<O[]>;
  /**
   * Runs a unit of statements built on `db` (a generator yielding each statement and given back its
   * outcome) in one transaction: all kept or none. On SQLite it joins the group commit, which
   * waits for another process's write lock without holding the event loop, up to the lock wait;
   * on PostgreSQL a lock waited on longer than that ends it. Either way the caller then gets
   * StorageUnavailable, and nothing of the unit is kept.
   */
  transact<T>(action: string, unit: WriteUnit<T>): Promise<T>;
  quotes: QuoteRepository;
  handoffs: HandoffRepository;
  designs: PlateDesignRepository;
  rfqLinks: RfqLinkRepository;
  plateImports: PlateImportRepository;
  rfqSubmissions: RfqSubmissionRepository;
  idempotencyKeys: IdempotencyRepository;
  /** The notifications waiting, sent and dead, and every try (the console's delivery loop). */
  outbox: OutboxRepository;
  webhooks: WebhookEndpointRepository;
  /** The e-mail recipients of new requests given at open; null when no mail is sent. */
  mailTo: string | null;
  /** Names and duration of the migrations applied by openStorage (none when already current); the PostgreSQL pool's size. */
  startup: { appliedMigrations: string[]; migrationMs: number; poolSize: number | null };
  /**
   * Deletes the rows past retention, a slice of rows per statement with a turn of the event loop
   * between slices, so a large purge never holds the process.
   */
  purgeExpired(now: Date, options?: PurgeOptions): Promise<PurgeCounts>;
  /**
   * Whether the database can take writes: reached, its file intact, its disk not full. Throws
   * StorageUnavailable when not; an answer is reused for a second, so /status cannot be made to
   * hammer the database.
   */
  health(): Promise<StorageHealth>;
  close(): Promise<void>;
}

/** What a provider opens; the storage around it (the health answer reused for a second) is common. */
export type StorageParts = Omit<Storage, 'health' | 'close'> & {
  /** Checks the database can take writes; throws StorageUnavailable when not. */
  probe: () => Promise<StorageHealth>;
  close: () => Promise<void>;
};

export function assembleStorage(parts: StorageParts): Storage {
  const { probe, ...storage } = parts;
  let cached: { at: number; outcome: Promise<StorageHealth> } | null = null;
  return {
    ...storage,
    health() {
      const now = Date.now();
      if (!cached || now - cached.at >= HEALTH_CACHE_MS) cached = { at: now, outcome: probe() };
      return cached.outcome;
    },
  };
}

/** What a repository over the storage's database needs of it: `createX(storage)` takes a Storage. */
export type StorageAccess = Pick<Storage, 'db' | 'provider' | 'read' | 'transact'>;
