// The cases of the staff and audit repositories, run on each database over a storage
// (console-repositories.backends.test.ts).
import { createAuditLog } from '../src/repositories/audit';
import { createStaffRepository, type StaffSessionRecord } from '../src/repositories/staff';
import type { Storage } from '../src/storage';
import type { TestDatabase } from './harness';

const t0 = new Date('2026-11-02T15:00:00.123Z');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

function session(id: string, staffId: string, overrides: Partial<StaffSessionRecord> = {}): StaffSessionRecord {
  return { id, staffId, createdAt: t0, lastSeenAt: t0, expiresAt: minutes(7 * 24 * 60), ip: '203.0.113.9', userAgent: 'test', ...overrides };
}

export function describeConsoleRepositories(createDatabase: () => TestDatabase): void {
  let database: TestDatabase;
  let storage: Storage;

  beforeEach(async () => {
    database = createDatabase();
    storage = await database.open();
  });

  afterEach(async () => {
    await storage.close();
    await database.drop();
  });

  const staff = () => createStaffRepository(storage);
  const audit = () => createAuditLog(storage);

  it('stores e-mails lower-cased and refuses a second person with the same e-mail in any case', async () => {
    const added = await staff().add({ id: 'st_1', email: 'Ana@Shop.CA', name: 'Ana', role: 'owner', passwordHash: null, createdAt: t0 });
    expect(added).toEqual({ id: 'st_1', email: 'ana@shop.ca', name: 'Ana', role: 'owner', passwordHash: null, createdAt: t0, disabledAt: null });
    expect(await staff().add({ id: 'st_2', email: 'ANA@shop.ca', name: 'Other', role: 'staff', passwordHash: null, createdAt: t0 })).toBeNull();
    expect((await staff().findByEmail('ANA@SHOP.CA'))?.id).toBe('st_1');
    expect(await staff().list()).toHaveLength(1);
  });

  it('keeps session dates to the millisecond and finds the session with its person', async () => {
    await staff().add({ id: 'st_1', email: 'ana@shop.ca', name: 'Ana', role: 'staff', passwordHash: 'h', createdAt: t0 });
    await staff().createSession(session('s1', 'st_1', { lastSeenAt: minutes(1) }));
    const found = await staff().findSession('s1');
    expect(found?.session).toEqual(session('s1', 'st_1', { lastSeenAt: minutes(1) }));
    expect(found?.staff.email).toBe('ana@shop.ca');
    await staff().touchSession('s1', minutes(30));
    expect((await staff().findSession('s1'))?.session.lastSeenAt).toEqual(minutes(30));
    expect(await staff().findSession('nope')).toBeNull();
  });

  it('a password change ends every session of the person but the one kept, and nobody else\'s', async () => {
    await staff().add({ id: 'st_1', email: 'ana@shop.ca', name: 'Ana', role: 'staff', passwordHash: 'old', createdAt: t0 });
    await staff().add({ id: 'st_2', email: 'bo@shop.ca', name: 'Bo', role: 'staff', passwordHash: 'h', createdAt: t0 });
    for (const id of ['a1', 'a2', 'a3']) await staff().createSession(session(id, 'st_1'));
    await staff().createSession(session('b1', 'st_2'));
    await staff().setPassword('st_1', 'new', 'a2');
    const ids = await database.query<{ id: string }>('SELECT id FROM staff_sessions ORDER BY id');
    expect(ids.map((row) => row.id)).toEqual(['a2', 'b1']);
    expect((await staff().findById('st_1'))?.passwordHash).toBe('new');
    expect(await staff().deleteSessionsOf('st_1', null)).toBe(1);
  });

  it('disabling a person ends their sessions once; a second disable changes nothing', async () => {
    await staff().add({ id: 'st_1', email: 'ana@shop.ca', name: 'Ana', role: 'staff', passwordHash: 'h', createdAt: t0 });
    await staff().createSession(session('a1', 'st_1'));
    expect(await staff().disable('st_1', minutes(5))).toBe('disabled');
    expect(await staff().disable('st_1', minutes(6))).toBe('no_change');
    expect((await staff().findById('st_1'))?.disabledAt).toEqual(minutes(5));
    expect(await staff().findSession('a1')).toBeNull();
  });

  it('deletes the sessions past their end or idle too long, and keeps the others', async () => {
    await staff().add({ id: 'st_1', email: 'ana@shop.ca', name: 'Ana', role: 'staff', passwordHash: 'h', createdAt: t0 });
    await staff().createSession(session('over', 'st_1', { expiresAt: minutes(10) }));
    await staff().createSession(session('idle', 'st_1', { lastSeenAt: minutes(1) }));
    await staff().createSession(session('live', 'st_1', { lastSeenAt: minutes(15) }));
    expect(await staff().deleteStaleSessions(minutes(20), minutes(5))).toBe(2);
    expect((await database.query<{ id: string }>('SELECT id FROM staff_sessions')).map((row) => row.id)).toEqual(['live']);
  });

  it('a welcome token sets the password once, before it expires, and ends the sessions', async () => {
    await staff().add({ id: 'st_1', email: 'ana@shop.ca', name: 'Ana', role: 'staff', passwordHash: null, createdAt: t0 });
    await staff().createWelcomeToken({ id: 'w1', staffId: 'st_1', expiresAt: minutes(60) });
    await staff().createWelcomeToken({ id: 'w2', staffId: 'st_1', expiresAt: minutes(60) });
    await staff().createSession(session('a1', 'st_1'));
    expect((await staff().findWelcomeToken('w1', minutes(59)))?.id).toBe('st_1');
    expect(await staff().findWelcomeToken('w1', minutes(60))).toBeNull();
    expect(await staff().setPasswordWithWelcomeToken('w1', 'hash1', minutes(60))).toBeNull();
    expect((await staff().setPasswordWithWelcomeToken('w1', 'hash1', minutes(30)))?.passwordHash).toBe('hash1');
    expect(await staff().setPasswordWithWelcomeToken('w1', 'hash2', minutes(31))).toBeNull();
    expect(await staff().findWelcomeToken('w1', minutes(31))).toBeNull();
    expect((await staff().findById('st_1'))?.passwordHash).toBe('hash1');
    expect(await staff().findSession('a1')).toBeNull();
    const [row] = await database.query<{ used_at: unknown }>("SELECT used_at FROM staff_welcome_tokens WHERE id = 'w1'");
    expect(row?.used_at).not.toBeNull();
  });

  it('the audit log reads newest first, a page at a time, with its detail as written', async () => {
    for (let i = 0; i < 5; i++) {
      await audit().append({ at: minutes(i), staffId: i % 2 ? 'st_1' : null, action: `a${i}`, subject: `s${i}`, detail: { n: i, note: 'é "q"' }, ip: '198.51.100.7' });
    }
    const first = await audit().list({ limit: 2 });
    expect(first.entries.map((entry) => entry.action)).toEqual(['a4', 'a3']);
    expect(first.entries[1]).toEqual({ id: expect.any(Number), at: minutes(3), staffId: 'st_1', action: 'a3', subject: 's3', detail: { n: 3, note: 'é "q"' }, ip: '198.51.100.7' });
    const second = await audit().list({ limit: 2, before: first.nextBefore });
    expect(second.entries.map((entry) => entry.action)).toEqual(['a2', 'a1']);
    const last = await audit().list({ limit: 2, before: second.nextBefore });
    expect(last.entries.map((entry) => entry.action)).toEqual(['a0']);
    expect(last.nextBefore).toBeNull();
  });

  it('finds the times of an action after a moment, by subject or by address, oldest first', async () => {
    const add = (at: Date, action: string, subject: string, ip: string) => audit().append({ at, staffId: null, action, subject, detail: {}, ip });
    await add(minutes(0), 'sign_in_failed', 'ana@shop.ca', '10.0.0.1');
    await add(minutes(10), 'sign_in_failed', 'ana@shop.ca', '10.0.0.2');
    await add(minutes(11), 'sign_in_failed', 'bo@shop.ca', '10.0.0.1');
    await add(minutes(12), 'sign_in', 'ana@shop.ca', '10.0.0.1');
    await add(minutes(13), 'sign_in_failed', 'ana@shop.ca', '10.0.0.1');
    expect(await audit().timesSince('sign_in_failed', { subject: 'ana@shop.ca' }, minutes(5), 50)).toEqual([minutes(10), minutes(13)]);
    expect(await audit().timesSince('sign_in_failed', { ip: '10.0.0.1' }, minutes(-1), 50)).toEqual([minutes(0), minutes(11), minutes(13)]);
    expect(await audit().timesSince('sign_in_failed', { ip: '10.0.0.1' }, minutes(-1), 2)).toEqual([minutes(11), minutes(13)]);
    // One exactly at the moment has left the window.
    expect(await audit().timesSince('sign_in_failed', { ip: '10.0.0.1' }, minutes(0), 50)).toEqual([minutes(11), minutes(13)]);
  });
}
