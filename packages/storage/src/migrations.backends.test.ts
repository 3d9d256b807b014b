// The PostgreSQL migrations against SQLite's: the same tables and columns, and Prisma's history
// table as Prisma writes it on PostgreSQL.
import { NEEDS_POSTGRES, describeUnless } from '../../../scripts/test/skip-unless';
import { createPostgresDatabase, createSqliteDatabase, postgresUrl, type TestDatabase } from '../test/harness';
import { readMigrations } from './migrate';

/** table.column -> "text|int nullable?", for every table but Prisma's history (and SQLite's FTS5 index tables, its own search structure). */
async function columnsOf(database: TestDatabase): Promise<Record<string, string>> {
  const family = (type: string) => (/int/i.test(type) ? 'int' : 'text');
  const rows =
    database.provider === 'sqlite'
      ? await database.query<{ table_name: string; name: string; type: string; nullable: number }>(
          "SELECT m.name AS table_name, c.name, c.type, (c.\"notnull\" = 0 AND c.pk = 0) AS nullable FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table' AND m.name <> '_prisma_migrations' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND m.sql NOT LIKE 'CREATE VIRTUAL TABLE%' AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.sql LIKE 'CREATE VIRTUAL TABLE%' AND m.name LIKE v.name || '\\_%' ESCAPE '\\')",
        )
      : await database.query<{ table_name: string; name: string; type: string; nullable: boolean }>(
          `SELECT table_name, column_name AS name, data_type AS type, is_nullable = 'YES' AS nullable FROM information_schema.columns WHERE table_schema = '${database.schema}' AND table_name <> '_prisma_migrations'`,
        );
  return Object.fromEntries(rows.map((row) => [`${row.table_name}.${row.name}`, `${family(row.type)}${row.nullable ? ' nullable' : ''}`]).sort());
}

describeUnless(Boolean(postgresUrl), NEEDS_POSTGRES)('the PostgreSQL migrations', () => {
  let sqlite: TestDatabase;
  let postgres: TestDatabase;

  beforeAll(async () => {
    sqlite = createSqliteDatabase();
    postgres = createPostgresDatabase(postgresUrl!);
    await (await sqlite.open()).close();
    await (await postgres.open()).close();
  });

  afterAll(async () => {
    await sqlite?.drop();
    await postgres?.drop();
  });

  it('build the tables and columns the SQLite ones build (types by family, nullability)', async () => {
    const built = await columnsOf(postgres);
    expect(Object.keys(built).length).toBeGreaterThan(30);
    expect(built).toEqual(await columnsOf(sqlite));
  });

  it('are recorded in _prisma_migrations with Prisma’s columns, checksums and one step each', async () => {
    const columns = await postgres.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = '${postgres.schema}' AND table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns.map((column) => `${column.column_name} ${column.data_type}`)).toEqual([
      'id character varying',
      'checksum character varying',
      'finished_at timestamp with time zone',
      'migration_name character varying',
      'logs text',
      'rolled_back_at timestamp with time zone',
      'started_at timestamp with time zone',
      'applied_steps_count integer',
    ]);
    const rows = await postgres.query<{ migration_name: string; checksum: string; applied_steps_count: number; finished: boolean }>(
      'SELECT migration_name, checksum, applied_steps_count, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows).toEqual(readMigrations('postgresql').map((migration) => ({ migration_name: migration.name, checksum: migration.checksum, applied_steps_count: 1, finished: true })));
  });
});
