// Adding staff (the staff:add command and the owners' page), the welcome link that sets a first
// password once, and the audit log of it all.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountProblem, disableStaff } from '../src/accounts';
import { CONSOLE_URL, PASSWORD, ROOT_DIR, startConsole, type ConsoleTestApp } from './console-harness';

const HOUR = 3_600_000;

// Each staff:add run is a process of its own that starts from TypeScript (1-2 s on a busy machine).
jest.setTimeout(30_000);

function staffAdd(databaseUrl: string, args: string[], stdin?: string, script = 'staff-add.ts'): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--conditions=@shop/source', '--import', 'tsx', path.join(ROOT_DIR, 'apps/console/src', script), ...args],
      { cwd: ROOT_DIR, env: { ...process.env, DATABASE_URL: databaseUrl, CONSOLE_URL } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin ?? '');
  });
}

describe('pnpm staff:add', () => {
  let dir: string;
  let databaseUrl: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'shop-staff-add-'));
    databaseUrl = `file:${path.join(dir, 'shop.db')}`;
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--password-stdin sets the password read from stdin; the person signs in with it', async () => {
    const added = await staffAdd(databaseUrl, ['--email', 'Owner@Shop.test', '--name', 'Olive Owner', '--owner', '--password-stdin'], `${PASSWORD}\n`);
    expect(added).toEqual({ code: 0, stdout: `Added Olive Owner <owner@shop.test> as owner.\nTheir password is set; they can sign in at ${CONSOLE_URL}/sign-in\n`, stderr: '' });
    const again = await staffAdd(databaseUrl, ['--email', 'owner@shop.test', '--name', 'Again', '--password-stdin'], `${PASSWORD}\n`);
    expect(again).toMatchObject({ code: 1, stderr: 'owner@shop.test already has an account. An owner can enable it again or give a new link from its row on /staff (or run pnpm staff:unlock).\n' });
    const short = await staffAdd(databaseUrl, ['--email', 'short@shop.test', '--name', 'Short', '--password-stdin'], 'too short\n');
    expect(short).toMatchObject({ code: 1, stderr: 'A password needs at least 12 characters (this one has 9).\n' });

    const app = await startConsole({ databaseUrl });
    try {
      const browser = app.browser();
      expect((await browser.signIn('owner@shop.test')).status).toBe(303);
      expect((await browser.get('/staff')).text).toContain('Olive Owner');
      const staffAdded = (await app.opened.audit.list({ limit: 10 })).entries.find((entry) => entry.action === 'staff_added');
      expect(staffAdded).toMatchObject({ staffId: null, subject: 'owner@shop.test', ip: 'command line', detail: { role: 'owner', password_set: true } });
    } finally {
      await app.close();
    }
  });

  it('without a password prints a one-time link to {CONSOLE_URL}/welcome/{token}', async () => {
    const added = await staffAdd(databaseUrl, ['--email', 'sam@shop.test', '--name', 'Sam Staff']);
    expect(added.code).toBe(0);
    const link = /^(http:\/\/console\.test\/welcome\/[a-z2-7]{32})$/m.exec(added.stdout)?.[1];
    expect(link).toBeDefined();
    const app = await startConsole({ databaseUrl });
    try {
      const browser = app.browser();
      const page = await browser.get(new URL(link as string).pathname);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Welcome, Sam Staff (sam@shop.test)');
    } finally {
      await app.close();
    }
  });

  it('pnpm staff:unlock clears the failed sign-ins, enables a disabled last owner and gives a new link', async () => {
    const app = await startConsole({ databaseUrl });
    try {
      await app.addPerson('last@shop.test', 'owner');
      await app.addPerson('bo@shop.test', 'staff');
      for (let i = 0; i < 5; i++) await app.browser({ ip: '203.0.113.66' }).signIn('last@shop.test', `wrong password ${i}`);
      expect((await app.browser({ ip: '203.0.113.66' }).signIn('last@shop.test')).status).toBe(429);
      // The last owner disabled by hand in the table (the console refuses it): only the command gets back in.
      await app.opened.runtime.storage.transact('test', function* () {
        yield app.opened.runtime.storage.db.updateTable('staff').set({ disabled_at: '2026-11-02T15:00:00.000+00:00' }).where('email', '=', 'last@shop.test');
      });
    } finally {
      await app.close();
    }
    const unlocked = await staffAdd(databaseUrl, ['LAST@shop.test', '--enable', '--new-link'], '', 'staff-unlock.ts');
    expect(unlocked.code).toBe(0);
    expect(unlocked.stdout).toMatch(
      /^Cleared last@shop\.test's failed sign-ins \(2 counts\)\.\nEnabled last@shop\.test again\.\nTheir password no longer works\. Their one-time link to set a new one \(works for 24 hours, shown only now\):\nhttp:\/\/console\.test\/welcome\/[a-z2-7]{32}\n$/,
    );
    const link = new URL(/http:\/\/console\.test\/welcome\/[a-z2-7]{32}/.exec(unlocked.stdout)![0]).pathname;
    const again = await startConsole({ databaseUrl });
    try {
      // The old password no longer works; the link sets a new one, from the address that was refused.
      expect((await again.browser({ ip: '203.0.113.66' }).signIn('last@shop.test')).status).toBe(401);
      expect((await again.browser().post(link, { password: 'a new owner password', confirm: 'a new owner password' })).status).toBe(303);
      const owner = again.browser({ ip: '203.0.113.66' });
      expect((await owner.signIn('last@shop.test', 'a new owner password')).status).toBe(303);
      const actions = (await again.opened.audit.list({ limit: 6, filter: { staffId: null, subject: 'last@shop.test' } })).entries.map((entry) => `${entry.action} ${entry.ip}`);
      expect(actions).toEqual(expect.arrayContaining(['sign_in_counts_cleared command line', 'staff_enabled command line', 'password_reset command line']));
      expect((await staffAdd(databaseUrl, ['nobody@shop.test'], '', 'staff-unlock.ts')).stderr).toBe('nobody@shop.test has no account; add it with pnpm staff:add.\n');
      expect((await staffAdd(databaseUrl, [], '', 'staff-unlock.ts')).code).toBe(2);
    } finally {
      await again.close();
    }
  });

  it('refuses unknown options and missing ones with the usage', async () => {
    const reply = await staffAdd(databaseUrl, ['--email', 'x@shop.test']);
    expect(reply.code).toBe(2);
    expect(reply.stderr).toContain('--email and --name are both needed.');
    expect(reply.stderr).toContain('Usage: pnpm staff:add');
  });
});

