// Start-up migration time and quote insert/read throughput on SQLite (a temporary file) and, when
// TEST_POSTGRES_URL is set, PostgreSQL (a fresh schema, dropped afterwards).
// Run: npx tsx --conditions=@shop/source bench/throughput.ts
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { openStorage, type Storage } from '../src/index';

const QUOTES = 2000;
const CONCURRENCY = 16;
// About the size of a two-item plate quote with its SVG drawings.
const body = JSON.stringify({ object: 'quote', items: [{ svg: 'M0 0 L10 0 '.repeat(300) }], total_cents: 123456 });

async function measureRate(count: number, concurrency: number, run: (index: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await run(next++);
    }),
  );
  return Math.round(count / ((performance.now() - started) / 1000));
}

async function benchStorage(label: string, open: () => Promise<Storage>): Promise<void> {
  const first = await open();
  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + 7 * 86_400_000);
  const insert = (prefix: string) => (index: number) =>
    first.quotes.insert({ id: `${prefix}_${index}`, createdAt, expiresAt, body, request: '{"items":[]}', schemaVersion: 1 });
  const read = (prefix: string) => (index: number) => first.quotes.get(`${prefix}_${index}`, createdAt);
  const results = {
    'first start: migrate (ms)': Math.round(first.startup.migrationMs),
    'insert/s (1 at a time)': await measureRate(QUOTES, 1, insert('s')),
    [`insert/s (${CONCURRENCY} at a time)`]: await measureRate(QUOTES, CONCURRENCY, insert('c')),
    'read/s (1 at a time)': await measureRate(QUOTES, 1, read('s')),
    [`read/s (${CONCURRENCY} at a time)`]: await measureRate(QUOTES, CONCURRENCY, read('c')),
  };
  await first.close();
  const started = performance.now();
  const again = await open();
  const reopenMs = Math.round(performance.now() - started);
  const upToDate = Math.round(again.startup.migrationMs);
  await again.close();
  console.log(label, { ...results, 'restart: migrate check (ms)': upToDate, 'restart: openStorage (ms)': reopenMs });
}

async function runBench(): Promise<void> {
  console.log(`${QUOTES} quotes of ${body.length} bytes, node ${process.version}`);
  const rootDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  try {
    await benchStorage('sqlite', () => openStorage({ databaseUrl: 'file:./data/shop.db', rootDir }));
  } finally {
    rmSync(rootDir, { recursive: true, force: true });
  }
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  if (!postgresUrl) {
    console.log('postgresql skipped: set TEST_POSTGRES_URL');
    return;
  }
  const schema = `storage_bench_${process.pid}`;
  const url = new URL(postgresUrl);
  url.searchParams.set('schema', schema);
  try {
    await benchStorage('postgresql', () => openStorage({ databaseUrl: url.toString(), rootDir: os.tmpdir() }));
  } finally {
    const client = new Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}

void runBench();
