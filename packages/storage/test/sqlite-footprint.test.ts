// The embedded default carries no PostgreSQL driver and no Prisma client: a process serving a SQLite
// file whose migrations are applied loads neither (about 30 MB of memory), and one that applies
// them loads only the schema engine for that. Checked in a child process, whose module cache is its own.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/** The storage's modules a fresh process has loaded after opening the file (twice: new, then migrated). */
function modulesLoadedByOpening(rootDir: string): string[] {
  const script = `
    const { openStorage } = require('./packages/storage/src/index.ts');
    (async () => {
      const storage = await openStorage({ databaseUrl: 'file:./shop.db', rootDir: ${JSON.stringify(rootDir)} });
      await storage.quotes.get('q_none', new Date());
      await storage.close();
      const loaded = Object.keys(require.cache).filter((file) => /node_modules\\/(\\.pnpm\\/)?(@prisma|pg|prisma)[+@/-]|generated\\/(sqlite|postgresql)\\//.test(file));
      process.stdout.write(JSON.stringify({ engine: storage.startup.schemaEngine, loaded }));
    })();`;
  const output = execFileSync(process.execPath, ['--require', require.resolve('tsx/cjs'), '--conditions=@shop/source', '-e', script], { cwd: root, encoding: 'utf8' });
  const { engine, loaded } = JSON.parse(output) as { engine: boolean; loaded: string[] };
  return [`engine: ${engine}`, ...new Set(loaded.map((file) => /(@prisma\/[^/]+|\/pg\/|generated\/\w+)/.exec(file)?.[1] ?? file))].sort();
}

describe('the SQLite storage footprint', () => {
  let rootDir: string;
  beforeAll(() => {
    rootDir = mkdtempSync(path.join(os.tmpdir(), 'shop-footprint-'));
  });
  afterAll(() => rmSync(rootDir, { recursive: true, force: true }));

  it('loads the schema engine only to migrate a new file, and never Prisma’s client or the pg driver', () => {
    const first = modulesLoadedByOpening(rootDir);
    expect(first).toContain('engine: true');
    expect(first.filter((name) => /client|generated|\/pg\/|adapter-pg/.test(name))).toEqual([]);
    // A start on the migrated file loads nothing of Prisma at all.
    expect(modulesLoadedByOpening(rootDir)).toEqual(['engine: false']);
  }, 60_000);
});
