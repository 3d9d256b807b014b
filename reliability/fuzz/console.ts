// The console's part of `pnpm fuzz`: generated requests to every console route from a signed-in
// owner's and a signed-in staff member's browser, with hostile forms (huge fields, a field repeated
// where one value is read, unicode and control characters, markup), a CSRF token missing, wrong or
// another session's, foreign origins, other methods and ids that climb out of their path. One at a
// time, so each refused form can be checked against the database: no 5xx, every answer with the
// console's security headers and an HTML page (but the downloads and redirects), nothing leaked,
// and no row changed by an answer of 400 or more.
import { createHash } from 'node:crypto';
import http from 'node:http';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { ConsoleBrowser, sendQuoteRequest } from '../checks/console-client';
import { addStaffByCommand } from '../checks/processes';
import { sendRaw } from './run';

export const CONSOLE_POLICY = "default-src 'none'; script-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
const REQUIRED_HEADERS: Record<string, string> = {
  'content-security-policy': CONSOLE_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** Answers that are files, not pages, when they succeed. */
const DOWNLOADS: Array<[RegExp, RegExp]> = [
  [/^\/inbox\.csv(\?|$)/, /^text\/csv/],
  [/^\/price-book\/[^/]+\/book\.json$/, /^application\/json/],
  [/^\/quotes\/[^/]+\/items\/\d+\/preview\.svg$/, /^image\/svg\+xml/],
  [/^\/quotes\/[^/]+\/items\/\d+\/drawing\.dxf$/, /^(application\/dxf|image\/vnd\.dxf|application\/octet-stream)/],
  [/^\/privacy\/export$/, /^application\/json/],
  [/^\/assets\/(console\.css|favicon\.svg)$/, /^(text\/css|image\/svg\+xml)/],
];

/** Files of this machine or the repository an id climbing out of its path could reach. */
const LEAK = /root:x:0:0|"packageManager"|"name": "shop-quote"|DATABASE_URL=|\bat [^\s]+ \(?[^\s]*\.(ts|js):\d+|SQLITE_|node_modules|\/work\//;

export const FUZZ_PEOPLE = {
  owner: { email: 'fuzz-owner@shop.test', password: 'fuzz owner password' },
  staff: { email: 'fuzz-staff@shop.test', password: 'fuzz staff password' },
  /** Someone the owner's generated forms may disable (the two above stay able to sign in). */
  other: { email: 'fuzz-other@shop.test', password: 'fuzz other password' },
  /** The address the generated sign-ins try (so the people above are never locked out). */
  target: 'fuzz-target@shop.test',
};

export interface ConsoleFuzzOptions {
  consoleUrl: string;
  restUrl: string;
  databaseUrl: string;
  requests: number;
  seed: number;
  maxSeconds: number;
}

interface ConsoleFuzzRequest {
  who: 'owner' | 'staff';
  method: string;
  path: string;
  /** Field pairs (repeats allowed), sent urlencoded; or a raw body. */
  form: Array<[string, string]> | null;
  raw: { type: string; body: string } | null;
  csrf: 'valid' | 'missing' | 'wrong' | 'other-session';
  origin: 'own' | 'none' | 'null' | 'foreign';
  crossSite: boolean;
}

export interface ConsoleFuzzFailure {
  request: Omit<ConsoleFuzzRequest, 'form' | 'raw'> & { body: string };
  status: number;
  problem: string;
  answer: string;
}

export interface ConsoleFuzzResult {
  seed: number;
  sent: number;
  seconds: number;
  byStatus: Record<string, number>;
  byMethod: Record<string, number>;
  refusedForms: number;
  refusedFormsCheckedAgainstRows: number;
  signInsAgain: number;
  failureCount: number;
  failures: ConsoleFuzzFailure[];
}

/** What the generated ids and fields draw from: real ids (to reach deep code) and hostile ones. */
interface Known {
  rfqIds: string[];
  quoteIds: string[];
  staffIds: string[];
  versions: string[];
  lostReasonIds: string[];
}

const TRAVERSAL = [
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..%2f..%2fpackage.json',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '....%2F%2F....%2F%2Fetc%2Fpasswd',
  '..%5C..%5Cpackage.json',
  '%252e%252e%252fpackage.json',
  '%00',
  '.env',
  '..',
  '%2F',
  'a%00b',
  '%C0%AE%C0%AE%2F',
];

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "' OR 1=1 --",
    '%',
    '_',
    '\u202e\u0645\u0631\u062d\u0628\u0627',
    '\ud83e\uddd1\u200d\ud83d\udd27 welder',
    '\u0000',
    '\r\nSet-Cookie: x=1',
    '=HYPERLINK("http://x")',
    '2026-02-30T25:61',
    '-1',
    '1e309',
    'NaN',
    '0x10',
    '[]',
    '{}',
    'owner',
    'staff',
    'on',
    'off',
    'paused',
    'now',
    'at',
    'lost',
    'won',
    'closed',
    'new',
    'in_progress',
  ) },
  // Long, and past the forms' 16 KB.
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 15_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 17_000, max: 40_000 }).map((n) => 'y'.repeat(n)) },
);

