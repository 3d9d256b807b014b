// Sign-in: the same answer for an unknown e-mail and a wrong password, failures counted per account
// and address (a slow-down across addresses, never a lock), the form's own CSRF token, and
// sessions: hashed in the table, idle and absolute expiry, ended on demand.
import { PASSWORD, startConsole, type ConsoleTestApp } from './console-harness';

const HOUR = 3_600_000;

let app: ConsoleTestApp;

beforeEach(async () => {
  app = await startConsole();
  await app.addPerson('ana@shop.test', 'owner');
  await app.addPerson('bo@shop.test', 'staff');
});

afterEach(async () => {
  await app.close();
});

it('signs in with the right password: a new HttpOnly, SameSite=Lax cookie and the home page', async () => {
  const browser = app.browser();
  const reply = await browser.signIn('Ana@Shop.test');
  expect(reply.status).toBe(303);
  expect(reply.location).toBe('/');
  const setCookie = reply.headers.get('set-cookie') ?? '';
  // 7 days, as a count of seconds (Expires beside it is for browsers that know no Max-Age).
  expect(setCookie).toMatch(/^console_session=[a-z2-7]{32}; Max-Age=604800; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
  const home = await browser.get('/');
  expect(home.status).toBe(200);
  expect(home.text).toContain('Hello, ana');
});

it('answers an unknown e-mail exactly as a wrong password, and audits both', async () => {
  const unknown = await app.browser().signIn('nobody@shop.test', PASSWORD);
  const wrong = await app.browser().signIn('ana@shop.test', 'not the password at all');
  expect(unknown.status).toBe(401);
  expect(wrong.status).toBe(401);
  // Each browser's form has a token of its own; the rest is the same.
  const withoutToken = (text: string) => text.replace(/name="_csrf" value="[^"]+"/, '');
  expect(withoutToken(wrong.text)).toBe(withoutToken(unknown.text));
  expect(wrong.text).toContain('That e-mail and password do not match an account that may sign in.');
  expect(unknown.headers.get('set-cookie')).toBeNull();
  const failures = (await app.opened.audit.list({ limit: 10 })).entries.filter((entry) => entry.action === 'sign_in_failed');
  expect(failures.map((entry) => [entry.subject, entry.detail.reason])).toEqual([
    ['ana@shop.test', 'wrong_password'],
    ['nobody@shop.test', 'unknown_email'],
  ]);
});

it('a flood of wrong passwords from one address never refuses the right password from another', async () => {
  const flooder = app.browser({ ip: '203.0.113.66' });
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) statuses.push((await flooder.signIn('bo@shop.test', `wrong password ${i}`)).status);
  expect(statuses).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
  const refused = await flooder.signIn('bo@shop.test');
  expect(refused.status).toBe(429);
  expect(refused.text).toContain('Too many failed sign-ins for this account from your address in 15 minutes. Try again in 15 minutes.');
  expect(refused.headers.get('retry-after')).toBe('900');
  // Bo, from elsewhere, at once: no wait at all.
  const bo = await app.browser({ ip: '198.51.100.20' }).signIn('bo@shop.test');
  expect([bo.status, bo.location]).toEqual([303, '/']);
  // Another account from the flooding address is not refused either.
  expect((await app.browser({ ip: '203.0.113.66' }).signIn('ana@shop.test')).status).toBe(303);
  // 26 refused tries, one audit entry (the window's first); the five wrong passwords each have theirs.
  const entries = (await app.opened.audit.list({ limit: 100 })).entries;
  expect(entries.filter((entry) => entry.action === 'sign_in_failed')).toHaveLength(5);
  expect(entries.filter((entry) => entry.action === 'sign_in_refused').map((entry) => [entry.subject, entry.ip, entry.detail])).toEqual([
    ['bo@shop.test', '203.0.113.66', { scope: 'pair', wait_s: 900 }],
  ]);
  // After the window the address may try again.
  app.advance(15 * 60_000);
  expect((await flooder.signIn('bo@shop.test', 'still wrong')).status).toBe(401);
});

