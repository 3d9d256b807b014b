// Adding staff (the staff:add command and the owners' page), the welcome link that sets a first
// password once, and the audit log of it all.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONSOLE_URL, PASSWORD, ROOT_DIR, startConsole, type ConsoleTestApp } from './console-harness';

const HOUR = 3_600_000;

// Each staff:add run is a process of its own that starts from TypeScript (1-2 s on a busy machine).
jest.setTimeout(30_000);

function staffAdd(databaseUrl: string, args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--conditions=@shop/source', '--import', 'tsx', path.join(ROOT_DIR, 'apps/console/src/staff-add.ts'), ...args],
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
