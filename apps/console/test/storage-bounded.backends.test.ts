// The console on PostgreSQL with a table its pages read held ACCESS EXCLUSIVE by another session (a
// VACUUM FULL, a migration): each page answers within the lock wait, 503 "Database busy" with
// Retry-After, rather than hanging; once the lock is let go the same page answers 200.
import { Client } from 'pg';
import { NEEDS_POSTGRES, describeUnless } from '../../../scripts/test/skip-unless';
import { startConsole, type Browser, type ConsoleTestApp } from './console-harness';

const postgresUrl = process.env.TEST_POSTGRES_URL;

describeUnless(postgresUrl !== undefined, NEEDS_POSTGRES)('console pages meeting a locked table on postgresql', () => {
  const schema = `console_lock_${process.pid}_${Date.now().toString(36)}`;
  let app: ConsoleTestApp;
  let staff: Browser;
  let locker: Client;

  beforeAll(async () => {
    const url = new URL(postgresUrl!);
    url.searchParams.set('schema', schema);
    app = await startConsole({ databaseUrl: url.toString() });
    await app.addPerson('sam@example.com', 'staff');
    staff = app.browser();
    await staff.signIn('sam@example.com');
    locker = new Client({ connectionString: postgresUrl });
    await locker.connect();
  });
  afterAll(async () => {
    await locker.query('ROLLBACK').catch(() => undefined);
    await app.close();
    await locker.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await locker.end();
  });

  it.each(['staff_sessions', 'inbox_items'])('a lock on %s: the inbox answers 503 Database busy with Retry-After, then 200 once it is let go', async (table) => {
    expect((await staff.get('/inbox')).status).toBe(200);
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE "${schema}"."${table}" IN ACCESS EXCLUSIVE MODE`);
    const busy = await staff.get('/inbox');
    await locker.query('ROLLBACK');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(busy.text).toContain('Database busy');
    expect((await staff.get('/inbox')).status).toBe(200);
  });
});