describe('the console', () => {
  let app: ConsoleTestApp;

  beforeEach(async () => {
    app = await startConsole();
    await app.addPerson('ana@shop.test', 'owner');
  });

  afterEach(async () => {
    await app.close();
  });

  async function addFromStaffPage(owner: ReturnType<ConsoleTestApp['browser']>, email: string): Promise<string> {
    const reply = await owner.post('/staff', { _csrf: await owner.csrf('/staff'), name: 'New Person', email, role: 'staff' });
    expect(reply.status).toBe(201);
    const link = /<code>(http:\/\/console\.test\/welcome\/[a-z2-7]{32})<\/code>/.exec(reply.text)?.[1];
    expect(link).toBeDefined();
    return new URL(link as string).pathname;
  }

  it('an owner adds someone: the welcome link is shown once and sets the password once', async () => {
    const owner = app.browser();
    await owner.signIn('ana@shop.test');
    const welcomePath = await addFromStaffPage(owner, 'New@Shop.test');
    // Shown only in that answer.
    expect((await owner.get('/staff')).text).not.toContain(welcomePath);

    const person = app.browser();
    expect((await person.signIn('new@shop.test', 'anything at all here')).status).toBe(401);
    const mismatch = await person.post(welcomePath, { password: 'first password 1', confirm: 'first password 2' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain('The password and its repetition differ');
    const set = await person.post(welcomePath, { password: 'first password 1', confirm: 'first password 1' });
    expect([set.status, set.location]).toEqual([303, '/sign-in?welcome=1']);
    const reused = await person.post(welcomePath, { password: 'second password 2', confirm: 'second password 2' });
    expect(reused.status).toBe(404);
    expect(reused.text).toContain('This link has been used or has expired.');
    expect((await person.get(welcomePath)).status).toBe(404);
    expect((await person.signIn('new@shop.test', 'second password 2')).status).toBe(401);
    expect((await person.signIn('new@shop.test', 'first password 1')).status).toBe(303);
    expect((await person.get('/')).text).toContain('Hello, New Person');
    const actions = (await app.opened.audit.list({ limit: 10 })).entries.map((entry) => `${entry.action} ${entry.subject}`);
    expect(actions).toEqual([
      'sign_in new@shop.test',
      'sign_in_failed new@shop.test',
      'password_set new@shop.test',
      'sign_in_failed new@shop.test',
      'staff_added new@shop.test',
      'sign_in ana@shop.test',
      'staff_added ana@shop.test',
    ]);
  });

  it('a welcome link stops working after 24 hours', async () => {
    const owner = app.browser();
    await owner.signIn('ana@shop.test');
    const welcomePath = await addFromStaffPage(owner, 'late@shop.test');
    app.advance(24 * HOUR - 1);
    expect((await app.browser().get(welcomePath)).status).toBe(200);
    app.advance(1);
    expect((await app.browser().get(welcomePath)).status).toBe(404);
    expect((await app.browser().post(welcomePath, { password: 'first password 1', confirm: 'first password 1' })).status).toBe(404);
  });

  it('refuses a second account for the same e-mail and a malformed e-mail, saying why', async () => {
    const owner = app.browser();
    await owner.signIn('ana@shop.test');
    const twice = await owner.post('/staff', { _csrf: await owner.csrf('/staff'), name: 'Ana Again', email: 'ANA@shop.test', role: 'staff' });
    expect(twice.status).toBe(409);
    expect(twice.text).toContain('ana@shop.test already has an account.');
    const bad = await owner.post('/staff', { _csrf: await owner.csrf('/staff'), name: 'Bad', email: 'not-an-email', role: 'staff' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('is not an e-mail address');
  });

  it('the audit log shows who did what, when and from where, newest first, a page at a time', async () => {
    const owner = app.browser({ ip: '203.0.113.5' });
    await app.browser({ ip: '198.51.100.4' }).signIn('ana@shop.test', 'not the password!');
    app.advance(60_000);
    await owner.signIn('ana@shop.test');
    await addFromStaffPage(owner, 'cy@shop.test');
    const page = await owner.get('/audit');
    expect(page.status).toBe(200);
    const rows = [...page.text.matchAll(/<tr>\s*<td data-label="When">(.*?)<\/td>\s*<td data-label="Who">(.*?)<\/td>\s*<td data-label="Action">(.*?)<\/td>\s*<td data-label="Subject">(.*?)<\/td>\s*<td data-label="From">(.*?)<\/td>/gs)].map((m) => m.slice(1));
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['ana (ana@shop.test)', 'staff_added', 'cy@shop.test', '203.0.113.5'],
      ['ana (ana@shop.test)', 'sign_in', 'ana@shop.test', '203.0.113.5'],
      ['(not signed in)', 'sign_in_failed', 'ana@shop.test', '198.51.100.4'],
      ['(not signed in)', 'staff_added', 'ana@shop.test', 'command line'],
    ]);
    expect(rows[1]?.[0]).toBe('<time datetime="2026-11-02T15:01:00.000Z">Nov 2, 2026, 10:01:00 a.m. EST</time>');

    for (let i = 0; i < 60; i++) await app.opened.audit.append({ at: app.now(), staffId: null, action: 'filler', subject: `n${i}`, detail: {}, ip: '::1' });
    const first = await owner.get('/audit');
    expect(first.text.match(/data-label="Action">filler</g)).toHaveLength(50);
    const older = /href="\/audit\?before=(\d+)"/.exec(first.text)?.[1];
    expect(older).toBeDefined();
    const second = await owner.get(`/audit?before=${older}`);
    expect(second.text.match(/data-label="Action">filler</g)).toHaveLength(10);
    expect(second.text).toContain('>staff_added<');
    expect(second.text).not.toContain('?before=');
  });
});

describe('recovery', () => {
  let app: ConsoleTestApp;
  let owner: ReturnType<ConsoleTestApp['browser']>;
  const idOf = async (email: string) => (await app.opened.staff.findByEmail(email))!.id;

  beforeEach(async () => {
    app = await startConsole();
    await app.addPerson('ana@shop.test', 'owner');
    await app.addPerson('bo@shop.test', 'staff');
    owner = app.browser({ ip: '198.51.100.1' });
    await owner.signIn('ana@shop.test');
  });

  afterEach(async () => {
    await app.close();
  });

  const act = async (email: string, action: string) => owner.post(`/staff/${await idOf(email)}/${action}`, { _csrf: await owner.csrf('/staff') });
  const linkIn = (text: string) => new URL(/<code>(http:\/\/console\.test\/welcome\/[a-z2-7]{32})<\/code>/.exec(text)![1] as string).pathname;

  it('an owner resets a password: the old one stops working, sessions end, a new link sets one', async () => {
    const bo = app.browser();
    await bo.signIn('bo@shop.test');
    const reset = await act('bo@shop.test', 'reset-password');
    expect(reset.status).toBe(200);
    expect(reset.text).toContain('bo@shop.test&#39;s password no longer works and their sessions have ended');
    expect((await bo.get('/')).status).toBe(303);
    expect((await app.browser().signIn('bo@shop.test')).status).toBe(401);
    const link = linkIn(reset.text);
    expect((await app.browser().post(link, { password: 'bo has a new one', confirm: 'bo has a new one' })).status).toBe(303);
    expect((await app.browser().signIn('bo@shop.test', 'bo has a new one')).status).toBe(303);
    // The owner's own password is changed on Your account, not reset here.
    expect((await act('ana@shop.test', 'reset-password')).status).toBe(400);
  });

  it('a new welcome link replaces the expired one; adding the person again says how instead of a bare 409', async () => {
    const added = await owner.post('/staff', { _csrf: await owner.csrf('/staff'), name: 'Cy', email: 'cy@shop.test', role: 'staff' });
    const first = linkIn(added.text);
    app.advance(25 * HOUR);
    expect((await app.browser().get(first)).status).toBe(404);
    await owner.signIn('ana@shop.test');
    const twice = await owner.post('/staff', { _csrf: await owner.csrf('/staff'), name: 'Cy', email: 'cy@shop.test', role: 'staff' });
    expect(twice.status).toBe(409);
    expect(twice.text).toContain('An owner can enable it again or give a new link from its row on /staff');
    const issued = await act('cy@shop.test', 'welcome-link');
    expect(issued.text).toContain('A new link for cy@shop.test; earlier links no longer work.');
    const second = linkIn(issued.text);
    const third = linkIn((await act('cy@shop.test', 'welcome-link')).text);
    expect((await app.browser().get(second)).status).toBe(404);
    expect((await app.browser().post(third, { password: 'cy sets it now', confirm: 'cy sets it now' })).status).toBe(303);
  });

  it('a disabled account is enabled again and may sign in', async () => {
    expect((await act('bo@shop.test', 'disable')).status).toBe(200);
    expect((await app.browser().signIn('bo@shop.test')).status).toBe(401);
    const page = await owner.get('/staff');
    expect(page.text).toContain(`action="/staff/${await idOf('bo@shop.test')}/enable"`);
    const enabled = await act('bo@shop.test', 'enable');
    expect(enabled.text).toContain('bo@shop.test is enabled again.');
    expect((await app.browser().signIn('bo@shop.test')).status).toBe(303);
  });

  it('the last enabled owner cannot be disabled, even by two owners disabling each other at once', async () => {
    await app.addPerson('di@shop.test', 'owner');
    const [anaId, diId] = [await idOf('ana@shop.test'), await idOf('di@shop.test')];
    // Two owners each disabling the other at the same moment: one of them stays.
    const outcomes = await Promise.all([app.opened.staff.disable(diId, app.now()), app.opened.staff.disable(anaId, app.now())]);
    expect([...outcomes].sort()).toEqual(['disabled', 'last_owner']);
    const left = (await app.opened.staff.list()).filter((person) => person.role === 'owner' && person.disabledAt === null);
    expect(left).toHaveLength(1);
    // As the console says it (no page can reach it but a race: an owner cannot disable themself).
    const deps = { staff: app.opened.staff, audit: app.opened.audit, now: app.now, consoleUrl: app.config.consoleUrl };
    const refusal = await disableStaff(deps, left[0]!.id, { staffId: null, ip: '198.51.100.1' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AccountProblem);
    expect(refusal).toMatchObject({ status: 409, message: `${left[0]!.email} is the last enabled owner; the console would have nobody to run it. Make someone else an owner first.` });
    expect((await app.opened.audit.list({ limit: 1 })).entries[0]).toMatchObject({ action: 'staff_disable_refused', subject: left[0]!.email, detail: { reason: 'last_owner' } });
    // Staff are never the last owner.
    expect(await app.opened.staff.disable(await idOf('bo@shop.test'), app.now())).toBe('disabled');
  });

  it('shows on /staff the addresses refused and the back-off, and an owner clears them', async () => {
    for (let i = 0; i < 6; i++) await app.browser({ ip: '203.0.113.66' }).signIn('bo@shop.test', `wrong password ${i}`);
    const page = await owner.get('/staff');
    expect(page.text).toMatch(/5 failed tries in 15 minutes; refused from 203\.0\.113\.66 until <time datetime="2026-11-02T15:15:00\.000Z">[^<]+<\/time> \(1 refused\)/);
    const cleared = await act('bo@shop.test', 'clear-sign-in');
    expect(cleared.text).toContain('bo@shop.test&#39;s failed sign-ins are cleared: every address may try again now.');
    expect(cleared.text).not.toContain('refused from 203.0.113.66');
    expect((await app.browser({ ip: '203.0.113.66' }).signIn('bo@shop.test')).status).toBe(303);
    const entry = (await app.opened.audit.list({ limit: 5, filter: { action: 'sign_in_counts_cleared' } })).entries[0];
    expect(entry).toMatchObject({ subject: 'bo@shop.test', ip: '198.51.100.1', detail: { counters: 2 } });
  });

  it('a made-up welcome link is looked up before anything is hashed, and one address may try 20 an hour-quarter', async () => {
    const bogus = `/welcome/${'a'.repeat(32)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await app.browser({ ip: '203.0.113.77' }).post(bogus, { password: 'a valid length password', confirm: 'a valid length password' })).status);
    expect(statuses).toEqual([...Array(20).fill(404), 429, 429]);
    const limited = await app.browser({ ip: '203.0.113.77' }).get(bogus);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('900');
    // Other addresses, and real links, are not refused.
    expect((await app.browser({ ip: '203.0.113.78' }).post(bogus, { password: 'a valid length password', confirm: 'a valid length password' })).status).toBe(404);
    const added = await owner.post('/staff', { _csrf: await owner.csrf('/staff'), name: 'Ed', email: 'ed@shop.test', role: 'staff' });
    expect((await app.browser({ ip: '203.0.113.78' }).get(linkIn(added.text))).status).toBe(200);
    expect((await app.opened.audit.list({ limit: 5, filter: { action: 'welcome_refused' } })).entries.map((entry) => entry.ip)).toEqual(['203.0.113.77']);
  });
});

describe('the audit log filters', () => {
  let app: ConsoleTestApp;
  beforeAll(async () => {
    app = await startConsole();
    await app.addPerson('ana@shop.test', 'owner');
    await app.addPerson('bo@shop.test', 'owner');
  });
  afterAll(() => app.close());

  const actionsOn = (text: string) => [...text.matchAll(/data-label="Action">([a-z_]+)</g)].map((m) => m[1]);

  it('by person, action, subject and Toronto day, server-side and paged with the filter kept', async () => {
    const ana = app.browser({ ip: '198.51.100.1' });
    await ana.signIn('ana@shop.test');
    const bo = app.browser({ ip: '198.51.100.2' });
    await bo.signIn('bo@shop.test');
    // An attacker's rows: 70 failed sign-ins the next day (Toronto), burying the rest.
    app.advance(24 * HOUR);
    for (let i = 0; i < 70; i++) await app.opened.audit.append({ at: app.now(), staffId: null, action: 'sign_in_failed', subject: `x${i}@evil.test`, detail: {}, ip: '203.0.113.9' });
    await ana.signIn('ana@shop.test');
    const anaId = (await app.opened.staff.findByEmail('ana@shop.test'))!.id;

    const mine = await ana.get(`/audit?who=${anaId}`);
    expect(mine.status).toBe(200);
    expect(actionsOn(mine.text)).toEqual(['sign_in', 'sign_in']);
    expect(mine.text).toContain(`<option value="${anaId}" selected>`);

    const signIns = await ana.get('/audit?action=sign_in');
    expect(actionsOn(signIns.text)).toEqual(['sign_in', 'sign_in', 'sign_in']);
    const nobody = await ana.get('/audit?who=nobody&action=sign_in_failed');
    expect(actionsOn(nobody.text)).toHaveLength(50);
    const older = /href="(\/audit\?who=nobody&amp;action=sign_in_failed&amp;before=\d+)"/.exec(nobody.text)?.[1];
    expect(older).toBeDefined();
    expect(actionsOn((await ana.get(older!.replaceAll('&amp;', '&'))).text)).toHaveLength(20);

    // 2026-11-02 in Toronto: the first day's two sign-ins and the staff added; nothing of the next day.
    const firstDay = await ana.get('/audit?from=2026-11-02&to=2026-11-02');
    expect(actionsOn(firstDay.text)).toEqual(['sign_in', 'sign_in', 'staff_added', 'staff_added']);
    const nextDay = await ana.get('/audit?from=2026-11-03&action=sign_in');
    expect(actionsOn(nextDay.text)).toEqual(['sign_in']);
    const about = await ana.get('/audit?subject=X3@evil.test');
    expect(actionsOn(about.text)).toEqual(['sign_in_failed']);

    const bad = await ana.get('/audit?from=2026-02-30&who=someone');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('From must be a date (YYYY-MM-DD).');
    expect(bad.text).toContain('Person must be someone from the list.');
  });
});
