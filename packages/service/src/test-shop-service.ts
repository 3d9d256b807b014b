// A service over a real database for the price book and switch tests: a temporary SQLite file made by
// the real migrations (or a URL given), rate limits in it, a clock the test moves, the events kept.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOrderRequestRepository, openStorage } from '@shop/storage';
import type { Storage } from '@shop/storage';
import { ManualClock } from './context';
import type { RequestContext } from './context';
import { createRateLimits } from './rate-limits';
import type { RateLimits } from './rate-limits';
import { createService } from './service';
import type { Service, ServiceEvent } from './service';

export interface TestShopService {
  service: Service;
  clock: ManualClock;
  events: ServiceEvent[];
  /** The storage the service runs on (its repositories of the shop's tables take it). */
  storage: Storage;
  databaseUrl: string;
  rootDir: string;
  /** A request's context at the clock's time. */
  ctx(): RequestContext;
  close(): Promise<void>;
}

export interface TestShopServiceOptions {
  /** Another process's database (default a new SQLite file). */
  databaseUrl?: string;
  rootDir?: string;
  start?: Date | string;
  plateOrdersEnabled?: boolean;
  cacheMs?: number;
}

export async function openTestShopService(options: TestShopServiceOptions = {}): Promise<TestShopService> {
  const ownDir = options.rootDir === undefined ? mkdtempSync(path.join(os.tmpdir(), 'shop-price-book-')) : null;
  const rootDir = options.rootDir ?? ownDir!;
  const databaseUrl = options.databaseUrl ?? 'file:./shop.db';
  const storage: Storage = await openStorage({ databaseUrl, rootDir });
  const limits: RateLimits = createRateLimits({ storage, redisUrl: null, scale: 1000, prefix: `pb${process.pid}` });
  await limits.ready();
  const clock = new ManualClock(options.start ?? '2026-11-27T15:00:00.000Z');
  const events: ServiceEvent[] = [];
  const service = createService({
    config: { publicUrl: 'https://quote.example.ca', shopUrl: 'https://shop.example.ca', plateOrdersEnabled: options.plateOrdersEnabled ?? true },
    storage,
    limits,
    orderRequests: createOrderRequestRepository(storage),
    clock,
    pricingThreads: 1,
    ...(options.cacheMs === undefined ? {} : { shopStateCacheMs: options.cacheMs }),
    onEvent: (event) => {
      events.push(event);
    },
  });
  await service.start();
  return {
    service,
    clock,
    events,
    storage,
    databaseUrl,
    rootDir,
    ctx: () => ({ clientIp: '198.51.100.7', now: clock.now() }),
    async close() {
      await service.close();
      await limits.close();
      await storage.close();
      if (ownDir !== null) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}
