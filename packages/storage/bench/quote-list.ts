// The staff's quote list: one page (50 rows) newest first over 20,000 quotes, unfiltered and with
// each filter, on SQLite (a temporary file) and, when TEST_POSTGRES_URL is set, PostgreSQL.
// Run: npx tsx --conditions=@shop/source bench/quote-list.ts
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { openStorage, type QuoteListFilter, type QuoteSource, type Storage } from '../src/index';

const QUOTES = 20_000;
const RUNS = 30;
const MATERIALS = ['mild_steel', 'stainless_304', 'stainless_316', 'aluminum_6061'];
const SOURCES: QuoteSource[] = ['rest', 'rest', 'rest', 'mcp', 'page'];
const body = JSON.stringify({ object: 'quote', items: [{ svg: 'M0 0 L10 0 '.repeat(300) }] });
const start = new Date('2026-01-01T00:00:00.000Z');

async function fill(storage: Storage): Promise<void> {
  const pending: Promise<void>[] = [];
  for (let i = 0; i < QUOTES; i += 1) {
    const createdAt = new Date(start.getTime() + i * 60_000);
    pending.push(
      storage.quotes.insert({
        id: `q_bench${String(i).padStart(15, '0')}`,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 7 * 86_400_000),
        body,
        request: '{"items":[]}',
        schemaVersion: 1,
        // One quote in a thousand is aluminium: a rare filter the scan must walk far for.
        listing: { source: SOURCES[i % SOURCES.length]!, itemCount: 1 + (i % 4), totalCents: 5_000 + ((i * 7919) % 500_000), materials: i % 1000 === 0 ? ['aluminum_6061'] : [MATERIALS[i % 3]!] },
      }),
    );
    if (pending.length === 200) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
}

async function bench(label: string, open: () => Promise<Storage>): Promise<void> {
  const storage = await open();
  try {
    await fill(storage);
    const now = new Date(start.getTime() + QUOTES * 60_000);
    const cases: Array<[string, Partial<QuoteListFilter>]> = [
      ['no filter', {}],
      ['material (1 in 3)', { material: 'mild_steel' }],
      ['material (1 in 1000)', { material: 'aluminum_6061' }],
      ['source mcp (1 in 5)', { source: 'mcp' }],
      ['total $1,000-$2,000', { minTotalCents: 100_000, maxTotalCents: 200_000 }],
      ['in force, 2 days', { status: 'in_force', createdFrom: new Date(now.getTime() - 2 * 86_400_000) }],
      ['nothing matches', { source: 'unknown' }],
    ];
    for (const [name, filter] of cases) {
      let rows = 0;
      const started = performance.now();
      for (let run = 0; run < RUNS; run += 1) rows = (await storage.quotes.list({ now, ...filter })).rows.length;
      console.log(`${label.padEnd(10)} ${name.padEnd(22)} ${rows} rows  ${((performance.now() - started) / RUNS).toFixed(2)} ms a page`);
    }
  } finally {
    await storage.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-list-bench-'));
  try {
    await bench('SQLite', () => openStorage({ databaseUrl: `file:${path.join(dir, 'shop.db')}`, rootDir: dir }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const base = process.env.TEST_POSTGRES_URL;
  if (!base) return;
  const schema = `list_bench_${Date.now().toString(36)}`;
  try {
    await bench('PostgreSQL', () => openStorage({ databaseUrl: `${base}${base.includes('?') ? '&' : '?'}schema=${schema}`, rootDir: dir }));
  } finally {
    const client = new Client({ connectionString: base });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}

void main();
