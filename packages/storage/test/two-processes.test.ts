// The REST and MCP apps are two processes on one SQLite file: both write at once and must never
// see a failure. (Their rate limits counting together: packages/service/test/two-processes.test.ts.)
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { createSqliteDatabase, type TestDatabase } from './harness';

const runFile = promisify(execFile);
const tsxCli = require.resolve('tsx/cli');
const writer = path.join(__dirname, 'fixtures/writer-process.ts');

interface WriterReport {
  failures: string[];
}

async function runWriters(database: TestDatabase, args: string[][]): Promise<WriterReport[]> {
  const startAt = String(Date.now() + 2500);
  const runs = args.map(async (extra) => {
    const { stdout } = await runFile(
      process.execPath,
      [tsxCli, '--conditions=@shop/source', writer, database.databaseUrl, database.rootDir, ...extra],
      { env: { ...process.env, START_AT: startAt }, timeout: 60_000 },
    );
    return JSON.parse(stdout) as WriterReport;
  });
  return Promise.all(runs);
}

describe('two processes on one SQLite file', () => {
  let database: TestDatabase;

  beforeEach(() => {
    database = createSqliteDatabase();
  });

  afterEach(async () => {
    await database.drop();
  });

  it('both create the new file at once, write together, and every row is there', async () => {
    const perProcess = 150;
    const reports = await runWriters(database, [
      ['a', String(perProcess)],
      ['b', String(perProcess)],
    ]);
    expect(reports.flatMap((report) => report.failures)).toEqual([]);

    const file = new Database(path.join(database.rootDir, 'data/shop.db'), { readonly: true });
    try {
      const count = (table: string) => (file.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      expect(count('quotes')).toBe(2 * perProcess);
      expect(count('handoffs')).toBe(2 * perProcess);
      expect(count('plate_designs')).toBe(2 * 2 * perProcess);
      expect(count('rfq_submissions')).toBe(2 * perProcess);
      expect(count('_prisma_migrations')).toBe(
        (file.prepare('SELECT COUNT(DISTINCT migration_name) AS n FROM _prisma_migrations').get() as { n: number }).n,
      );
      const body = file.prepare('SELECT body FROM quotes WHERE id = ?').get('q_b_149') as { body: string };
      expect(body.body).toBe('{"id":"q_b_149","é":"149"}');
      expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      file.close();
    }
  }, 90_000);
});
