// Prisma's schema engine, compiled to wasm, run in-process over a driver adapter: it applies the
// migrations at start-up and writes new ones (the downloadable engine binary is not used).
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as AdapterBetterSqlite3 from '@prisma/adapter-better-sqlite3';
import type * as AdapterPg from '@prisma/adapter-pg';
import type * as DriverAdapterUtils from '@prisma/driver-adapter-utils';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type * as Pg from 'pg';
import type { PoolConfig, QueryResult } from 'pg';
import type * as SchemaEngineWasm from '@prisma/schema-engine-wasm';

// A start whose migrations are all applied only reads the migration folders: the adapters, the
// driver and the engine are loaded when a migration is due (or a new one is written).
const adapterBetterSqlite3 = () => require('@prisma/adapter-better-sqlite3') as typeof AdapterBetterSqlite3;
const adapterPg = () => require('@prisma/adapter-pg') as typeof AdapterPg;
const pg = () => require('pg') as typeof Pg;

export type Provider = 'sqlite' | 'postgresql';

type WasmExports = Record<string, unknown>;
type WasmModule = typeof SchemaEngineWasm & { __wbg_set_wasm(exports: WasmExports): void };

// The global WebAssembly API, typed here because this package compiles without the DOM library.
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, object>) => { exports: WasmExports };
}
const webAssembly = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

let loadingModule: Promise<WasmModule> | undefined;

// The package's entry imports its .wasm file as an ES module, which Node 20 cannot do without a
// flag, so the wasm is instantiated here and handed to the package's JavaScript glue (compiled to
// CommonJS on install, see scripts/generate-clients.js).
function loadWasmModule(): Promise<WasmModule> {
  loadingModule ??= (async () => {
    // Resolved from the package root so the same path works from src/ and from dist/.
    const gluePathCjs = path.resolve(__dirname, '../src/generated/schema-engine/schema-engine-glue.js');
    if (!existsSync(gluePathCjs)) {
      throw new Error(`${gluePathCjs} is missing: run pnpm install (or pnpm --filter @shop/storage generate)`);
    }
    const glue = require(gluePathCjs) as WasmModule;
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const wasmBytes = await readFile(path.join(path.dirname(gluePath), 'schema_engine_bg.wasm'));
    const instance = new webAssembly.Instance(new webAssembly.Module(wasmBytes), {
      './schema_engine_bg.js': trackEngineTimers(glue),
    });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue;
  })();
  return loadingModule;
}

// The engine arms timers it never clears (a 10 s guard around PostgreSQL's advisory lock), which
// would hold a finished process open for 10 s. Its timers are tracked and cleared once no engine
// is running.
const engineTimers = new Set<ReturnType<typeof setTimeout>>();
let runningEngines = 0;

function trackEngineTimers(glue: WasmModule): Record<string, unknown> {
  const imports: Record<string, unknown> = { ...glue };
  for (const name of Object.keys(glue).filter((key) => key.startsWith('__wbg_setTimeout_'))) {
    imports[name] = (callback: () => void, ms: number) => {
      const timer = setTimeout(() => {
        engineTimers.delete(timer);
        callback();
      }, ms >>> 0);
      engineTimers.add(timer);
      return timer;
    };
  }
  return imports;
}

function clearEngineTimers(): void {
  if (runningEngines > 0) return;
  for (const timer of engineTimers) clearTimeout(timer);
  engineTimers.clear();
}

export const PRISMA_DIR = path.resolve(__dirname, '../../../prisma');

export function resolveMigrationsDir(provider: Provider): string {
  return path.join(PRISMA_DIR, provider, 'migrations');
}

// Prisma's migrations folder layout: migrations/<timestamp>_<name>/migration.sql + migration_lock.toml.
export function readMigrationsList(provider: Provider): SchemaEngineWasm.MigrationList {
  const baseDir = resolveMigrationsDir(provider);
  const lockPath = path.join(baseDir, 'migration_lock.toml');
  const names = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  return {
    baseDir,
    lockfile: {
      path: 'migration_lock.toml',
      content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories: names.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: readMigrationFile(path.join(baseDir, name, 'migration.sql')),
      },
    })),
  };
}

