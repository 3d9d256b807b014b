import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { PERSON, makeRfqLink, openRfqForm, postForm, readText } from './page-helpers';

const JOB = { description: 'Weld a 3/8 in base plate to a 4 x 4 x 1/4 HSS post, 36 in tall. 12 needed.', material: 'A36', thickness_in: 0.375, quantity: 12 };
const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('the quote-request form', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const submissions = async () => (await app.runtime.storage.rfqSubmissions.list({ limit: 1000 })).map((row) => JSON.parse(row.body));
  const filled = (form: { formToken: string }, extra: Record<string, string> = {}) => ({
    form_token: form.formToken,
    description: JOB.description,
    material: JOB.material,
    thickness_in: '0.375',
    quantity: '12',
    ...PERSON,
    ...extra,
  });

  it('shows the job filled in and editable, with fields for the person and browser checks', async () => {
    const { path: formPath } = await makeRfqLink(app, JOB);
    const { reply, setCookie } = await openRfqForm(app, formPath);
    expect(reply.status).toBe(200);
    expect(reply.text).toContain(`<textarea id="f-description" name="description" required maxlength="2000" rows="6" aria-describedby="f-description-hint">${JOB.description}</textarea>`);
    expect(reply.text).toContain('<input type="text" id="f-material" name="material" maxlength="60" value="A36">');
    expect(reply.text).toMatch(/<input type="number" id="f-thickness_in" name="thickness_in" min="0.001" max="12" step="any" inputmode="decimal" value="0.375">/);
    expect(reply.text).toMatch(/<input type="number" id="f-quantity" name="quantity" min="1" max="100000" step="1" inputmode="numeric" value="12">/);
    expect(reply.text).toContain('<input type="text" id="f-name" name="name" required maxlength="100" autocomplete="name" value="">');
    expect(reply.text).toContain('<input type="email" id="f-email" name="email" required maxlength="254" autocomplete="email" value="">');
    expect(reply.text).toContain('<input type="tel" id="f-phone" name="phone" maxlength="40" pattern="[0-9 .x+\\(\\)\\-]*" autocomplete="tel"');
    expect(reply.text).toContain('id="f-company" name="company" maxlength="100" autocomplete="organization"');
    // The check cookie: HttpOnly, SameSite=Strict, scoped to this link, gone when the link is.
    const id = formPath.split('/')[2];
    expect(setCookie).toMatch(new RegExp(`^rfq_form=[A-Za-z0-9_-]{43}; Path=/r/${id}; Max-Age=2592000; HttpOnly; SameSite=Strict$`));
  });

  it('keeps the request for the shop and thanks the person with a reference', async () => {
    const { path: formPath, link } = await makeRfqLink(app, JOB);
    const form = await openRfqForm(app, formPath);
    const reply = await postForm(app, formPath, filled(form, { description: `${JOB.description}\nGalvanized.` }), { cookie: form.cookie });
    expect(reply.status).toBe(201);
    const reference = /class="reference">(sub_[0-9A-Za-z]{22})</.exec(reply.text)?.[1];
    expect(readText(reply.text)).toContain(`Thank you, Sam Tremblay Your quote request reached Ontario Steel Shop. The shop will reply to sam@example.com. Your reference: ${reference}`);
    const stored = (await submissions()).find((s) => s.id === reference);
    expect(stored).toEqual({
      object: 'rfq_submission',
      id: reference,
      rfq_link_id: link.id,
      submitted_at: '2026-11-02T15:00:00.000Z',
      description: `${JOB.description}\nGalvanized.`,
      material: 'A36',
      thickness_in: 0.375,
      quantity: 12,
      name: 'Sam Tremblay',
      email: 'sam@example.com',
      phone: '(705) 555-0142',
      company: 'Tremblay Farms',
    });
    // Never exposed by the API: no route reads submissions.
    expect((await app.http.request('GET', `/api/v1/rfq-links/${link.id}`)).status).toBe(404);
  });

  it('the same form sent twice is kept once; a fresh visit can send a new request', async () => {
    const { path: formPath, link } = await makeRfqLink(app, JOB);
    const form = await openRfqForm(app, formPath);
    const [first, second] = await Promise.all([
      postForm(app, formPath, filled(form), { cookie: form.cookie }),
      postForm(app, formPath, filled(form), { cookie: form.cookie }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const refs = [first, second].map((r) => /class="reference">(sub_[0-9A-Za-z]{22})</.exec(r.text)?.[1]);
    expect(refs[0]).toBe(refs[1]);
    const repeat = readText((first.status === 200 ? first : second).text);
    expect(repeat).toContain('This form was already sent');
    expect(repeat).toContain('What was sent just now was not kept.');
    expect(repeat).not.toMatch(/Thank you|will reply to/);
    expect((await submissions()).filter((s) => s.rfq_link_id === link.id)).toHaveLength(1);
    // Opened again in the same browser: the cookie is kept, the form is new.
    const again = await openRfqForm(app, formPath, form.cookie);
    expect(again.setCookie.split(';')[0]).toBe(form.cookie);
    expect(again.formToken).not.toBe(form.formToken);
    expect((await postForm(app, formPath, filled(again), { cookie: form.cookie })).status).toBe(201);
    expect((await submissions()).filter((s) => s.rfq_link_id === link.id)).toHaveLength(2);
  });

  it('a post without the link\'s cookie, or with another token, is refused (403) and nothing is kept', async () => {
    const { path: formPath, link } = await makeRfqLink(app, JOB);
    const form = await openRfqForm(app, formPath);
    const other = await openRfqForm(app, formPath);
    const attempts = [
      await postForm(app, formPath, filled(form)),
      await postForm(app, formPath, filled(form), { cookie: other.cookie }),
      await postForm(app, formPath, filled(form, { form_token: '' }), { cookie: form.cookie }),
      await postForm(app, formPath, filled(form, { form_token: form.cookie.split('=')[1] as string }), { cookie: form.cookie }),
    ];
    for (const reply of attempts) {
      expect(reply.status).toBe(403);
      expect(readText(reply.text)).toContain('The form could not be checked');
    }
    expect((await submissions()).filter((s) => s.rfq_link_id === link.id)).toHaveLength(0);
  });

  it('the one-time value is the server\'s: a token a script makes up (any nonce with the cookie, a forged signature) is refused, and a served token makes one request however often it is sent', async () => {
    const { path: formPath, link } = await makeRfqLink(app, JOB);
    const form = await openRfqForm(app, formPath);
    const cookieToken = form.cookie.split('=')[1] as string;
    const [issued, nonce, mac] = form.formToken.split('.') as [string, string, string];
    const madeUp = [
      // The old double-submit shape: a nonce of the client's choosing and the cookie's token.
      `${'n'.repeat(43)}.${cookieToken}`,
      // A served token with another nonce, or another time, keeps a signature that no longer fits.
      `${issued}.${'n'.repeat(43)}.${mac}`,
      `${(parseInt(issued, 36) + 60).toString(36)}.${nonce}.${mac}`,
      `${issued}.${nonce}.${'m'.repeat(43)}`,
    ];
    for (const token of madeUp) {
      const reply = await postForm(app, formPath, filled(form, { form_token: token }), { cookie: form.cookie });
      expect(reply.status).toBe(403);
    }
    expect((await submissions()).filter((s) => s.rfq_link_id === link.id)).toHaveLength(0);
    const first = await postForm(app, formPath, filled(form), { cookie: form.cookie });
    expect(first.status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await postForm(app, formPath, filled(form), { cookie: form.cookie })).status).toBe(200);
    expect((await submissions()).filter((s) => s.rfq_link_id === link.id)).toHaveLength(1);
  });

  it('a post another site makes, even with the cookie and token, is refused (403) by the one cross-site guard', async () => {
    const { path: formPath, link } = await makeRfqLink(app, JOB);
    const form = await openRfqForm(app, formPath);
    const reply = await postForm(app, formPath, filled(form), { cookie: form.cookie, 'sec-fetch-site': 'cross-site' });
    expect(reply.status).toBe(403);
    expect(readText(reply.text)).toContain('The form could not be checked This button works only from its own page');
    expect((await submissions()).filter((s) => s.rfq_link_id === link.id)).toHaveLength(0);
  });

  it('the server checks every field again and shows its errors next to them, keeping what was typed', async () => {
    const { path: formPath, link } = await makeRfqLink(app, JOB);
    const form = await openRfqForm(app, formPath);
    const reply = await postForm(app, formPath, filled(form, { name: '', email: 'not-an-address', phone: 'call me <b>', quantity: '0', company: 'A & B "Steel"' }), {
      cookie: form.cookie,
    });
    expect(reply.status).toBe(422);
    const text = readText(reply.text);
    expect(text).toContain('Please correct the 4 fields marked below.');
    expect(reply.text).toContain('<p class="field-error" id="f-name-error">Your name must be at least 1 characters long.</p>');
    expect(reply.text).toContain('<p class="field-error" id="f-email-error">E-mail must be a valid email.</p>');
    expect(reply.text).toMatch(/<p class="field-error" id="f-phone-error">Phone may use only digits/);
    expect(reply.text).toContain('<p class="field-error" id="f-quantity-error">Quantity must be at least 1.</p>');
    expect(reply.text).toContain('id="f-email" name="email" required maxlength="254" autocomplete="email" aria-describedby="f-email-error" aria-invalid="true" value="not-an-address"');
    expect(reply.text).toContain('value="call me &lt;b&gt;"');
    expect(reply.text).toContain('value="A &amp; B &quot;Steel&quot;"');
    expect(reply.text).toContain(`name="form_token" value="${form.formToken}"`);
    expect((await submissions()).filter((s) => s.rfq_link_id === link.id)).toHaveLength(0);
    // Corrected, the same form goes through.
    expect((await postForm(app, formPath, filled(form), { cookie: form.cookie })).status).toBe(201);
  });

  it('after 30 days the link is a 410 page, for reading and for sending', async () => {
    const { path: formPath, link } = await makeRfqLink(app, JOB);
    const form = await openRfqForm(app, formPath);
    app.clock.advanceDays(30.01);
    try {
      const page = await app.http.request('GET', formPath);
      expect(page.status).toBe(410);
      expect(readText(page.text)).toContain('This quote-request link has expired');
      expect(readText(page.text)).toContain('links work for 30 days');
      const sent = await postForm(app, formPath, filled(form), { cookie: form.cookie });
      expect(sent.status).toBe(410);
      expect((await submissions()).filter((s) => s.rfq_link_id === link.id)).toHaveLength(0);
    } finally {
      app.clock.advanceDays(-30.01);
    }
  });

  it('an unknown link is a 404 page', async () => {
    const reply = await app.http.request('GET', '/r/rfq_0000000000000000000000');
    expect(reply.status).toBe(404);
    expect(readText(reply.text)).toContain('Quote-request link not found');
  });

  it('pnpm rfq:list prints the submissions for the shop', async () => {
    // A minute later than the other suites' submissions, so it lists first.
    app.clock.advanceDays(1 / 1440);
    const submittedAt = app.clock.now().toISOString();
    const { path: formPath, link } = await makeRfqLink(app, { description: 'Repair a cracked loader bucket edge' });
    const form = await openRfqForm(app, formPath);
    const sent = await postForm(app, formPath, { form_token: form.formToken, description: 'Repair a cracked loader bucket edge', name: 'Jo Martin', email: 'jo@example.com' }, { cookie: form.cookie });
    const reference = /class="reference">(sub_[0-9A-Za-z]{22})</.exec(sent.text)?.[1];
    const env = { ...process.env, DATABASE_URL: app.databaseUrl, REDIS_URL: '', LOG_LEVEL: 'silent' };
    const run = promisify(execFile);
    const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
    const { stdout } = await run(tsx, ['--conditions=@shop/source', 'apps/rest/src/rfq-list.ts'], { cwd: ROOT, env });
    expect(stdout).toContain(`${reference}  ${submittedAt}  link ${link.id}\n  From: Jo Martin <jo@example.com>\n  | Repair a cracked loader bucket edge`);
    const json = await run(tsx, ['--conditions=@shop/source', 'apps/rest/src/rfq-list.ts', '--json', '--limit', '1'], { cwd: ROOT, env });
    expect(json.stdout.trim().split('\n').map((line) => JSON.parse(line))).toEqual([expect.objectContaining({ id: reference, name: 'Jo Martin', phone: null })]);
  }, 30_000);

  it('pnpm rfq:list shows what the link asked beside a job the person edited', async () => {
    app.clock.advanceDays(1 / 1440);
    const { path: formPath, link } = await makeRfqLink(app, JOB);
    const form = await openRfqForm(app, formPath);
    const sent = await postForm(app, formPath, filled(form, { description: 'Just the base plates, no posts', quantity: '40', thickness_in: '' }), { cookie: form.cookie });
    expect(sent.status).toBe(201);
    const env = { ...process.env, DATABASE_URL: app.databaseUrl, REDIS_URL: '', LOG_LEVEL: 'silent' };
    const run = promisify(execFile);
    const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
    const listing = await run(tsx, ['--conditions=@shop/source', 'apps/rest/src/rfq-list.ts', '--limit', '1'], { cwd: ROOT, env });
    expect(listing.stdout).toContain(`link ${link.id}`);
    expect(listing.stdout).toContain('  Job:  A36, quantity 40\n  | Just the base plates, no posts\n  The link asked: A36, 0.375 in, quantity 12\n  > Weld a 3/8 in base plate');
    const json = await run(tsx, ['--conditions=@shop/source', 'apps/rest/src/rfq-list.ts', '--json', '--limit', '1'], { cwd: ROOT, env });
    expect(JSON.parse(json.stdout.trim())).toMatchObject({ description: 'Just the base plates, no posts', quantity: 40, link_job: JOB });
  }, 30_000);

  it('pnpm rfq:list never lets what a person typed act on the terminal', async () => {
    app.clock.advanceDays(1 / 1440);
    // A window title, a screen clear, a C1 control sequence and a right-to-left override.
    const hostile = 'Gate \u001b]0;owned\u0007\u001b[2J hinge \u009b31m red \u202eevil';
    const { path: formPath } = await makeRfqLink(app, { description: 'Repair a gate hinge' });
    const form = await openRfqForm(app, formPath);
    const sent = await postForm(app, formPath, { form_token: form.formToken, description: hostile, name: 'Al\u001b[31mx', email: 'al@example.com' }, { cookie: form.cookie });
    expect(sent.status).toBe(201);
    const env = { ...process.env, DATABASE_URL: app.databaseUrl, REDIS_URL: '', LOG_LEVEL: 'silent' };
    const run = promisify(execFile);
    const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
    const controls = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E]/;
    const listing = await run(tsx, ['--conditions=@shop/source', 'apps/rest/src/rfq-list.ts', '--limit', '1'], { cwd: ROOT, env });
    expect(listing.stdout).not.toMatch(controls);
    expect(listing.stdout).toContain('  | Gate \uFFFD]0;owned\uFFFD\uFFFD[2J hinge \uFFFD31m red \uFFFDevil');
    const json = await run(tsx, ['--conditions=@shop/source', 'apps/rest/src/rfq-list.ts', '--json', '--limit', '1'], { cwd: ROOT, env });
    expect(json.stdout).not.toMatch(controls);
    // The JSON keeps the job exactly, escaped; the name, one line, lost its controls when it was taken in.
    expect(JSON.parse(json.stdout.trim())).toMatchObject({ description: hostile, name: 'Al [31mx' });
  }, 30_000);
});
