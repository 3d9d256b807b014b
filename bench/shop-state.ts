// What it costs to read the price book in force and the plate orders switch from the database (the
// two queries a process runs at most once a second), and POST-quote work through the service with
// that read cached for a second against reading it for every quote. Run on its own:
//   node --import tsx --conditions=@shop/source bench/shop-state.ts [--reads=3000] [--quotes=3000] [--postgres=postgresql://...]
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { createRateLimits, createService } from '@shop/service';
import { createOrderRequestRepository, createPlateOrdersSwitchRepository, createPriceBookVersionRepository, openStorage } from '@shop/storage';
import { Client } from 'pg';
import { typicalInput } from '../packages/pricing/bench/pricing.bench';
import { makeTempDir } from './harness';

interface Row {
  provider: string;
  readMeanUs: number;
  readP99Us: number;
  quotesPerSecondCached: number;
  quotesPerSecondEachQuote: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(provider: string, databaseUrl: string, rootDir: string, reads: number, quotes: number): Promise<Row> {
  const storage = await openStorage({ databaseUrl, rootDir });
  const limits = createRateLimits({ storage, redisUrl: null, scale: 1_000_000 });
  await limits.ready();
  const orderRequests = createOrderRequestRepository(storage);
  const config = { publicUrl: 'http://localhost:3000', shopUrl: 'http://localhost:3000', plateOrdersEnabled: true };
  const services = [1000, 0].map((cacheMs) => createService({ config, storage, limits, orderRequests, shopStateCacheMs: cacheMs, pricingThreads: 1 }));
  try {
    await services[0]!.start();
    const versions = createPriceBookVersionRepository(storage);
    const plateOrders = createPlateOrdersSwitchRepository(storage);
    const times: number[] = [];
    for (let i = 0; i < reads; i += 1) {
      const started = performance.now();
      await Promise.all([versions.listPublished(), plateOrders.get()]);
      times.push((performance.now() - started) * 1000);
    }
    times.sort((a, b) => a - b);
    const rates: number[] = [];
    for (const service of services) {
      const ctx = () => ({ clientIp: '127.0.0.1', now: new Date() });
      for (let i = 0; i < 200; i += 1) await service.createQuote(typicalInput, ctx(), 'rest');
      const started = performance.now();
      for (let i = 0; i < quotes; i += 1) await service.createQuote(typicalInput, ctx(), 'rest');
      rates.push(quotes / ((performance.now() - started) / 1000));
    }
    return {
      provider,
      readMeanUs: times.reduce((sum, t) => sum + t, 0) / times.length,
      readP99Us: percentile(times, 99),
      quotesPerSecondCached: rates[0]!,
      quotesPerSecondEachQuote: rates[1]!,
    };
  } finally {
    for (const service of services) await service.close();
    await limits.close();
    await storage.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { reads: { type: 'string', default: '3000' }, quotes: { type: 'string', default: '3000' }, postgres: { type: 'string' } } });
  const reads = Number(values.reads);
  const quotes = Number(values.quotes);
  const rows: Row[] = [];
  const temp = makeTempDir('shop-state-bench-');
  try {
    rows.push(await measure('sqlite', 'file:./shop.db', temp.dir, reads, quotes));
  } finally {
    temp.remove();
  }
  const postgres = values.postgres ?? process.env.TEST_POSTGRES_URL;
  if (postgres) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const url = new URL(postgres);
    url.searchParams.set('schema', schema);
    try {
      rows.push(await measure('postgresql', url.toString(), tmpdir(), reads, quotes));
    } finally {
      const client = new Client({ connectionString: postgres });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
  console.log('| database | read of the version in force + switch, mean | p99 | quotes/s, read cached 1 s | quotes/s, read each quote |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.provider} | ${row.readMeanUs.toFixed(0)} us | ${row.readP99Us.toFixed(0)} us | ${row.quotesPerSecondCached.toFixed(0)} | ${row.quotesPerSecondEachQuote.toFixed(0)} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
