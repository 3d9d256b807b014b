// What rate-limiters.ts relies on in rate-limiter-flexible beyond its public API: the store methods
// it wraps (_upsert, _get, _delete) and the SQLite transaction hook it replaces. Checked against the
// installed package, by shape and by behaviour, so an upgrade that moves them fails here first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { RateLimiterPostgres, RateLimiterSQLite } from 'rate-limiter-flexible';
import { createSqliteRateLimiter } from './rate-limiters';
import { createSqliteWrites } from './sqlite-write-batch';
import type { SqliteStatement, SqliteWrites } from './sqlite-write-batch';

const VERIFIED = '11.4.0';
const RECHECK = 'Re-check the overrides in packages/storage/src/rate-limiters.ts (mapStoreErrors, PreparedSqliteLimiter) against the new rate-limiter-flexible.';

function explain(what: string, check: () => void): void {
  try {
    check();
  } catch (error) {
    throw new Error(`${what}: ${(error as Error).message}\n${RECHECK}`);
  }
}

describe('the rate-limiter-flexible internals the stores rely on', () => {
  it('is the release the overrides were verified with', () => {
    const manifest = path.join(path.dirname(require.resolve('rate-limiter-flexible')), 'package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    explain(`rate-limiter-flexible is ${version}, verified with ${VERIFIED}`, () => expect(version).toBe(VERIFIED));
  });

  it('keeps the store methods that are wrapped to map driver errors', () => {
    for (const [name, store] of [['RateLimiterSQLite', RateLimiterSQLite], ['RateLimiterPostgres', RateLimiterPostgres]] as const) {
      for (const method of ['_upsert', '_get', '_delete']) {
        explain(`${name}.prototype.${method} is gone`, () => expect(typeof (store.prototype as unknown as Record<string, unknown>)[method]).toBe('function'));
      }
    }
    explain('RateLimiterSQLite.prototype._upsertTransactionBetterSQLite3 is gone', () =>
      expect(typeof (RateLimiterSQLite.prototype as unknown as Record<string, unknown>)._upsertTransactionBetterSQLite3).toBe('function'),
    );
  });

  it('routes every SQLite count through the replaced hook: one statement, group-committed', async () => {
    const connection = new Database(':memory:');
    connection.exec('CREATE TABLE rate_limits (key TEXT NOT NULL PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire BIGINT)');
    const inThread = createSqliteWrites(connection);
    const sent: SqliteStatement[][] = [];
    const counted: SqliteWrites = { ...inThread, execute: (statements, options) => (sent.push([...statements]), inThread.execute(statements, options)) };
    const prepare = jest.spyOn(connection, 'prepare');
    try {
      const limiter = createSqliteRateLimiter(connection, counted, { keyPrefix: 'upstream', points: 3, durationSeconds: 60 });
      const first = await limiter.consume('10.0.0.1');
      const second = await limiter.consume('10.0.0.1');
      explain('a count did not go to the writes as one upsert returning its row', () =>
        expect(sent.map((unit) => unit.map(({ sql, result }) => [/^\s*INSERT/i.test(sql), result]))).toEqual([[[true, 'get']], [[true, 'get']]]),
      );
      explain('the upsert was prepared more than once', () => expect(prepare.mock.calls.filter(([sql]) => /INSERT/i.test(String(sql)))).toHaveLength(1));
      explain('the counts are wrong', () => expect([first.remainingPoints, second.remainingPoints]).toEqual([2, 1]));
      expect(connection.prepare('SELECT points FROM rate_limits WHERE key = ?').get('upstream:10.0.0.1')).toEqual({ points: 2 });
    } finally {
      prepare.mockRestore();
      connection.close();
    }
  });
});
