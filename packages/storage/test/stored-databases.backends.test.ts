// Databases made by the storage before this layer (Prisma's schema engine and client, commit
// 1cb614e: test/fixtures/stored-v*): opened, migrated, every row read back without loss, and the
// same records stored again by this layer byte for byte as that storage stored them.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrations } from '../src/migrate';
import { retentionEnd, type Storage } from '../src/index';
import { describeEachDatabase, postgresUrl, runPostgres, type TestDatabase } from './harness';
import * as stored from './fixtures/stored-rows';

const fixtures = path.join(__dirname, 'fixtures');
// The last migration when the fixtures were made; the migrations named after it came later.
const FIXTURE_MIGRATION = '20261127030950_import_references';
const migrationsSince = (provider: TestDatabase['provider']): string[] =>
  readMigrations(provider)
    .map((migration) => migration.name)
    .filter((name) => name > FIXTURE_MIGRATION);
const TABLES = ['quotes', 'handoffs', 'plate_designs', 'rfq_links', 'rfq_submissions', 'plate_imports', 'idempotency_keys'] as const;

/** Puts the fixture's database where `database` opens: the SQLite file, or the dump restored into its schema. */
async function restore(database: TestDatabase, version: 'v0' | 'v1'): Promise<void> {
  if (database.provider === 'sqlite') {
    mkdirSync(path.join(database.rootDir, 'data'), { recursive: true });
    copyFileSync(path.join(fixtures, `stored-${version}.sqlite.db`), path.join(database.rootDir, 'data', 'shop.db'));
    return;
  }
  const dump = readFileSync(path.join(fixtures, `stored-${version}.postgresql.sql`), 'utf8')
    .split('\n')
    // psql's own commands (\restrict) are not SQL.
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
    .replaceAll(`st_fixture_${version}`, database.schema!);
  await runPostgres(postgresUrl!, dump);
}

/**
 * Columns stored otherwise since the fixtures were made: an import's body is kept deflated (its text
 * read back through the storage is compared instead), with its bytes counted.
 */
const CHANGED_SINCE: Record<string, readonly string[]> = { plate_imports: ['body', 'body_deflated', 'stored_bytes'] };