function idOf(known: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('none') },
    { weight: 2, arbitrary: fc.constantFrom(...TRAVERSAL) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.integer({ min: 200, max: 3000 }).map((n) => 'z'.repeat(n)) },
  );
}

const FIELDS = ['_csrf', 'state', 'reason', 'note', 'assignee', 'when', 'at', 'from', 'until', 'message', 'email', 'name', 'role', 'label', 'confirm', 'current', 'password', 'book_text', 'q', 'x'];

function formFor(fields: string[]): fc.Arbitrary<Array<[string, string]>> {
  const pair = fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(fields.length ? fields : FIELDS)) }, { weight: 1, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }), hostileText);
  // Repeats are arrays where one value is read (`state=a&state=b`).
  return fc.array(pair, { maxLength: 8 });
}

function routes(known: Known): fc.Arbitrary<{ method: string; path: string; fields: string[] }> {
  const kind = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('quote', 'order') }, { weight: 1, arbitrary: idOf([]) });
  const lead = fc.tuple(kind, idOf(known.rfqIds)).map(([k, id]) => `/inbox/${k}/${id}`);
  const quote = idOf(known.quoteIds);
  const version = idOf(known.versions);
  const query = fc.array(fc.tuple(fc.constantFrom('state', 'q', 'mine', 'before', 'after', 'from', 'to', 'status', 'material', 'min', 'max', 'source'), hostileText), { maxLength: 5 }).map((pairs) =>
    pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v.slice(0, 2000))}`).join('&')}` : '',
  );
  const get = (path: fc.Arbitrary<string>) => path.map((p) => ({ method: 'GET', path: p, fields: [] as string[] }));
  const post = (path: fc.Arbitrary<string>, fields: string[]) => path.map((p) => ({ method: 'POST', path: p, fields }));
  const c = fc.constant;
  return fc.oneof(
    get(fc.constantFrom('/', '/account', '/staff', '/price-book', '/plate-orders', '/privacy', '/settings/lost-reasons', '/notifications', '/webhooks', '/handoffs', '/sign-in')),
    get(query.map((q) => `/inbox${q}`)),
    get(query.map((q) => `/inbox.csv${q}`)),
    get(query.map((q) => `/quotes${q}`)),
    get(query.map((q) => `/audit${q}`)),
    get(lead),
    get(quote.map((id) => `/quotes/${id}`)),
    get(fc.tuple(quote, fc.constantFrom('0', '1', '-1', '99', 'x', '1e3'), fc.constantFrom('preview.svg', 'drawing.dxf')).map(([id, i, f]) => `/quotes/${id}/items/${i}/${f}`)),
    get(version.map((v) => `/price-book/${v}`)),
    get(version.map((v) => `/price-book/${v}/book.json`)),
    get(fc.constantFrom(...TRAVERSAL, 'console.css', 'favicon.svg').map((f) => `/assets/${f}`)),
    get(idOf([]).map((t) => `/welcome/${t}`)),
    get(idOf([]).map((id) => `/notifications/${id}`)),
    post(lead.map((p) => `${p}/state`), ['state', 'reason']),
    post(lead.map((p) => `${p}/notes`), ['note']),
    post(lead.map((p) => `${p}/assignee`), ['assignee']),
    post(c('/account/password'), ['current', 'password']),
    post(c('/staff'), ['email', 'name', 'role']),
    post(idOf(known.staffIds).map((id) => `/staff/${id}/disable`), []),
    post(c('/price-book'), ['book_text', 'note']),
    post(version.map((v) => `/price-book/${v}/publish`), ['when', 'at', 'note']),
    post(c('/plate-orders'), ['state', 'from', 'until', 'message']),
    post(fc.constantFrom('find', 'export', 'erase', '..%2Ferase', 'x'), ['email', 'confirm']).map((r) => ({ ...r, path: `/privacy/${r.path}` })),
    post(c('/settings/lost-reasons'), ['label']),
    post(fc.tuple(idOf(known.lostReasonIds), fc.constantFrom('rename', 'retire')).map(([id, a]) => `/settings/lost-reasons/${id}/${a}`), ['label']),
    post(c('/sign-in'), ['email', 'password']),
    post(idOf([]).map((t) => `/welcome/${t}`), ['password']),
    post(idOf([]).map((id) => `/notifications/${id}/retry`), []),
    post(c('/webhooks'), ['name', 'url', 'events']),
  );
}

