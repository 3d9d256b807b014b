// The storage's hot path side by side on SQLite: a quote inserted (awaited: committed) then read
// back, per quote, through
//   kysely      this package's storage (openStorage: Kysely, statements prepared once, group commit)
//   statements  hand-written prepared statements through the same group commit (the SQLite layer
//               before Kysely)
//   prisma      Prisma Client 7 with its better-sqlite3 driver adapter (generated into
//               node_modules/.cache on each run; development dependencies only)
// Each on its own fresh WAL file, the arms interleaved round by round.
// Run: npx tsx --conditions=@shop/source bench/quote-path.ts [--quotes=1000] [--rounds=5]
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { openStorage } from '../src/index';
import { SqliteFileGuard } from '../src/sqlite-health';
import { createSqliteWrites } from '../src/sqlite-write-batch';

const { values } = parseArgs({ options: { quotes: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '5' } } });
const QUOTES = Number(values.quotes);
const ROUNDS = Number(values.rounds);
const PRISMA_DIR = path.resolve(__dirname, '../../../prisma');
// About the size of a two-item plate quote with its drawings.
const body = JSON.stringify({ object: 'quote', items: [{ svg: 'M0 0 L10 0 '.repeat(300) }], total_cents: 123456 });

interface Arm {
  insert(id: string, createdAt: Date, expiresAt: Date): Promise<unknown>;
  read(id: string, now: Date): Promise<unknown>;
  close(): Promise<void>;
}

async function openKysely(dir: string): Promise<Arm> {
  const storage = await openStorage({ databaseUrl: 'file:./shop.db', rootDir: dir });
  return {
    insert: (id, createdAt, expiresAt) => storage.quotes.insert({ id, createdAt, expiresAt, body, request: '{"items":[]}', schemaVersion: 1 }),
    read: (id, now) => storage.quotes.get(id, now),
    close: () => storage.close(),
  };
}

async function openStatements(dir: string): Promise<Arm> {
  // The schema made by the storage, then a connection of this arm's own.
  await (await openStorage({ databaseUrl: 'file:./shop.db', rootDir: dir })).close();
  const connection = new Database(path.join(dir, 'shop.db'));
  connection.pragma('busy_timeout = 10');
  connection.pragma('temp_store = MEMORY');
  // As the storage before Kysely ran it: the file checked before each group commit.
  const file = new SqliteFileGuard(path.join(dir, 'shop.db'));
  const writes = createSqliteWrites(connection, { check: () => file.check() });
  const select = connection.prepare<[string], { id: string; created_at: string; expires_at: string; body: string; request: string; schema_version: number }>(
    'SELECT id, created_at, expires_at, body, request, schema_version FROM quotes WHERE id = ?',
  );
  const text = (date: Date) => date.toISOString().replace('Z', '+00:00');
  return {
    insert: (id, createdAt, expiresAt) =>
      writes.execute([
        { sql: 'INSERT INTO quotes (id, created_at, expires_at, body, request, schema_version) VALUES (?, ?, ?, ?, ?, ?)', params: [id, text(createdAt), text(expiresAt), body, '{"items":[]}', 1] },
      ]),
    read: async (id) => {
      const row = select.get(id);
      return row && { id: row.id, createdAt: new Date(row.created_at), expiresAt: new Date(row.expires_at), body: row.body, request: row.request, schemaVersion: row.schema_version };
    },
    close: async () => {
      await writes.close();
      connection.close();
    },
  };
}

interface PrismaQuotes {
  quote: {
    create(args: { data: Record<string, unknown>; select: { id: true } }): Promise<unknown>;
    findUnique(args: { where: { id: string } }): Promise<unknown>;
  };
  $disconnect(): Promise<void>;
}

/** Generates a Prisma Client for SQLite from the models (CommonJS, small query compiler, as the storage used it). */
function generatePrismaClient(): string {
  const out = path.resolve(__dirname, '../node_modules/.cache/bench-prisma-client');
  const schemaDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-prisma-'));
  try {
    writeFileSync(
      path.join(schemaDir, 'schema.prisma'),
      `generator client {\n  provider = "prisma-client"\n  output = ${JSON.stringify(out)}\n  moduleFormat = "cjs"\n  importFileExtension = ""\n  compilerBuild = "small"\n}\ndatasource db {\n  provider = "sqlite"\n}\n`,
    );
    copyFileSync(path.join(PRISMA_DIR, 'models.prisma'), path.join(schemaDir, 'models.prisma'));
    execFileSync(process.execPath, [require.resolve('prisma/build/index.js'), 'generate', '--schema', schemaDir], {
      // `generate` only checks that a schema-engine binary exists; it never runs it.
      env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
      stdio: 'ignore',
    });
  } finally {
    rmSync(schemaDir, { recursive: true, force: true });
  }
  return path.join(out, 'client.ts');
}

