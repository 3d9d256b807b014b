// Wires the use cases over one catalog, one storage and one set of rate limits. Both apps call
// these same functions, so a quote made through a tool is byte-identical to one made over REST.
import { createCatalog } from '@shop/catalog';
import { openStorage } from '@shop/storage';
import type { PurgeCounts, Storage, StorageHealth } from '@shop/storage';
import { createCatalogCases } from './catalog-cases';
import type { Config } from './config';
import { createHandoffCases } from './handoffs';
import { createIdempotency } from './idempotency';
import { createPageCases } from './pages';
import { createQuotePricer } from './quote-pricer';
import { createQuoteCases } from './quotes';
import { createRateLimits } from './rate-limits';
import type { LimitStore, RateLimits } from './rate-limits';
import { createRfqCases } from './rfq-links';
import { withStorage } from './storage-guard';

export interface ServiceDeps {
  config: Pick<Config, 'publicUrl' | 'shopUrl' | 'plateOrdersEnabled'>;
  storage: Storage;
  limits: RateLimits;
  /** Worker threads for large pricing jobs; default the cores of the machine. */
  pricingThreads?: number;
}

export function createService(deps: ServiceDeps) {
  const { config, storage, limits } = deps;
  const catalogOptions = { shopUrl: config.shopUrl, imagesUrl: config.publicUrl, plateOrdersEnabled: config.plateOrdersEnabled };
  const catalog = createCatalog(catalogOptions);
  const pricer = createQuotePricer({
    catalog,
    catalogOptions,
    publicUrl: config.publicUrl,
    ...(deps.pricingThreads === undefined ? {} : { threads: deps.pricingThreads }),
  });
  const quotes = createQuoteCases({ catalog, storage, limits, pricer });
  const rfq = createRfqCases({ storage, limits, publicUrl: config.publicUrl });
  return {
    catalog,
    limits,
    ...createCatalogCases(catalog, limits),
    createQuote: quotes.createQuote,
    getQuote: quotes.getQuote,
    getPreviewSvg: quotes.getPreviewSvg,
    ...createHandoffCases({ storage, limits, publicUrl: config.publicUrl, findQuote: quotes.findQuote }),
    ...rfq,
    ...createPageCases({ catalog, storage, limits, createRfqLink: rfq.createRfqLink }),
    /** Runs a POST at most once per Idempotency-Key (client, route, key) within 24 hours. */
    idempotent: createIdempotency(storage).run,

    /**
     * Whether the service can do its work: the database reached, intact and able to take a write
     * (503 storage_unavailable when not), and where the rate limits are counted.
     */
    async health(): Promise<ServiceHealth> {
      const { state } = await withStorage('take a write', () => storage.health(), { storage: 'unavailable', rate_limits: limits.store() });
      return { storage: state, rateLimits: limits.store() };
    },

    /** Deletes quotes, designs, handoffs and rfq links 30 days past their expiry. */
    purgeExpired(now: Date): Promise<PurgeCounts> {
      return withStorage('delete old rows', () => storage.purgeExpired(now));
    },

    /** Large pricing jobs waiting and worker threads running. */
    pricingStats: () => pricer.stats(),

    /** Where the rate limits are counted just now. */
    limitStore: () => limits.store(),

    /** Stops the worker threads (storage and limits are the runtime's to close). */
    close: () => pricer.close(),
  };
}

export type Service = ReturnType<typeof createService>;

export interface ServiceHealth {
  /** `busy`: another process holds the SQLite write lock just now (writes wait for it). */
  storage: StorageHealth['state'];
  rateLimits: LimitStore;
}

export interface Runtime {
  service: Service;
  storage: Storage;
  close(): Promise<void>;
}

/** Where the runtime reports what operators must know (pino's signature). */
export interface RuntimeLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface RuntimeOptions {
  /** Key prefix of the rate limits, so test runs sharing one Redis do not count together. */
  limitPrefix?: string;
  log?: RuntimeLog;
}

/** Opens storage and rate limits from the configuration and builds the service over them. */
export async function startRuntime(config: Config, rootDir: string, options: RuntimeOptions = {}): Promise<Runtime> {
  const storage = await openStorage({ databaseUrl: config.databaseUrl, rootDir, migrationWaitMs: config.migrationWaitSeconds * 1000 });
  const limits: RateLimits = createRateLimits({
    storage,
    redisUrl: config.redisUrl,
    scale: config.rateLimitScale,
    prefix: options.limitPrefix,
    onStoreChange: (store) => {
      if (store === 'memory') {
        options.log?.warn({ rateLimits: store }, 'Redis cannot be reached: rate limits are counted in this process only until it is back');
      } else {
        options.log?.info({ rateLimits: store }, 'rate limits are counted in Redis');
      }
    },
  });
  await limits.ready();
  if (config.redisUrl && limits.store() === 'memory') {
    options.log?.warn({ rateLimits: 'memory' }, 'Redis cannot be reached: rate limits are counted in this process only until it is back');
  }
  const service = createService({ config, storage, limits });
  return {
    service,
    storage,
    async close() {
      await service.close();
      await limits.close();
      await storage.close();
    },
  };
}