function requests(known: Known): fc.Arbitrary<ConsoleFuzzRequest> {
  return routes(known).chain((route) =>
    fc.record({
      who: fc.constantFrom('owner' as const, 'staff' as const),
      method: fc.oneof({ weight: 8, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', route.method === 'GET' ? 'POST' : 'GET') }),
      path: fc.constant(route.path),
      form: route.method === 'POST' ? fc.option(formFor(route.fields), { nil: null, freq: 8 }) : fc.constant(null),
      raw:
        route.method === 'POST'
          ? fc.option(
              fc.oneof(
                fc.record({ type: fc.constant('application/json'), body: fc.constantFrom('{"state":["a","b"],"_csrf":{"$ne":null}}', '[', '{"__proto__":{"x":1}}') }),
                fc.record({ type: fc.constant('multipart/form-data; boundary=x'), body: fc.constantFrom('--x\r\nContent-Disposition: form-data; name="book_text"\r\n\r\n{}\r\n--x--\r\n', '--x\r\n', 'no boundary at all') }),
                fc.record({ type: fc.constant('application/x-www-form-urlencoded'), body: fc.constantFrom('%', 'a=%E0%A4%A', '&&&=&=', Array.from({ length: 40 }, (_, i) => `f${i}=1`).join('&'), 'state[]=new&state[]=lost', '_csrf[]=x') }),
                fc.record({ type: fc.constant('text/plain'), body: fc.constant('state=new') }),
              ),
              { nil: null, freq: 6 },
            )
          : fc.constant(null),
      csrf: fc.oneof({ weight: 5, arbitrary: fc.constant('valid' as const) }, { weight: 3, arbitrary: fc.constantFrom('missing' as const, 'wrong' as const, 'other-session' as const) }),
      origin: fc.oneof({ weight: 6, arbitrary: fc.constant('own' as const) }, { weight: 2, arbitrary: fc.constantFrom('none' as const, 'null' as const, 'foreign' as const) }),
      crossSite: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    }),
  );
}

/**
 * A digest of every table's rows, leaving out what a refused request may still write by design: a
 * session's last-seen time (any request of a signed-in browser) and `sign_in_failed` audit rows
 * (the lock-out counts them), with the audit log's id counter.
 */
function digestRows(db: Database.Database): { digest: string; tables: Record<string, string> } {
  const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((row) => row.name);
  const tables: Record<string, string> = {};
  for (const name of names) {
    let sql = `SELECT * FROM "${name}" ORDER BY rowid`;
    if (name === 'staff_sessions') sql = `SELECT id, staff_id, created_at, expires_at FROM staff_sessions ORDER BY id`;
    // Refused sign-in tries are counted and audited by design (sign_in_counters, the refusals' entries).
    if (name === 'sign_in_counters') continue;
    if (name === 'audit_log') sql = `SELECT * FROM audit_log WHERE action NOT IN ('sign_in_failed', 'sign_in_refused', 'welcome_refused') ORDER BY id`;
    if (name === 'sqlite_sequence') sql = `SELECT * FROM sqlite_sequence WHERE name <> 'audit_log' ORDER BY name`;
    const rows = db.prepare(sql).raw().all();
    tables[name] = createHash('sha256').update(JSON.stringify(rows, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : typeof v === 'bigint' ? String(v) : v))).digest('hex');
  }
  return { digest: createHash('sha256').update(JSON.stringify(tables)).digest('hex'), tables };
}

function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** Seeds the fuzz's world: two people, quote requests and a quote through the REST app, a book uploaded. */
async function seed(options: ConsoleFuzzOptions): Promise<{ known: Known; owner: ConsoleBrowser; staff: ConsoleBrowser }> {
  addStaffByCommand(options.databaseUrl, FUZZ_PEOPLE.owner.email, FUZZ_PEOPLE.owner.password, true);
  addStaffByCommand(options.databaseUrl, FUZZ_PEOPLE.staff.email, FUZZ_PEOPLE.staff.password, false);
  addStaffByCommand(options.databaseUrl, FUZZ_PEOPLE.other.email, FUZZ_PEOPLE.other.password, false);
  const rfqIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const sent = await sendQuoteRequest(options.restUrl, 9000 + i);
    if (sent.id) rfqIds.push(sent.id);
  }
  const quote = await fetch(`${options.restUrl}/api/v1/quotes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.200' },
    body: JSON.stringify({ items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, outline: { kind: 'rectangle', width_in: 6, height_in: 4 }, holes: [{ kind: 'circle', center_x_in: 3, center_y_in: 2, diameter_in: 0.5 }], quantity: 2 }] }),
  });
  const quoteId = ((await quote.json()) as { id: string }).id;
  const owner = new ConsoleBrowser(options.consoleUrl);
  const staff = new ConsoleBrowser(options.consoleUrl);
  await owner.signIn(FUZZ_PEOPLE.owner.email, FUZZ_PEOPLE.owner.password);
  await staff.signIn(FUZZ_PEOPLE.staff.email, FUZZ_PEOPLE.staff.password);
  const db = new Database(options.databaseUrl.slice('file:'.length), { readonly: true });
  const column = (sql: string) => (db.prepare(sql).raw().all() as unknown[][]).map((row) => String(row[0]));
  const known: Known = {
    rfqIds,
    quoteIds: [quoteId],
    staffIds: column(`SELECT id FROM staff WHERE email = '${FUZZ_PEOPLE.other.email}'`),
    versions: column('SELECT version FROM price_book_versions'),
    lostReasonIds: column('SELECT id FROM lost_reasons'),
  };
  db.close();
  return { known, owner, staff };
}

export async function runConsoleFuzz(options: ConsoleFuzzOptions, onProgress?: (sent: number, failures: number) => void): Promise<ConsoleFuzzResult> {
  const { known, owner, staff } = await seed(options);
  const browsers = { owner, staff };
  const tokens = { owner: await owner.csrf(), staff: await staff.csrf() };
  const people = { owner: FUZZ_PEOPLE.owner, staff: FUZZ_PEOPLE.staff };
  const db = new Database(options.databaseUrl.slice('file:'.length), { readonly: true });
  const agent = new http.Agent({ keepAlive: true });
  const samples = fc.sample(requests(known), { seed: options.seed, numRuns: options.requests });
  const result: ConsoleFuzzResult = { seed: options.seed, sent: 0, seconds: 0, byStatus: {}, byMethod: {}, refusedForms: 0, refusedFormsCheckedAgainstRows: 0, signInsAgain: 0, failureCount: 0, failures: [] };
  const started = performance.now();
  const deadline = started + options.maxSeconds * 1000;
  let signInAddress = 0;

  for (const request of samples) {
    if (performance.now() > deadline) break;
    const browser = browsers[request.who];
    let body: string | undefined;
    const headers: Record<string, string> = { 'x-forwarded-for': request.path === '/sign-in' ? `10.77.${Math.floor(signInAddress / 250) % 250}.${signInAddress++ % 250}` : '127.0.0.1' };
    if (browser.cookie) headers.cookie = `console_session=${browser.cookie}`;
    if (request.form) {
      const form = request.form.map(([k, v]): [string, string] => (k === 'email' && request.path === '/sign-in' ? [k, FUZZ_PEOPLE.target] : [k, v]));
      const other = request.who === 'owner' ? tokens.staff : tokens.owner;
      if (request.csrf === 'valid') form.push(['_csrf', tokens[request.who]]);
      if (request.csrf === 'wrong') form.push(['_csrf', tokens[request.who].replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'))]);
      if (request.csrf === 'other-session') form.push(['_csrf', other]);
      body = new URLSearchParams(form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (request.raw) {
      body = request.raw.body;
      headers['content-type'] = request.raw.type;
    }
    if (request.origin === 'own') headers.origin = options.consoleUrl;
    if (request.origin === 'null') headers.origin = 'null';
    if (request.origin === 'foreign') headers.origin = 'https://evil.example';
    if (request.crossSite) headers['sec-fetch-site'] = 'cross-site';
    const writes = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    const before = writes ? digestRows(db) : null;
    const fail = (status: number, problem: string, answer: string) => {
      result.failureCount += 1;
      if (result.failures.length < 40) {
        result.failures.push({ request: { who: request.who, method: request.method, path: request.path.slice(0, 300), csrf: request.csrf, origin: request.origin, crossSite: request.crossSite, body: (body ?? '').slice(0, 300) }, status, problem, answer: answer.slice(0, 300) });
      }
    };
    let answer: Awaited<ReturnType<typeof sendRaw>>;
    try {
      answer = await sendRaw(agent, options.consoleUrl, { method: request.method, path: request.path, headers, ...(body === undefined ? {} : { body }) });
    } catch (error) {
      fail(0, `no answer: ${(error as Error).message}`, '');
      result.sent += 1;
      continue;
    }
    result.sent += 1;
    result.byStatus[answer.status] = (result.byStatus[answer.status] ?? 0) + 1;
    result.byMethod[request.method] = (result.byMethod[request.method] ?? 0) + 1;

    if (answer.status >= 500) fail(answer.status, `answered ${answer.status}`, answer.text);
    for (const [name, value] of Object.entries(REQUIRED_HEADERS)) {
      if (headerOf(answer.headers, name) !== value) fail(answer.status, `header ${name}: ${JSON.stringify(headerOf(answer.headers, name))}`, answer.text);
    }
    const type = headerOf(answer.headers, 'content-type');
    const pathOnly = request.path.split('?')[0] ?? '';
    const download = answer.status === 200 && DOWNLOADS.find(([path]) => path.test(request.path) || path.test(pathOnly));
    if (answer.status === 303 || answer.status === 302) {
      const location = headerOf(answer.headers, 'location');
      if (!location.startsWith('/') || location.startsWith('//')) fail(answer.status, `redirect to ${location}`, '');
    } else if (request.method === 'HEAD') {
      // No body to judge; the headers above were.
    } else if (download) {
      if (!download[1].test(type)) fail(answer.status, `download answered ${type}`, answer.text);
    } else if (!type.startsWith('text/html') || !/^<!doctype html>/i.test(answer.text.trimStart())) {
      fail(answer.status, `not an HTML page (${type})`, answer.text);
    }
    if (LEAK.test(answer.text)) fail(answer.status, `leak: ${LEAK.exec(answer.text)?.[0]}`, answer.text);
    if (/<script/i.test(answer.text)) fail(answer.status, 'a <script> in the answer', answer.text);

    if (before && answer.status >= 400) {
      result.refusedForms += 1;
      const after = digestRows(db);
      if (after.digest !== before.digest) {
        const changed = Object.keys(after.tables).filter((t) => after.tables[t] !== before.tables[t]);
        fail(answer.status, `a refused ${request.method} changed rows of ${changed.join(', ')}`, answer.text);
      }
      result.refusedFormsCheckedAgainstRows += 1;
    }
    // The cookie a sign-in, a sign-out or a password change set (or ended); signed out, sign in again.
    for (const line of [answer.headers['set-cookie'] ?? []].flat()) {
      const [pair] = line.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name === 'console_session') browser.cookie = value && !/expires=Thu, 01 Jan 1970/i.test(line) ? value : null;
    }
    const signedOut = browser.cookie === null || (answer.status === 303 && headerOf(answer.headers, 'location') === '/sign-in' && request.path !== '/sign-in');
    if (signedOut) {
      browser.cookie = null;
      await browser.signIn(people[request.who].email, people[request.who].password);
      tokens[request.who] = await browser.csrf();
      result.signInsAgain += 1;
    }
    if (onProgress && result.sent % 500 === 0) onProgress(result.sent, result.failureCount);
  }
  agent.destroy();
  db.close();
  result.seconds = Math.round((performance.now() - started) / 100) / 10;
  return result;
}
