// @shop/storage throughput: quotes written and read per second on SQLite (a temporary WAL file) and
// PostgreSQL (a fresh schema bench_<random>, dropped afterwards). The body is a real typical-plate
// quote. Run on its own:
//   node --import tsx --conditions=@shop/source bench/storage.ts --quotes=2000 [--postgres=postgresql://...]
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { createCatalog } from '@shop/catalog';
import { QuoteRequest } from '@shop/contracts';
import { priceQuote } from '@shop/pricing';
import { openStorage } from '@shop/storage';
import type { Storage } from '@shop/storage';
import { Client } from 'pg';
import { typicalInput } from '../packages/pricing/bench/pricing.bench';
import { makeTempDir } from './harness';

const CONCURRENCY = 16;

export interface StorageRow {
  provider: 'sqlite' | 'postgresql';
  quotes: number;
  bodyBytes: number;
  firstMigrationMs: number;
  insertSerial: number;
  insertConcurrent: number;
  readSerial: number;
  readConcurrent: number;
}

export interface StorageResult {
  rows: StorageRow[];
  /** Why PostgreSQL was not measured, when it was not. */
  postgresSkipped: string | null;
}

async function measureRate(count: number, concurrency: number, run: (index: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await run(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

function buildQuoteBody(): { body: string; request: string } {
  const request = QuoteRequest.parse(typicalInput);
  const quote = priceQuote(request, {
    catalog: createCatalog({ shopUrl: 'https://shop.example.ca' }),
    now: new Date(),
    quoteId: 'q_storagebench',
    previewUrl: (id, index) => `https://quote.example.ca/api/v1/quotes/${id}/items/${index}/preview.svg`,
  });
  return { body: JSON.stringify(quote), request: JSON.stringify(request) };
}

async function benchOne(provider: StorageRow['provider'], storage: Storage, quotes: number): Promise<StorageRow> {
  const { body, request } = buildQuoteBody();
  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + 7 * 86_400_000);
  const insert = (prefix: string) => (index: number) => storage.quotes.insert({ id: `q_${prefix}${index}`, createdAt, expiresAt, body, request, schemaVersion: 1 });
  const read = (prefix: string) => (index: number) => storage.quotes.get(`q_${prefix}${index}`, createdAt);
  await measureRate(Math.min(50, quotes), 1, insert('warm')); // warm-up: compile queries, fill caches
  return {
    provider,
    quotes,
    bodyBytes: body.length,
    firstMigrationMs: storage.startup.migrationMs,
    insertSerial: await measureRate(quotes, 1, insert('s')),
    insertConcurrent: await measureRate(quotes, CONCURRENCY, insert('c')),
    readSerial: await measureRate(quotes, 1, read('s')),
    readConcurrent: await measureRate(quotes, CONCURRENCY, read('c')),
  };
}

/** Whether a PostgreSQL server answers at this URL (the bench is skipped, not failed, when not). */
async function canReach(url: string): Promise<string | null> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${url} did not answer: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function runStorageBench(quotes: number, postgresUrl: string | null): Promise<StorageResult> {
  const rows: StorageRow[] = [];
  const temp = makeTempDir('shop-bench-storage-');
  try {
    const storage = await openStorage({ databaseUrl: 'file:./shop.db', rootDir: temp.dir });
    try {
      rows.push(await benchOne('sqlite', storage, quotes));
    } finally {
      await storage.close();
    }
  } finally {
    temp.remove();
  }

  if (!postgresUrl) return { rows, postgresSkipped: 'no PostgreSQL URL given' };
  const unreachable = await canReach(postgresUrl);
  if (unreachable) return { rows, postgresSkipped: unreachable };
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const url = new URL(postgresUrl);
  url.searchParams.set('schema', schema);
  try {
    const storage = await openStorage({ databaseUrl: url.toString(), rootDir: tmpdir() });
    try {
      rows.push(await benchOne('postgresql', storage, quotes));
    } finally {
      await storage.close();
    }
  } finally {
    const client = new Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
  return { rows, postgresSkipped: null };
}

function readArg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

if (require.main === module) {
  const postgres = readArg('postgres') ?? null;
  void runStorageBench(Number(readArg('quotes') ?? 2000), postgres === '' ? null : postgres).then((result) => {
    console.log(process.argv.includes('--json') ? JSON.stringify(result) : JSON.stringify(result, null, 2));
  });
}