/** Every row of `table` ordered by its key, each column as exact text with its type (SQLite's quote(), PostgreSQL's ::text). */
async function rowsOf(database: TestDatabase, table: string): Promise<unknown[]> {
  const key = table === 'idempotency_keys' ? 'key' : 'id';
  const changed = CHANGED_SINCE[table] ?? [];
  if (database.provider === 'sqlite') {
    const columns = (await database.query<{ name: string }>(`SELECT name FROM pragma_table_info('${table}') ORDER BY name`)).filter(({ name }) => !changed.includes(name));
    return database.query(`SELECT ${columns.map(({ name }) => `quote("${name}") AS "${name}"`).join(', ')} FROM "${table}" ORDER BY "${key}"`);
  }
  const columns = (
    await database.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = '${database.schema}' AND table_name = '${table}' ORDER BY column_name`,
    )
  ).filter(({ name }) => !changed.includes(name));
  return database.query(`SELECT ${columns.map(({ name }) => `"${name}"::text || ':' || pg_typeof("${name}")::text AS "${name}"`).join(', ')} FROM "${table}" ORDER BY "${key}"`);
}

/** What the fixture maker did, through this layer. */
async function storeFixtureRecords(storage: Storage): Promise<void> {
  for (const record of stored.plateImports) await storage.plateImports.insert(record);
  for (const record of stored.quotes) await storage.quotes.insert(record);
  for (const record of stored.handoffs) await storage.handoffs.insert(record);
  for (const record of stored.rfqLinks) await storage.rfqLinks.insert(record);
  for (const record of stored.rfqSubmissions) await storage.rfqSubmissions.insert(record);
  await storage.rfqSubmissions.insert({ ...stored.rfqSubmissions[0]!, id: 'sub_fixture_duplicate00001' });
  for (const { answer, ...claim } of stored.idempotencyKeys) {
    await storage.idempotencyKeys.claim(claim);
    if (answer) await storage.idempotencyKeys.complete(claim.key, answer);
  }
}

/** Reads back every record the fixture holds; `older`: the fixture from before the last migration. */
async function expectEveryRecord(storage: Storage, older: boolean): Promise<void> {
  const at = stored.STORED_AT;
  for (const { importIds: _ids, ...quote } of stored.quotes) {
    const read = await storage.quotes.get(quote.id, at);
    expect(read).toEqual(quote);
    expect(Buffer.from(read!.body).equals(Buffer.from(quote.body))).toBe(true);
  }
  for (const { designs, ...handoff } of stored.handoffs) {
    await expect(storage.handoffs.get(handoff.id, at)).resolves.toEqual(handoff);
    await expect(storage.designs.listForHandoff(handoff.id, at)).resolves.toEqual(designs);
    for (const design of designs) await expect(storage.designs.get(design.id, at)).resolves.toEqual(design);
  }
  for (const link of stored.rfqLinks) await expect(storage.rfqLinks.get(link.id, at)).resolves.toEqual(link);
  // The named import is kept as long as the quote naming it; before the last migration nothing
  // named it, and the migration keeps each import 30 days past its expiry, as before.
  const namedUntil = retentionEnd(stored.quotes[1]!.expiresAt);
  for (const plateImport of stored.plateImports) {
    const retainUntil = !older && plateImport.id === stored.plateImports[0]!.id ? namedUntil : retentionEnd(plateImport.expiresAt);
    await expect(storage.plateImports.get(plateImport.id, at)).resolves.toEqual({ ...plateImport, retainUntil });
  }
  const submissions = stored.rfqSubmissions.map(({ idempotencyKey: _key, ...submission }) => submission);
  await expect(storage.rfqSubmissions.list()).resolves.toEqual([...submissions].reverse());
  await expect(storage.idempotencyKeys.find('idem-done', at)).resolves.toEqual({ requestHash: 'hash-done', answer: stored.idempotencyKeys[0].answer });
  await expect(storage.idempotencyKeys.find('idem-running', at)).resolves.toEqual({ requestHash: 'hash-running', answer: null });
  await expect(storage.idempotencyKeys.find('idem-import', at)).resolves.toEqual(
    older ? null : { requestHash: 'hash-import', answer: { status: 201, body: stored.plateImports[1]!.body } },
  );
}

describeEachDatabase('a database made before the Kysely layer', (createDatabase) => {
  const opened: Array<{ database: TestDatabase; storage?: Storage }> = [];
  const open = async (version: 'v0' | 'v1' | null) => {
    const database = createDatabase();
    const entry: { database: TestDatabase; storage?: Storage } = { database };
    opened.push(entry);
    if (version) await restore(database, version);
    entry.storage = await database.open();
    return entry as { database: TestDatabase; storage: Storage };
  };

  afterAll(async () => {
    for (const { database, storage } of opened) {
      await storage?.close();
      await database.drop();
    }
  });

  it('at its last migration: applies only the migrations added since, and reads every row back as it was stored', async () => {
    const { storage, database } = await open('v1');
    expect(storage.startup.appliedMigrations).toEqual(migrationsSince(database.provider));
    await expectEveryRecord(storage, false);
    // Prisma's rows are left as they were: one per migration, finished.
    const recorded = await database.query<{ migration_name: string; finished_at: unknown }>('SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name');
    expect(recorded.map((row) => row.migration_name)).toEqual(readMigrations(database.provider).map((migration) => migration.name));
  });

  it('before the last migration: applies it, records it beside Prisma’s rows, and reads every row back', async () => {
    const { storage, database } = await open('v0');
    expect(storage.startup.appliedMigrations).toEqual([FIXTURE_MIGRATION, ...migrationsSince(database.provider)]);
    await expectEveryRecord(storage, true);
    const recorded = await database.query<{ migration_name: string; checksum: string; finished_at: unknown; applied_steps_count: number }>(
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(recorded.map(({ migration_name, checksum, applied_steps_count }) => ({ migration_name, checksum, applied_steps_count }))).toEqual(
      readMigrations(database.provider).map((migration) => ({ migration_name: migration.name, checksum: migration.checksum, applied_steps_count: 1 })),
    );
    expect(recorded.every((row) => row.finished_at !== null)).toBe(true);
    // The migrated database takes this layer's writes: a quote naming an import moves its retention.
    await storage.quotes.insert({ ...stored.quotes[1]!, id: 'q_after_migration' });
    await expect(storage.plateImports.get(stored.plateImports[0]!.id, stored.STORED_AT)).resolves.toMatchObject({
      retainUntil: retentionEnd(stored.quotes[1]!.expiresAt),
    });
  });

  it('stores the same records byte for byte as the storage before it did, in every column', async () => {
    const before = await open('v1');
    const now = await open(null);
    await storeFixtureRecords(now.storage);
    for (const table of TABLES) {
      const rows = await rowsOf(now.database, table);
      expect(rows.length).toBeGreaterThan(0);
      expect({ table, rows }).toEqual({ table, rows: await rowsOf(before.database, table) });
    }
    for (const plateImport of stored.plateImports) {
      await expect(now.storage.plateImports.get(plateImport.id, plateImport.createdAt)).resolves.toMatchObject({ body: plateImport.body });
    }
  });
});
