// The REST and MCP apps are two processes on one SQLite file: their rate limits count together in
// the file's rate_limits table. (Their writes to it: packages/storage/test/two-processes.test.ts.)
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';

const runFile = promisify(execFile);
const tsxCli = require.resolve('tsx/cli');
const counter = path.join(__dirname, 'fixtures/limit-process.ts');

interface CounterReport {
  failures: string[];
  allowed: number;
  rejected: number;
}

describe('two processes on one SQLite file', () => {
  let rootDir: string;
  beforeEach(() => {
    rootDir = mkdtempSync(path.join(os.tmpdir(), 'shop-limits-two-'));
  });
  afterEach(() => {
    rmSync(rootDir, { recursive: true, force: true });
  });

  it('count rate-limit points together: 60 priced requests a minute between them, no more', async () => {
    const startAt = String(Date.now() + 2500);
    const reports = await Promise.all(
      ['a', 'b'].map(async () => {
        const { stdout } = await runFile(process.execPath, [tsxCli, '--conditions=@shop/source', counter, 'file:./data/shop.db', rootDir, '50'], {
          env: { ...process.env, START_AT: startAt },
          timeout: 60_000,
        });
        return JSON.parse(stdout) as CounterReport;
      }),
    );
    expect(reports.flatMap((report) => report.failures)).toEqual([]);
    expect(reports.reduce((sum, report) => sum + report.allowed, 0)).toBe(60);
    expect(reports.reduce((sum, report) => sum + report.rejected, 0)).toBe(40);
    const file = new Database(path.join(rootDir, 'data/shop.db'), { readonly: true });
    try {
      // Every request spent a minute point; the day was given back those the minute refused.
      expect(file.prepare("SELECT key, points FROM rate_limits WHERE key LIKE 'shared:%' ORDER BY key").all()).toEqual([
        { key: 'shared:pricing:day:203.0.113.7', points: 60 },
        { key: 'shared:pricing:minute:203.0.113.7', points: 100 },
      ]);
    } finally {
      file.close();
    }
  }, 90_000);
});
