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

describeUnless(postgresUrl !== undefined, NEEDS_POSTGRES)('console pages meeting a write lock on postgresql', () => {
  const schema = `console_wlock_${process.pid}_${Date.now().toString(36)}`;
  let app: ConsoleTestApp;
  let staff: Browser;
  let locker: Client;

  beforeAll(async () => {
    const url = new URL(postgresUrl!);
    url.searchParams.set('schema', schema);
    app = await startConsole({ databaseUrl: url.toString() });
    await app.addPerson('sam@example.com', 'staff');
    await app.opened.inbox.orders.insert({
      id: 'or_wlock1',
      handoffId: 'ho_link1',
      idempotencyKey: 'key-wlock-1',
      createdAt: new Date(Date.parse('2026-11-01T00:00:00Z')),
      priceBook: '2026-11',
      subtotalCents: 1000,
      taxCents: 130,
      totalCents: 1130,
      fulfilment: 'pickup',
      address: null,
      contact: { name: 'Dana Weld', email: 'dana@forge.example', phone: null, company: null, note: null },
      items: [{ quoteId: 'q_abc', itemIndex: 0, kind: 'plate', description: 'A36 plate', label: null, quantity: 1, unitAmountCents: 1000, amountCents: 1000 }],
    });
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

  it('a write lock on staff_sessions (reads pass): pages answer 200, the last-seen write skipped', async () => {
    app.advance(5 * 60_000);
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE "${schema}"."staff_sessions" IN EXCLUSIVE MODE`);
    try {
      for (const page of ['/', '/inbox', '/inbox/order/or_wlock1', '/inbox', '/price-book']) expect([page, (await staff.get(page)).status]).toEqual([page, 200]);
    } finally {
      await locker.query('ROLLBACK');
    }
  });

  it.each(['request_events', 'audit_log', 'inbox_items'])('a write lock on %s: a note or a state change answers 503 within the lock wait, saying to try again; then it works', async (table) => {
    const csrf = await staff.csrf('/inbox/order/or_wlock1');
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE "${schema}"."${table}" IN EXCLUSIVE MODE`);
    let busy;
    try {
      expect((await staff.get('/inbox/order/or_wlock1')).status).toBe(200);
      busy = table === 'inbox_items' ? await staff.post('/inbox/order/or_wlock1/state', { _csrf: csrf, state: 'quoted', reason: '' }) : await staff.post('/inbox/order/or_wlock1/notes', { _csrf: csrf, note: `while ${table} is locked` });
    } finally {
      await locker.query('ROLLBACK');
    }
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(busy.text).toContain('Try again');
    expect((await staff.post('/inbox/order/or_wlock1/notes', { _csrf: csrf, note: 'after the lock' })).status).toBe(303);
  }, 20_000);
});
