// The embedded default carries no PostgreSQL driver and nothing of Prisma: a process that creates
// and migrates a SQLite file, or serves one already migrated, loads neither. Checked in a child
// process, whose module cache is its own.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/** What a fresh process has loaded after opening the file: the migrations it applied, and any pg or Prisma module. */
function openInChild(rootDir: string): { applied: number; loaded: string[] } {
  const script = `
    const { openStorage } = require('./packages/storage/src/index.ts');
    (async () => {
      const storage = await openStorage({ databaseUrl: 'file:./shop.db', rootDir: ${JSON.stringify(rootDir)} });
      await storage.quotes.get('q_none', new Date());
      await storage.close();
      const loaded = Object.keys(require.cache).filter((file) => /node_modules\\/(\\.pnpm\\/)?(@prisma|pg|prisma)[+@/-]/.test(file));
      process.stdout.write(JSON.stringify({ applied: storage.startup.appliedMigrations.length, loaded }));
    })();`;
  const output = execFileSync(process.execPath, ['--require', require.resolve('tsx/cjs'), '--conditions=@shop/source', '-e', script], { cwd: root, encoding: 'utf8' });
  return JSON.parse(output) as { applied: number; loaded: string[] };
}

describe('the SQLite storage footprint', () => {
  let rootDir: string;
  beforeAll(() => {
    rootDir = mkdtempSync(path.join(os.tmpdir(), 'shop-footprint-'));
  });
  afterAll(() => rmSync(rootDir, { recursive: true, force: true }));

  it('loads neither the pg driver nor anything of Prisma, migrating a new file or serving a migrated one', () => {
    const first = openInChild(rootDir);
    expect(first.applied).toBeGreaterThan(0);
    expect(first.loaded).toEqual([]);
    expect(openInChild(rootDir)).toEqual({ applied: 0, loaded: [] });
  }, 60_000);
});