/** A row of Prisma's `_prisma_migrations` table, as far as deciding whether anything is pending. */
export interface AppliedMigration {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

/**
 * True when every migration folder of the provider is recorded as applied, finished, not rolled
 * back, with the checksum Prisma gives it (sha256 of migration.sql). Then a start need not load the
 * schema engine at all (a 5 MB wasm module: about 10 MB of memory kept and 100 ms of start-up);
 * anything else (a new folder, a failed or edited migration) goes to the engine, which applies or
 * reports it as before.
 */
export function migrationsUpToDate(provider: Provider, applied: readonly AppliedMigration[]): boolean {
  const done = new Map(applied.filter((row) => row.finished_at !== null && row.rolled_back_at === null).map((row) => [row.migration_name, row.checksum]));
  const { migrationDirectories } = readMigrationsList(provider);
  return migrationDirectories.every(({ path: name, migrationFile }) => {
    const content = migrationFile.content;
    return content.tag === 'ok' && done.get(name) === createHash('sha256').update(content.value, 'utf8').digest('hex');
  });
}

function readMigrationFile(file: string): SchemaEngineWasm.JsResult<string, string> {
  try {
    return { tag: 'ok', value: readFileSync(file, 'utf8') };
  } catch (error) {
    return { tag: 'error', value: String(error) };
  }
}

// The schema of one provider as the engine reads it: the shared models plus that provider's file.
function readSchemaFiles(provider: Provider): SchemaEngineWasm.SchemaContainer[] {
  return [
    path.join(PRISMA_DIR, provider, 'schema.prisma'),
    path.join(PRISMA_DIR, 'models.prisma'),
  ].map((file) => ({ path: file, content: readFileSync(file, 'utf8') }));
}

const noFilters: SchemaEngineWasm.SchemaFilter = { externalTables: [], externalEnums: [] };

// Adapter factories for the engine, and the clean-up of every connection it opened (the engine
// does not dispose them, and an idle pg pool would keep the process alive).
export interface EngineConnection {
  factory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
}

function trackAdapters(factory: SqlMigrationAwareDriverAdapterFactory, onClose = async () => {}): EngineConnection {
  const opened: SqlDriverAdapter[] = [];
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      opened.push(adapter);
      return adapter;
    },
    connectToShadowDb: async () => {
      const adapter = await factory.connectToShadowDb();
      opened.push(adapter);
      return adapter;
    },
  };
  return {
    factory: tracked,
    async close() {
      await Promise.allSettled(opened.map((adapter) => adapter.dispose()));
      await onClose();
    },
  };
}

// The engine opens its SQLite connection with PRAGMA main.locking_mode=EXCLUSIVE. In WAL mode every
// open connection holds a shared lock on the file, so that connection can never read while another
// process (the other app, or an older replica) has the file open: start-up fails with SQLITE_BUSY.
// The pragma is skipped; openStorage serialises migrating processes with its own lock instead.
const EXCLUSIVE_LOCKING = /^\s*PRAGMA\s+(main\.)?locking_mode\s*=\s*EXCLUSIVE\s*;?\s*$/i;

export function connectSqliteEngine(filePath: string, busyTimeoutMs: number): EngineConnection {
  const factory = new (adapterBetterSqlite3().PrismaBetterSqlite3)({ url: filePath, timeout: busyTimeoutMs });
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    const executeRaw = adapter.executeRaw.bind(adapter);
    adapter.executeRaw = async (query) => (EXCLUSIVE_LOCKING.test(query.sql) ? 0 : executeRaw(query));
    return adapter;
  };
  return trackAdapters(factory);
}