async function openPrisma(dir: string, clientPath: string): Promise<Arm> {
  await (await openStorage({ databaseUrl: 'file:./shop.db', rootDir: dir })).close();
  const { PrismaBetterSqlite3 } = await import('@prisma/adapter-better-sqlite3');
  const { PrismaClient } = require(clientPath) as { PrismaClient: new (options: { adapter: unknown }) => PrismaQuotes };
  const prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: path.join(dir, 'shop.db'), timeout: 10 }) });
  return {
    insert: (id, createdAt, expiresAt) => prisma.quote.create({ data: { id, createdAt, expiresAt, body, request: '{"items":[]}', schemaVersion: 1 }, select: { id: true } }),
    read: (id) => prisma.quote.findUnique({ where: { id } }),
    close: () => prisma.$disconnect(),
  };
}

interface Round {
  insert: number;
  read: number;
  /** This process's CPU time (user + system) per quote, insert and read: less moved by other processes' load than wall time. */
  cpu: number;
}

/** Microseconds per insert and per read (wall), and CPU per quote, over one round of QUOTES quotes. */
async function runRound(arm: Arm, prefix: string): Promise<Round> {
  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + 7 * 86_400_000);
  const cpuStart = process.cpuUsage();
  let started = performance.now();
  for (let index = 0; index < QUOTES; index += 1) await arm.insert(`${prefix}_${index}`, createdAt, expiresAt);
  const insert = ((performance.now() - started) * 1000) / QUOTES;
  started = performance.now();
  for (let index = 0; index < QUOTES; index += 1) {
    if (!(await arm.read(`${prefix}_${index}`, createdAt))) throw new Error(`quote ${prefix}_${index} not read back`);
  }
  const read = ((performance.now() - started) * 1000) / QUOTES;
  const cpuUsed = process.cpuUsage(cpuStart);
  return { insert, read, cpu: (cpuUsed.user + cpuUsed.system) / QUOTES };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function benchQuotePath(): Promise<void> {
  const clientPath = generatePrismaClient();
  const root = mkdtempSync(path.join(os.tmpdir(), 'shop-quote-path-'));
  const dir = (name: string) => {
    const folder = path.join(root, name);
    mkdirSync(folder);
    return folder;
  };
  const arms: Record<string, Arm> = {
    kysely: await openKysely(dir('kysely')),
    statements: await openStatements(dir('statements')),
    prisma: await openPrisma(dir('prisma'), clientPath),
  };
  const results: Record<string, Round[]> = { kysely: [], statements: [], prisma: [] };
  try {
    // A warm-up round each, not counted.
    for (const [name, arm] of Object.entries(arms)) await runRound(arm, `warm_${name}`);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, arm] of Object.entries(arms)) results[name]!.push(await runRound(arm, `r${round}_${name}`));
    }
  } finally {
    for (const arm of Object.values(arms)) await arm.close();
    rmSync(root, { recursive: true, force: true });
  }
  console.log(`${QUOTES} quotes of ${body.length} bytes, ${ROUNDS} rounds; median (min-max) microseconds per quote`);
  const range = (values: number[]) => `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;
  for (const [name, rounds] of Object.entries(results)) {
    const both = rounds.map((r) => r.insert + r.read);
    console.log(`${name.padEnd(11)} insert ${range(rounds.map((r) => r.insert))}  read ${range(rounds.map((r) => r.read))}  insert+read ${range(both)}  cpu ${range(rounds.map((r) => r.cpu))}`);
  }
  const ratio = (a: string, b: string, of: (r: Round) => number) => (median(results[a]!.map(of)) / median(results[b]!.map(of))).toFixed(2);
  const wall = (r: Round) => r.insert + r.read;
  const cpu = (r: Round) => r.cpu;
  console.log(`kysely / statements: ${ratio('kysely', 'statements', wall)} wall, ${ratio('kysely', 'statements', cpu)} cpu; prisma / kysely: ${ratio('prisma', 'kysely', wall)} wall, ${ratio('prisma', 'kysely', cpu)} cpu`);
}

benchQuotePath().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
