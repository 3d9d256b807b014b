// The console's adversarial case, on a real console process: the inbox over 100,000 stored requests
// (the first page, a search for a word in no row and for a word in every row, the CSV export of the
// whole list), a sign-in flood from one address (the limit holds; what each refused try costs), and
// the price book's diff page for a book that changes every figure. p50/p99 per case, the console's
// RSS. The requests are written by the storage's own repositories before the console starts.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { PRICE_BOOK_JSON } from '@shop/catalog';
import { openStorage } from '@shop/storage';
import { ROOT_DIR, findFreePort, makeTempDir, nodeArgsFor, readCpuMicros, sampleRss, startServer } from './harness';
import type { BenchOptions } from './harness';

export interface ConsoleTiming {
  name: string;
  runs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** What one answer held: rows on the page or in the file, or bytes. */
  detail: string;
}

export interface ConsoleBenchResult {
  mode: string;
  requests: number;
  seedSeconds: number;
  inbox: ConsoleTiming[];
  signInFlood: { tries: number; refusedWrongPassword: number; limited: number; other: number; wrongTry: ConsoleTiming; limitedTry: ConsoleTiming; cpuPerLimitedTryMs: number; cpuPerWrongTryMs: number };
  priceBookDiff: ConsoleTiming & { figuresChanged: number };
  rss: { idleMb: number; peakMb: number };
}

const COOKIE = 'console_session';
const PASSWORD = 'bench owner password';
const EMAIL = 'bench-owner@shop.test';
/** In every request's job text; NOWORD in none. */
const EVERY = 'plate';
const NOWORD = 'qzxjv';

/** The report's search that froze every page: "in " 66 times, then "zq" (200 characters). */
const WORST_SEARCH = `${'in '.repeat(66)}zq`;
/** 20 words of 99 letters each, none in any row. */
const LONG_WORDS = Array.from({ length: 20 }, (_, i) => `${String.fromCharCode(97 + i)}${'x'.repeat(98)}`).join(' ');

function summarize(name: string, times: number[], detail: string): ConsoleTiming {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { name, runs: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted.at(-1) ?? 0, detail };
}

/** Quote requests (9 in 10) and order requests, a minute apart, each naming EVERY in its job. */
async function seedRequests(databaseUrl: string, dir: string, count: number): Promise<void> {
  const storage = await openStorage({ databaseUrl, rootDir: dir });
  const { createOrderRequestRepository } = await import('@shop/storage');
  const orders = createOrderRequestRepository(storage);
  const start = Date.parse('2025-01-01T00:00:00Z');
  try {
    let pending: Promise<unknown>[] = [];
    for (let i = 0; i < count; i++) {
      const createdAt = new Date(start + i * 60_000);
      if (i % 10 === 9) {
        pending.push(
          orders.insert({
            id: `or_bench${String(i).padStart(7, '0')}`,
            handoffId: `ho_bench${i}`,
            idempotencyKey: `bench-order-${i}`,
            createdAt,
            priceBook: String((PRICE_BOOK_JSON as { version: string }).version),
            subtotalCents: 10_000 + i,
            taxCents: 1_300,
            totalCents: 11_300 + i,
            fulfilment: 'pickup',
            address: null,
            contact: { name: `Buyer ${i}`, email: `buyer${i}@example.com`, phone: '416 555 0100', company: `Fab ${i % 997}`, note: null },
            items: [{ quoteId: `q_bench${i}`, itemIndex: 0, kind: 'plate', description: `A36 ${EVERY} 1/4 in, 12 x 24 in`, label: 'base', quantity: 4, unitAmountCents: 2_500, amountCents: 10_000 }],
          }),
        );
      } else {
        const id = `rs_bench${String(i).padStart(7, '0')}`;
        const body = { object: 'rfq_submission', id, rfq_link_id: 'rl_bench', submitted_at: createdAt.toISOString(), description: `Base ${EVERY}s for job ${i}, 12 x 12 in`, material: 'A36', thickness_in: 0.5, quantity: 4, name: `Customer ${i}`, email: `customer${i}@example.com`, phone: null, company: `Works ${i % 997}` };
        pending.push(storage.rfqSubmissions.insert({ id, rfqLinkId: 'rl_bench', createdAt, idempotencyKey: `bench-rfq-${i}`, body: JSON.stringify(body), schemaVersion: 1 }));
      }
      // Written together: one group commit per batch.
      if (pending.length === 1000) {
        await Promise.all(pending);
        pending = [];
      }
    }
    await Promise.all(pending);
  } finally {
    await storage.close();
  }
}