it('tries from many addresses slow an account down by seconds, growing to a cap, never a lock', async () => {
  // Ten wrong passwords from ten addresses are free.
  for (let i = 0; i < 10; i++) expect((await app.browser({ ip: `10.1.0.${i + 1}` }).signIn('bo@shop.test', `wrong ${i}`)).status).toBe(401);
  const waits: string[] = [];
  for (let i = 0; i < 8; i++) {
    const early = await app.browser({ ip: `10.2.0.${i + 1}` }).signIn('bo@shop.test', `wrong again ${i}`);
    expect(early.status).toBe(429);
    waits.push(early.headers.get('retry-after') as string);
    app.advance(Number(early.headers.get('retry-after')) * 1000);
    expect((await app.browser({ ip: `10.3.0.${i + 1}` }).signIn('bo@shop.test', `wrong still ${i}`)).status).toBe(401);
  }
  expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '60', '60']);
  // The right password during the wait: told how many seconds, then let in once they have passed.
  const during = await app.browser({ ip: '198.51.100.20' }).signIn('bo@shop.test');
  expect(during.status).toBe(429);
  expect(during.text).toContain('Many failed sign-ins for this account, from several addresses: each try now waits a little. Try again in 60 seconds.');
  app.advance(60_000);
  expect((await app.browser({ ip: '198.51.100.20' }).signIn('bo@shop.test')).status).toBe(303);
});

it('refuses the 21st try from one address within 15 minutes, whatever the e-mail', async () => {
  for (let i = 0; i < 20; i++) {
    expect((await app.browser({ ip: '192.0.2.7' }).signIn(`person${i}@shop.test`, 'wrong password')).status).toBe(401);
  }
  const refused = await app.browser({ ip: '192.0.2.7' }).signIn('ana@shop.test');
  expect(refused.status).toBe(429);
  expect(refused.text).toContain('Too many failed sign-ins for your address in 15 minutes. Try again in 15 minutes.');
  expect((await app.browser({ ip: '192.0.2.8' }).signIn('ana@shop.test')).status).toBe(303);
});

it('stores only the SHA-256 of the session token: the cookie value is nowhere in the table', async () => {
  const browser = app.browser();
  await browser.signIn('ana@shop.test');
  const token = browser.cookie as string;
  const { createHash } = await import('node:crypto');
  const rows = await app.opened.audit.list({ limit: 50 });
  expect(JSON.stringify(rows)).not.toContain(token);
  const Database = (await import('better-sqlite3')).default;
  const raw = new Database(app.databaseUrl.slice('file:'.length), { readonly: true });
  try {
    const sessions = raw.prepare('SELECT * FROM staff_sessions').all() as Record<string, unknown>[];
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.id).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(sessions)).not.toContain(token);
    const welcome = raw.prepare('SELECT id FROM staff_welcome_tokens').all();
    expect(welcome).toEqual([]);
  } finally {
    raw.close();
  }
});

it('ends a session idle for 8 hours, and one 7 days old however busy', async () => {
  const idle = app.browser();
  await idle.signIn('ana@shop.test');
  app.advance(8 * HOUR - 60_000);
  expect((await idle.get('/')).status).toBe(200);
  app.advance(8 * HOUR - 60_000);
  expect((await idle.get('/')).status).toBe(200);
  app.advance(8 * HOUR);
  const ended = await idle.get('/');
  expect([ended.status, ended.location]).toEqual([303, '/sign-in']);
  expect(idle.cookie).toBeNull();

  // A request every 7 hours keeps a session from idling, not past 7 days (168 h) after sign-in.
  const fresh = app.browser();
  await fresh.signIn('bo@shop.test');
  for (let i = 0; i < 23; i++) {
    app.advance(7 * HOUR);
    expect((await fresh.get('/')).status).toBe(200);
  }
  app.advance(7 * HOUR - 1);
  expect((await fresh.get('/')).status).toBe(200);
  app.advance(1);
  const over = await fresh.get('/');
  expect([over.status, over.location]).toEqual([303, '/sign-in']);
});