// A throwaway in-memory SQLite database for diffs from the migration history. The engine replays
// each migration.sql there with executeRaw, which better-sqlite3 runs as one prepared statement and
// so refuses a script of several ("contains more than one statement"); scripts without
// parameters are sent to executeScript instead.
export function connectSqliteShadowEngine(): EngineConnection {
  const factory = new (adapterBetterSqlite3().PrismaBetterSqlite3)({ url: ':memory:' });
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connectToShadowDb = async () => {
    const adapter = await connectToShadowDb();
    const executeRaw = adapter.executeRaw.bind(adapter);
    adapter.executeRaw = async (query) => {
      if (query.args.length > 0) return executeRaw(query);
      await adapter.executeScript(query.sql);
      return 0;
    };
    return adapter;
  };
  return trackAdapters(factory);
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

// The engine reads catalog columns of PostgreSQL's internal one-byte type "char" (relkind and the
// like), which @prisma/adapter-pg does not map ("Column type 'char' could not be deserialized").
// Its values arrive as text, so this pool reports them as text. One connection per pool: the
// engine's session advisory lock must be taken and released on the same session.
let engineSafePool: (new (config: PoolConfig) => Pg.Pool) | undefined;
function openEngineSafePool(config: PoolConfig): Pg.Pool {
  engineSafePool ??= class EngineSafePool extends pg().Pool {
    constructor(poolConfig: PoolConfig) {
      super({ ...poolConfig, max: 1 });
    }

    override query(...args: unknown[]): never {
      const pending = (super.query as (...a: unknown[]) => unknown)(...args);
      if (!(pending instanceof Promise)) return pending as never;
      return pending.then((result: QueryResult) => {
        for (const field of result?.fields ?? []) {
          if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
        }
        return result;
      }) as never;
    }
  };
  return new engineSafePool(config);
}

export function connectPostgresEngine(connectionString: string, schema: string): EngineConnection {
  const pools: Pg.Pool[] = [];
  const openPool = (config: PoolConfig): Pg.Pool => {
    const pool = openEngineSafePool(config);
    pool.on('error', () => {});
    pools.push(pool);
    return pool;
  };
  const main = new (adapterPg().PrismaPg)(openPool({ connectionString, options: `-c search_path="${schema}"` }), { schema });
  const shadowDatabases: string[] = [];
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: () => main.connect(),
    // Diffs from the migration history replay it in a new database, dropped on close.
    connectToShadowDb: async () => {
      const name = `prisma_migrate_shadow_db_${randomUUID().replace(/-/g, '')}`;
      await runPgStatement(connectionString, `CREATE DATABASE "${name}"`);
      shadowDatabases.push(name);
      const url = new URL(connectionString);
      url.pathname = `/${name}`;
      return new (adapterPg().PrismaPg)(openPool({ connectionString: url.toString() })).connect();
    },
  };
  return trackAdapters(factory, async () => {
    await Promise.allSettled(pools.map((pool) => pool.end()));
    for (const name of shadowDatabases) {
      await runPgStatement(connectionString, `DROP DATABASE IF EXISTS "${name}"`);
    }
  });
}

async function runPgStatement(connectionString: string, sql: string): Promise<void> {
  const client = new (pg().Client)({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function withSchemaEngine<T>(
  connection: EngineConnection,
  run: (engine: SchemaEngineWasm.SchemaEngine) => Promise<T>,
): Promise<T> {
  const wasm = await loadWasmModule();
  runningEngines += 1;
  try {
    const engine = await wasm.SchemaEngine.new(
      { datamodels: undefined },
      () => {},
      (require('@prisma/driver-adapter-utils') as typeof DriverAdapterUtils).bindMigrationAwareSqlAdapterFactory(connection.factory),
    );
    try {
      return await run(engine);
    } finally {
      engine.free();
    }
  } finally {
    runningEngines -= 1;
    clearEngineTimers();
    await connection.close();
  }
}

export async function applyMigrations(provider: Provider, connection: EngineConnection): Promise<string[]> {
  const migrationsList = readMigrationsList(provider);
  const output = await withSchemaEngine(connection, (engine) =>
    engine.applyMigrations({ migrationsList, filters: noFilters }),
  );
  return output.appliedMigrationNames;
}

// The SQL that takes a database from the provider's migrations to its models ('' when in step).
// Diffing from migrations replays them in a shadow database the adapter factory provides.
export async function diffMigrationsToModels(provider: Provider, connection: EngineConnection): Promise<string> {
  const migrationsList = readMigrationsList(provider);
  const from: SchemaEngineWasm.DiffTarget =
    migrationsList.migrationDirectories.length === 0
      ? { tag: 'empty' }
      : { tag: 'migrations', ...migrationsList };
  const result = await withSchemaEngine(connection, (engine) =>
    engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: readSchemaFiles(provider) },
      script: true,
      exitCode: null,
      filters: noFilters,
    }),
  );
  const script = stripPublicSchemaCreation(result.stdout ?? '');
  return isEmptyScript(script) ? '' : script;
}

// A diff from nothing opens with CREATE SCHEMA IF NOT EXISTS "public", which fails for a role
// without CREATE on the database even though the schema exists; openStorage creates the schema
// it is given when missing, so the statement is left out.
function stripPublicSchemaCreation(script: string): string {
  return script.replace(/^-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "public";\n+/, '');
}

function isEmptyScript(script: string): boolean {
  return script.trim() === '' || script.trim() === '-- This is an empty migration.';
}
