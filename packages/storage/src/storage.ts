// What openStorage hands out, whichever database is behind it.
import type { Kysely } from 'kysely';
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
   * The Kysely instance the repositories run on, for statements of other modules (the shared
   * rate-limit store). On SQLite, a write made here runs outside the group commit: keep writes to
   * single statements (no read-then-write) so two processes never wait on a lock upgrade.
   */
  db: Kysely<DB>;
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
