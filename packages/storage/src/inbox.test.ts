// The inbox repository on SQLite, its tables made by the committed migrations.
import { Kysely, SqliteDialect } from 'kysely';
import Database from 'better-sqlite3';
import { createInboxRepository, type InboxTables } from './inbox';
import { readMigrationFiles } from '../test/order-database';

describe('inbox on SQLite', () => {
  let connection: Database.Database;
  let db: Kysely<InboxTables>;

  beforeEach(() => {
    connection = new Database(':memory:');
    for (const sql of readMigrationFiles('sqlite')) connection.exec(sql);
    db = new Kysely<InboxTables>({ dialect: new SqliteDialect({ database: connection }) });
  });
  afterEach(() => db.destroy());

  const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute));

  it('answers new for a request without a status', async () => {
    const inbox = createInboxRepository(db);
    const statuses = await inbox.statuses('order', ['or_1', 'or_2']);
    expect([...statuses.entries()]).toEqual([
      ['or_1', { state: 'new', lostReason: null, assigneeId: null }],
      ['or_2', { state: 'new', lostReason: null, assigneeId: null }],
    ]);
  });

  it('keeps state changes, assignment and notes, each in the timeline in order', async () => {
    const inbox = createInboxRepository(db);
    await inbox.setState('quote', 'rs_1', { state: 'in_progress', staffId: 'st_a', at: at(1) });
    await inbox.assign('quote', 'rs_1', { assigneeId: 'st_b', staffId: 'st_a', at: at(2) });
    await inbox.addNote('quote', 'rs_1', { text: '  Called back, wants 10 more.  ', staffId: 'st_b', at: at(3) });
    await inbox.setState('quote', 'rs_1', { state: 'lost', lostReason: 'price', staffId: 'st_b', at: at(4) });

    expect((await inbox.statuses('quote', ['rs_1'])).get('rs_1')).toEqual({ state: 'lost', lostReason: 'price', assigneeId: 'st_b' });
    // The same id under the other kind is another request.
    expect((await inbox.statuses('order', ['rs_1'])).get('rs_1')?.state).toBe('new');
    const timeline = await inbox.timeline('quote', 'rs_1');
    expect(timeline.map(({ at: when, staffId, event, detail }) => [when.toISOString(), staffId, event, detail])).toEqual([
      ['2026-11-27T09:01:00.000Z', 'st_a', 'state', { from: 'new', to: 'in_progress' }],
      ['2026-11-27T09:02:00.000Z', 'st_a', 'assign', { from: null, to: 'st_b' }],
      ['2026-11-27T09:03:00.000Z', 'st_b', 'note', { text: 'Called back, wants 10 more.' }],
      ['2026-11-27T09:04:00.000Z', 'st_b', 'state', { from: 'in_progress', to: 'lost', reason: 'price' }],
    ]);
    expect(await inbox.timeline('order', 'rs_1')).toEqual([]);
  });

  it('clears the reason when a lost request moves on', async () => {
    const inbox = createInboxRepository(db);
    await inbox.setState('order', 'or_1', { state: 'lost', lostReason: 'lead time', staffId: 'st_a', at: at(1) });
    await inbox.setState('order', 'or_1', { state: 'won', staffId: 'st_a', at: at(2) });
    expect((await inbox.statuses('order', ['or_1'])).get('or_1')).toEqual({ state: 'won', lostReason: null, assigneeId: null });
  });

  it('refuses lost without a reason, an unknown state and an empty note, writing nothing', async () => {
    const inbox = createInboxRepository(db);
    await expect(inbox.setState('order', 'or_1', { state: 'lost', lostReason: '  ', staffId: 'st_a', at: at(1) })).rejects.toThrow('a lost request needs a reason');
    await expect(inbox.setState('order', 'or_1', { state: 'gone' as never, staffId: 'st_a', at: at(1) })).rejects.toThrow('unknown inbox state gone');
    await expect(inbox.addNote('order', 'or_1', { text: ' ', staffId: 'st_a', at: at(1) })).rejects.toThrow('a note needs text');
    expect(await inbox.timeline('order', 'or_1')).toEqual([]);
    expect(connection.prepare('SELECT COUNT(*) AS n FROM inbox_items').get()).toEqual({ n: 0 });
  });
});
