// Opens what a running app needs, in order: storage (migrations applied), the rate limits (Redis or
// the database), then the service over both; and closes them in the reverse order.
import { createRateLimits, createService } from '@shop/service';
import type { RateLimits, Service, ServiceDeps } from '@shop/service';
import { createOrderRequestRepository, openStorage } from '@shop/storage';
import type { Storage } from '@shop/storage';
import type { Config } from './config';

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
  /** Told of each domain event (price_book.published), e.g. to put it in the notifications' outbox. */
  onEvent?: ServiceDeps['onEvent'];
  /** The time of the shop's own actions (publish, switch, the price book timer); tests pass one they move. */
  clock?: ServiceDeps['clock'];
}

const REDIS_LOST = 'Neither Redis nor the database can take the rate-limit counts: they are counted in this process only until one is back';
const REDIS_TO_DATABASE = 'Redis cannot be reached or does not answer in time: rate limits are counted in the shared database until it is back';

/** Opens storage and rate limits from the configuration and builds the service over them. */
export async function startRuntime(config: Config, rootDir: string, options: RuntimeOptions = {}): Promise<Runtime> {
  const storage = await openStorage({
    databaseUrl: config.databaseUrl,
    rootDir,
    migrationWaitMs: config.migrationWaitSeconds * 1000,
    ...(config.databasePoolSize === null ? {} : { poolSize: config.databasePoolSize }),
    mailTo: config.mailTo,
  });
  const limits: RateLimits = createRateLimits({
    storage,
    redisUrl: config.redisUrl,
    redisTimeoutMs: config.redisTimeoutMs,
    scale: config.rateLimitScale,
    prefix: options.limitPrefix,
    onStoreChange: (store) => {
      if (store === 'memory') options.log?.warn({ rateLimits: store }, REDIS_LOST);
      else if (store === 'database') options.log?.warn({ rateLimits: store }, REDIS_TO_DATABASE);
      else options.log?.info({ rateLimits: store }, 'rate limits are counted in Redis');
    },
  });
  await limits.ready();
  if (config.redisUrl && limits.store() !== 'redis') options.log?.warn({ rateLimits: limits.store() }, REDIS_TO_DATABASE);
  // Order requests, like the price book and the switch the service reads, are on the storage's own connection.
  const service = createService({
    config,
    storage,
    orderRequests: createOrderRequestRepository(storage),
    limits,
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  try {
    await service.start();
  } catch (error) {
    await service.close();
    await limits.close();
    await storage.close();
    throw error;
  }
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
