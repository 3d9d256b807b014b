// Starts the real REST app over real storage (a temp SQLite file by default, or a fresh PostgreSQL
// schema) with a clock the test moves.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readConfig, startRuntime } from '@shop/runtime';
import { ManualClock } from '@shop/service';
import type { Runtime } from '@shop/runtime';
import pino from 'pino';
import { createRestApp } from '../src/app';
import { startHarness } from './harness';
import type { Harness } from './harness';

export const START = '2026-11-02T15:00:00.000Z';

export type Backend = 'sqlite' | 'postgresql';

export interface TestApp {
  http: Harness;
  /** The metrics port (GET /metrics). */
  metrics: Harness;
  runtime: Runtime;
  clock: ManualClock;
  databaseUrl: string;
  /** Stops the app and its runtime, keeping the database (to start again on it). */
  stop(): Promise<void>;
  /** Stops, and removes the database it made. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  backend?: Backend;
  env?: Record<string, string>;
  /** Share an existing database (e.g. to restart on it). */
  databaseUrl?: string;
  /** Keep rate limits in Redis (TEST_REDIS_URL); the PostgreSQL runs use it by default, as production does. */
  redis?: boolean;
  /** Where the app logs (silent unless given). */
  logger?: pino.Logger;
}

/** A database URL of its own: a temp SQLite file, or a fresh schema on TEST_POSTGRES_URL. */
export function freshDatabaseUrl(backend: Backend): { url: string; cleanup: () => void } {
  if (backend === 'postgresql') {
    const base = process.env.TEST_POSTGRES_URL;
    if (!base) throw new Error('TEST_POSTGRES_URL is not set');
    const schema = `rest_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    return { url: `${base}${base.includes('?') ? '&' : '?'}schema=${schema}`, cleanup: () => undefined };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-rest-'));
  return { url: `file:${path.join(dir, 'shop.db')}`, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const backend = options.backend ?? 'sqlite';
  const fresh = options.databaseUrl ? { url: options.databaseUrl, cleanup: () => undefined } : freshDatabaseUrl(backend);
  const env: Record<string, string> = {
    DATABASE_URL: fresh.url,
    PUBLIC_URL: 'http://quotes.test',
    RATE_LIMIT_SCALE: '100',
    PURGE_INTERVAL_MINUTES: '0',
    ...((options.redis ?? backend === 'postgresql') && process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    ...options.env,
  };
  const config = readConfig(env);
  const clock = new ManualClock(START);
  const logger = options.logger ?? pino({ level: 'silent' });
  const runtime = await startRuntime(config, path.resolve(__dirname, '..', '..', '..'), {
    limitPrefix: `test:${Date.now().toString(36)}:${Math.random().toString(36).slice(2, 8)}`,
    log: logger,
  });
  const { app, metricsApp } = createRestApp({ config, logger, service: runtime.service, clock });
  const http = await startHarness(app);
  const metrics = await startHarness(metricsApp);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await http.close();
    await metrics.close();
    await runtime.close();
  };
  return {
    http,
    metrics,
    runtime,
    clock,
    databaseUrl: fresh.url,
    stop,
    async close() {
      await stop();
      if (!options.databaseUrl) fresh.cleanup();
    },
  };
}

/** The backends to run a suite on: SQLite always, PostgreSQL when TEST_POSTGRES_URL is set. */
export const BACKENDS: Backend[] = process.env.TEST_POSTGRES_URL ? ['sqlite', 'postgresql'] : ['sqlite'];
