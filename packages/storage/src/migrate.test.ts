// The migration runner and the table types: what the committed migrations build, recorded as
// Prisma records it, and db-types.ts kept true to it.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import ts from 'typescript';
import { createSqliteDatabase } from '../test/harness';
import { pendingMigrations, readMigrations, resolveMigrationsDir } from './migrate';

const providers = ['sqlite', 'postgresql'] as const;
const fixtures = path.resolve(__dirname, '../test/fixtures');

/** migration name -> checksum, as Prisma's schema engine recorded them in the stored fixtures. */
function checksumsRecordedByPrisma(provider: 'sqlite' | 'postgresql'): Map<string, string> {
  if (provider === 'sqlite') {
    // A copy: opening a WAL file, even read-only, leaves its -shm and -wal files beside it.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-checksums-'));
    copyFileSync(path.join(fixtures, 'stored-v1.sqlite.db'), path.join(dir, 'copy.db'));
    const file = new Database(path.join(dir, 'copy.db'));
    try {
      const rows = file.prepare('SELECT migration_name, checksum FROM _prisma_migrations').all() as Array<{ migration_name: string; checksum: string }>;
      return new Map(rows.map((row) => [row.migration_name, row.checksum]));
    } finally {
      file.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const dump = readFileSync(path.join(fixtures, 'stored-v1.postgresql.sql'), 'utf8');
  const rows = [...dump.matchAll(/_prisma_migrations \([^)]*\) VALUES \('[^']*', '([0-9a-f]{64})', [^,]*, '([^']+)'/g)];
  return new Map(rows.map((match) => [match[2]!, match[1]!]));
}

/** table -> column -> TypeScript type text, read from db-types.ts. */
function readDbTypes(): Map<string, Map<string, string>> {
  const file = path.join(__dirname, 'db-types.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const shapes = new Map<string, Map<string, string>>();
  for (const statement of source.statements) {
    if (ts.isTypeAliasDeclaration(statement) && ts.isTypeLiteralNode(statement.type)) {
      const members = new Map<string, string>();
      for (const member of statement.type.members) {
        if (ts.isPropertySignature(member) && member.type) members.set(member.name.getText(source), member.type.getText(source));
      }
      shapes.set(statement.name.text, members);
    }
  }
  const db = shapes.get('DB');
  if (!db) throw new Error('db-types.ts has no DB type');
  return new Map([...db].map(([table, shape]) => [table, shapes.get(shape) ?? new Map()]));
}

describe('the migrations', () => {
  it('keep one history per provider with the same names, each folder with its migration.sql and each provider its lock file', () => {
    const names = providers.map((provider) => readMigrations(provider).map((migration) => migration.name));
    expect(names[0]!.length).toBeGreaterThan(0);
    expect(names[0]).toEqual(names[1]);
    for (const provider of providers) {
      const dir = resolveMigrationsDir(provider);
      expect(readFileSync(path.join(dir, 'migration_lock.toml'), 'utf8')).toContain(`provider = "${provider}"`);
      for (const name of readdirSync(dir).filter((entry) => !entry.endsWith('.toml'))) expect(existsSync(path.join(dir, name, 'migration.sql'))).toBe(true);
    }
  });

  it.each(providers)('on %s carry the checksums Prisma recorded for them (sha256 of the file)', (provider) => {
    const recorded = checksumsRecordedByPrisma(provider);
    expect(recorded.size).toBe(5);
    for (const [name, checksum] of recorded) {
      expect(readMigrations(provider).find((migration) => migration.name === name)?.checksum).toBe(checksum);
    }
  });

  it('leave out what is applied, finished and not rolled back; a rolled-back one applies again', () => {
    const [first, second, ...rest] = readMigrations('sqlite');
    const done = (name: string) => ({ migration_name: name, finished_at: '2026-11-24T00:00:00.000+00:00', rolled_back_at: null });
    expect(pendingMigrations('sqlite', []).map((m) => m.name)).toEqual(readMigrations('sqlite').map((m) => m.name));
    expect(pendingMigrations('sqlite', [done(first!.name), done(second!.name)]).map((m) => m.name)).toEqual(rest.map((m) => m.name));
    const rolledBack = { ...done(second!.name), rolled_back_at: '2026-11-25T00:00:00.000+00:00' };
    expect(pendingMigrations('sqlite', [done(first!.name), rolledBack]).map((m) => m.name)).toEqual([second!.name, ...rest.map((m) => m.name)]);
  });

  it('refuse to go on past a migration that failed, naming it and how to resolve it', () => {
    const [first] = readMigrations('sqlite');
    expect(() => pendingMigrations('sqlite', [{ migration_name: first!.name, finished_at: null, rolled_back_at: null }])).toThrow(
      new RegExp(`Migration ${first!.name} failed on an earlier start.*prisma migrate resolve`),
    );
  });
});

describe('a new SQLite file', () => {
  const database = createSqliteDatabase();
  afterAll(() => database.drop());

  it('gets every migration, recorded in _prisma_migrations as Prisma records it, and the next start applies none', async () => {
    const first = await database.open();
    await first.close();
    expect(first.startup.appliedMigrations).toEqual(readMigrations('sqlite').map((migration) => migration.name));
    const rows = await database.query<Record<string, unknown>>('SELECT * FROM _prisma_migrations ORDER BY migration_name');
    expect(rows.map((row) => ({ ...row, id: typeof row.id, started_at: typeof row.started_at, finished_at: typeof row.finished_at }))).toEqual(
      readMigrations('sqlite').map((migration) => ({
        id: 'string',
        checksum: migration.checksum,
        finished_at: 'string',
        migration_name: migration.name,
        logs: null,
        rolled_back_at: null,
        started_at: 'string',
        applied_steps_count: 1,
      })),
    );
    // Dates in the text Prisma writes on SQLite.
    expect(String(rows[0]!.finished_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    const second = await database.open();
    await second.close();
    expect(second.startup.appliedMigrations).toEqual([]);
  });

  it('has exactly the tables, columns and nullability of db-types.ts (generated from the models: `pnpm db:types`)', async () => {
    const tsTypeOf = (declared: string) => (/INT/i.test(declared) ? 'number' : /^BLOB$/i.test(declared) ? 'Buffer' : 'string');
    // An FTS5 index (a virtual table and its shadow tables) is SQLite's own search structure, not a model.
    const tables = await database.query<{ name: string }>(
      "SELECT name FROM sqlite_master m WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.sql LIKE 'CREATE VIRTUAL TABLE%' AND m.name LIKE v.name || '\\_%' ESCAPE '\\') ORDER BY name",
    );
    const built = new Map<string, Map<string, string>>();
    for (const { name } of tables) {
      const columns = await database.query<{ name: string; type: string; notnull: number; dflt_value: unknown; pk: number }>(`PRAGMA table_info("${name}")`);
      built.set(
        name,
        new Map(
          columns.map((column) => {
            const base = `${tsTypeOf(column.type)}${column.notnull || column.pk ? '' : ' | null'}`;
            // A default, or an INTEGER PRIMARY KEY (SQLite's rowid: AUTOINCREMENT), is filled in by the database.
            const generated = column.dflt_value !== null || (column.pk === 1 && /^integer$/i.test(column.type));
            return [column.name, generated ? `Generated<${base}>` : base];
          }),
        ),
      );
    }
    const sorted = (tables: Map<string, Map<string, string>>) => Object.fromEntries([...tables].sort().map(([table, columns]) => [table, Object.fromEntries([...columns].sort())]));
    expect(sorted(readDbTypes())).toEqual(sorted(built));
  });
});
