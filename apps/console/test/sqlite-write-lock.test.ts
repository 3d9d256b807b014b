// The console on SQLite while another connection holds the write lock (BEGIN IMMEDIATE: a backup, a
// migration, another process's long write): pages that only read answer 200, the session's
// last-seen time being written best effort; every form that must write answers 503 "Database busy"
// with Retry-After and says to try again; once the lock is let go the same forms work.
import Database from 'better-sqlite3';
import { START, startConsole, type Browser, type ConsoleTestApp } from './console-harness';

const MINUTE = 60_000;

describe('console pages while another connection holds SQLite\'s write lock', () => {
  let app: ConsoleTestApp;
  let sam: Browser;
  let locker: Database.Database;

  beforeAll(async () => {
    app = await startConsole();
    await app.addPerson('sam@example.com', 'staff');
    await app.opened.inbox.orders.insert({
      id: 'or_lock1',
      handoffId: 'ho_link1',
      idempotencyKey: 'key-lock-1',
      createdAt: new Date(START.getTime() - 60 * MINUTE),
      priceBook: '2026-11',
      subtotalCents: 1000,
      taxCents: 130,
      totalCents: 1130,
      fulfilment: 'pickup',
      address: null,
      contact: { name: 'Dana Weld', email: 'dana@forge.example', phone: null, company: null, note: null },
      items: [{ quoteId: 'q_abc', itemIndex: 0, kind: 'plate', description: 'A36 plate', label: null, quantity: 1, unitAmountCents: 1000, amountCents: 1000 }],
    });
    sam = app.browser();
    expect((await sam.signIn('sam@example.com')).status).toBe(303);
    locker = new Database(app.databaseUrl.replace(/^file:/, ''));
  });
  afterAll(async () => {
    if (locker.inTransaction) locker.exec('ROLLBACK');
    locker.close();
    await app.close();
  });

  it('reads answer 200 (the last-seen write skipped), writes 503 saying to try again, and all work once the lock is let go', async () => {
    const csrf = await sam.csrf('/inbox/order/or_lock1');
    // Past the minute after which a page writes the session's last-seen time.
    app.advance(5 * MINUTE);
    locker.exec('BEGIN IMMEDIATE');
    try {
      for (const page of ['/', '/inbox', '/inbox/order/or_lock1', '/inbox?q=plate', '/price-book']) {
        const reply = await sam.get(page);
        expect([page, reply.status]).toEqual([page, 200]);
      }
      const note = await sam.post('/inbox/order/or_lock1/notes', { _csrf: csrf, note: 'Called back' });
      expect(note.status).toBe(503);
      expect(note.headers.get('retry-after')).toBe('2');
      expect(note.text).toContain('Try again');
      expect((await sam.post('/inbox/order/or_lock1/state', { _csrf: csrf, state: 'quoted', reason: '' })).status).toBe(503);
      const other = app.browser();
      const signIn = await other.signIn('sam@example.com');
      expect(signIn.status).toBe(503);
      expect(signIn.text).toContain('Try again');
    } finally {
      locker.exec('ROLLBACK');
    }
    expect((await sam.post('/inbox/order/or_lock1/notes', { _csrf: csrf, note: 'Called back' })).status).toBe(303);
    expect((await app.browser().signIn('sam@example.com')).status).toBe(303);
    expect((await sam.get('/inbox/order/or_lock1')).text).toContain('note: Called back');
    // Each refused write waits out the 2-second lock wait first.
  }, 30_000);
});