/** The bundled book with every price figure doubled (whole numbers stay whole, every ordering the checks ask for holds). */
function everyFigureChanged(): { version: string; text: string; figures: number } {
  const book = structuredClone(PRICE_BOOK_JSON) as Record<string, unknown>;
  const [date, serial] = String(book.version).split('.') as [string, string];
  let figures = 0;
  const move = (value: unknown): unknown => {
    if (typeof value === 'number') {
      figures += 1;
      return value * 2;
    }
    if (Array.isArray(value)) return value.map(move);
    // A product's plate parts are drawings and the design rules are limits, not prices: doubled, the
    // products' own plates could no longer be made (the upload refuses such a book). The service
    // centre multiplier has a bound of its own (at most 5).
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'part' || k === 'dfm' || k === 'serviceCentreMultiplier' ? v : move(v)]));
    return value;
  };
  const moved = move(book) as Record<string, unknown>;
  moved.version = `${date}.${Number(serial) + 1}`;
  return { version: moved.version as string, text: JSON.stringify(moved), figures };
}

class Session {
  cookie: string | null = null;
  /** The sign-in form's cookie (its CSRF token is derived from it). */
  preSession: string | null = null;
  constructor(readonly baseUrl: string) {}

  async send(method: string, pathname: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; text: string; ms: number; bytes: number }> {
    const headers: Record<string, string> = { ...init.headers };
    const cookies = [this.cookie ? `${COOKIE}=${this.cookie}` : null, this.preSession ? `console_pre_session=${this.preSession}` : null].filter((pair) => pair !== null);
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    const started = performance.now();
    const response = await fetch(this.baseUrl + pathname, { method, headers, ...(init.body === undefined ? {} : { body: init.body }), redirect: 'manual' });
    const buffer = Buffer.from(await response.arrayBuffer());
    const ms = performance.now() - started;
    for (const line of response.headers.getSetCookie()) {
      const [name, value] = (line.split(';')[0] ?? '').split('=');
      if (name === COOKIE && value) this.cookie = value;
      if (name === 'console_pre_session' && value) this.preSession = value;
    }
    return { status: response.status, text: buffer.toString('utf8'), ms, bytes: buffer.length };
  }

  form(pathname: string, form: Record<string, string>, ip = '127.0.0.1') {
    return this.send('POST', pathname, { body: new URLSearchParams(form).toString(), headers: { origin: this.baseUrl, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip } });
  }

  /** The sign-in form's token (the form opened before it is sent, as a browser does). */
  async signInToken(): Promise<string> {
    return this.csrf('/sign-in');
  }

  async csrf(pathname: string): Promise<string> {
    const page = await this.send('GET', pathname);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
    if (!token) throw new Error(`no CSRF token on ${pathname} (${page.status})`);
    return token;
  }
}

async function timeGet(session: Session, name: string, pathname: string, runs: number, detailOf: (text: string, bytes: number) => string): Promise<ConsoleTiming> {
  const times: number[] = [];
  let detail = '';
  for (let i = 0; i < runs; i++) {
    const reply = await session.send('GET', pathname);
    if (reply.status !== 200) throw new Error(`GET ${pathname} answered ${reply.status}`);
    times.push(reply.ms);
    detail = detailOf(reply.text, reply.bytes);
  }
  return summarize(name, times, detail);
}

/** Another person's first inbox page, timed while a second session sends WORST_SEARCH back to back. */
async function timeWhileSearching(baseUrl: string, searcher: Session, runs: number, detailOf: (text: string, bytes: number) => string): Promise<ConsoleTiming> {
  let searching = true;
  const loop = (async () => {
    while (searching) await searcher.send('GET', `/inbox?q=${encodeURIComponent(WORST_SEARCH)}`);
  })();
  try {
    const other = new Session(baseUrl);
    other.cookie = searcher.cookie;
    const timing = await timeGet(other, 'inbox, first page, while another session sends the 200-character search back to back', '/inbox', runs, detailOf);
    return timing;
  } finally {
    searching = false;
    await loop;
  }
}

const rowsOnPage = (text: string) => `${[...text.matchAll(/<a href="\/inbox\/(quote|order)\//g)].length} rows`;