it('sign out everywhere ends the other sessions of the person, and only theirs', async () => {
  const phone = app.browser();
  const desk = app.browser();
  const other = app.browser();
  await phone.signIn('bo@shop.test');
  await desk.signIn('bo@shop.test');
  await other.signIn('ana@shop.test');
  const reply = await desk.post('/account/sign-out-everywhere', { _csrf: await desk.csrf() });
  expect([reply.status, reply.location]).toEqual([303, '/sign-in']);
  expect((await phone.get('/account')).status).toBe(303);
  expect((await desk.get('/account')).status).toBe(303);
  expect((await other.get('/account')).status).toBe(200);
  const actions = (await app.opened.audit.list({ limit: 1 })).entries.map((entry) => [entry.action, entry.detail]);
  expect(actions).toEqual([['sign_out_everywhere', { sessions_ended: 2 }]]);
});

it('a password change ends the other sessions and keeps this one; the old password no longer works', async () => {
  const phone = app.browser();
  const desk = app.browser();
  await phone.signIn('bo@shop.test');
  await desk.signIn('bo@shop.test');
  const wrongCurrent = await desk.post('/account/password', { _csrf: await desk.csrf(), current: 'not it at all', password: 'a brand new password', confirm: 'a brand new password' });
  expect(wrongCurrent.status).toBe(400);
  expect(wrongCurrent.text).toContain('The current password is not right; nothing was changed.');
  const tooShort = await desk.post('/account/password', { _csrf: await desk.csrf(), current: PASSWORD, password: 'short', confirm: 'short' });
  expect(tooShort.status).toBe(400);
  expect(tooShort.text).toContain('A password needs at least 12 characters (this one has 5).');
  const changed = await desk.post('/account/password', { _csrf: await desk.csrf(), current: PASSWORD, password: 'a brand new password', confirm: 'a brand new password' });
  expect([changed.status, changed.location]).toEqual([303, '/account?changed=1']);
  expect((await desk.get('/account')).status).toBe(200);
  expect((await phone.get('/account')).status).toBe(303);
  expect((await app.browser().signIn('bo@shop.test')).status).toBe(401);
  expect((await app.browser().signIn('bo@shop.test', 'a brand new password')).status).toBe(303);
  const changes = (await app.opened.audit.list({ limit: 50 })).entries.filter((entry) => entry.action === 'password_changed');
  expect(changes.map((entry) => entry.subject)).toEqual(['bo@shop.test']);
});

it('signing out ends the session: its cookie no longer opens a page', async () => {
  const browser = app.browser();
  await browser.signIn('ana@shop.test');
  const token = browser.cookie;
  const out = await browser.post('/sign-out', { _csrf: await browser.csrf() });
  expect([out.status, out.location]).toEqual([303, '/sign-in']);
  browser.cookie = token;
  expect((await browser.get('/')).status).toBe(303);
  expect((await app.opened.audit.list({ limit: 1 })).entries[0]).toMatchObject({ action: 'sign_out', subject: 'ana@shop.test' });
});

it('a disabled person cannot sign in and their sessions end', async () => {
  const owner = app.browser();
  await owner.signIn('ana@shop.test');
  const bo = app.browser();
  await bo.signIn('bo@shop.test');
  const boId = (await app.opened.staff.findByEmail('bo@shop.test'))?.id as string;
  const disabled = await owner.post(`/staff/${boId}/disable`, { _csrf: await owner.csrf() });
  expect(disabled.status).toBe(200);
  expect(disabled.text).toContain('bo@shop.test is disabled and signed out everywhere.');
  expect((await bo.get('/')).status).toBe(303);
  const again = await app.browser().signIn('bo@shop.test');
  expect(again.status).toBe(401);
});