export async function runConsoleBench(options: BenchOptions): Promise<ConsoleBenchResult> {
  const count = options.quick ? 2_000 : 100_000;
  const temp = makeTempDir('shop-bench-console-');
  const databaseUrl = `file:${path.join(temp.dir, 'shop.db')}`;
  const seedStarted = performance.now();
  await seedRequests(databaseUrl, temp.dir, count);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  execFileSync(process.execPath, ['--conditions=@shop/source', '--import', 'tsx', 'apps/console/src/staff-add.ts', '--email', EMAIL, '--name', 'Bench', '--owner', '--password-stdin'], {
    cwd: ROOT_DIR,
    input: `${PASSWORD}\n`,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServer({
    name: 'console',
    args: nodeArgsFor({ dist: 'apps/console/dist/server.js', source: 'apps/console/src/server.ts' }, options.mode),
    env: { DATABASE_URL: databaseUrl, CONSOLE_PORT: String(port), CONSOLE_URL: baseUrl, TRUST_PROXY: '1', LOG_LEVEL: 'warn', REDIS_URL: '' },
    port,
    readyPath: '/sign-in',
    timeoutMs: 60_000,
  });
  const rss = sampleRss(server.pid, 50);
  const idleMb = rss.stop().lastMb;
  const sampler = sampleRss(server.pid, 50);
  try {
    const owner = new Session(baseUrl);
    const signedIn = await owner.form('/sign-in', { _csrf: await owner.signInToken(), email: EMAIL, password: PASSWORD });
    if (signedIn.status !== 303) throw new Error(`sign-in answered ${signedIn.status}`);
    const runs = options.quick ? 3 : 30;
    const inbox = [
      await timeGet(owner, 'inbox, first page', '/inbox', runs, rowsOnPage),
      await timeGet(owner, `inbox search "${NOWORD}" (in no row)`, `/inbox?q=${NOWORD}`, runs, rowsOnPage),
      await timeGet(owner, `inbox search "${EVERY}" (in every row)`, `/inbox?q=${EVERY}`, runs, rowsOnPage),
      await timeGet(owner, `inbox search "${EVERY} ${NOWORD}" (one word in every row, one in none)`, `/inbox?q=${EVERY}+${NOWORD}`, runs, rowsOnPage),
      // The worst search the report found: 200 characters of one short word repeated, then a word in no row.
      await timeGet(owner, 'inbox search "in in ... zq" (200 characters, 67 words)', `/inbox?q=${encodeURIComponent(WORST_SEARCH)}`, options.quick ? 2 : 10, rowsOnPage),
      await timeGet(owner, 'inbox search of 20 long words (2,000 characters)', `/inbox?q=${encodeURIComponent(LONG_WORDS)}`, options.quick ? 2 : 10, rowsOnPage),
      await timeWhileSearching(baseUrl, owner, options.quick ? 5 : 30, rowsOnPage),
      await timeGet(owner, 'CSV export of the whole list', '/inbox.csv', options.quick ? 2 : 10, (text, bytes) => `${text.split('\r\n').length - 2} rows, ${Math.round(bytes / 1024)} KB`),
      await timeGet(owner, `CSV export, search "${EVERY}"`, `/inbox.csv?q=${EVERY}`, options.quick ? 2 : 10, (text, bytes) => `${text.split('\r\n').length - 2} rows, ${Math.round(bytes / 1024)} KB`),
    ];

    // One address, new wrong e-mails each time (the per-account limit never comes first).
    const flooder = new Session(baseUrl);
    const floodToken = await flooder.signInToken();
    const tries = options.quick ? 40 : 400;
    const wrong: number[] = [];
    const limited: number[] = [];
    let other = 0;
    let cpuWrong = 0;
    let cpuLimited = 0;
    for (let i = 0; i < tries; i++) {
      const cpuBefore = readCpuMicros(server.pid);
      const reply = await flooder.form('/sign-in', { _csrf: floodToken, email: `guess${i}@shop.test`, password: `wrong password ${i}` }, '203.0.113.66');
      const cpu = readCpuMicros(server.pid) - cpuBefore;
      if (reply.status === 401) {
        wrong.push(reply.ms);
        cpuWrong += cpu;
      } else if (reply.status === 429) {
        limited.push(reply.ms);
        cpuLimited += cpu;
      } else other += 1;
    }
    const signInFlood = {
      tries,
      refusedWrongPassword: wrong.length,
      limited: limited.length,
      other,
      wrongTry: summarize('wrong sign-in (a dummy argon2id hash checked)', wrong, `${wrong.length} x 401`),
      limitedTry: summarize('sign-in past the address limit', limited, `${limited.length} x 429`),
      cpuPerLimitedTryMs: limited.length ? cpuLimited / limited.length / 1000 : 0,
      cpuPerWrongTryMs: wrong.length ? cpuWrong / wrong.length / 1000 : 0,
    };

    const book = everyFigureChanged();
    const boundary = '----bench-boundary';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const csrf = await owner.csrf('/price-book');
    const upload = await owner.send('POST', '/price-book', {
      body: `${part('_csrf', csrf)}${part('note', 'every figure')}${part('book_text', book.text)}--${boundary}--\r\n`,
      headers: { origin: baseUrl, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    if (upload.status !== 303) throw new Error(`the book changing every figure was refused (${upload.status}): ${upload.text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 600)}`);
    const diff = await timeGet(owner, 'price-book diff, every figure changed', `/price-book/${book.version}`, options.quick ? 3 : 30, (text, bytes) => `${[...text.matchAll(/<tr>/g)].length} table rows, ${Math.round(bytes / 1024)} KB`);
    const peak = sampler.stop();
    return {
      mode: options.mode,
      requests: count,
      seedSeconds,
      inbox,
      signInFlood,
      priceBookDiff: { ...diff, figuresChanged: book.figures },
      rss: { idleMb, peakMb: peak.peakMb },
    };
  } finally {
    sampler.stop();
    await server.stop();
    temp.remove();
  }
}
