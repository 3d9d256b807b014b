// The sign-in limits under parallel tries, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL: the
// try is reserved by one conditional upsert before the password is checked, so 40 guesses at once
// get exactly as many passwords checked as the limits allow; and two owners disabling each other
// at once leave one.
import { Client } from 'pg';
import { NEEDS_POSTGRES, describeUnless } from '../../../scripts/test/skip-unless';
import { PASSWORD, startConsole, type ConsoleTestApp } from './console-harness';

// 40 sign-ins at once each wait for an argon2id check or a refusal (a few seconds on a busy machine).
jest.setTimeout(60_000);

const postgresUrl = process.env.TEST_POSTGRES_URL;

interface Backend {
  start(): Promise<ConsoleTestApp>;
  drop(): Promise<void>;
}

const sqlite = (): Backend => ({ start: () => startConsole(), drop: async () => {} });

function postgres(baseUrl: string): Backend {
  const schema = `console_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const url = new URL(baseUrl);
  url.searchParams.set('schema', schema);
  return {
    start: () => startConsole({ databaseUrl: url.toString() }),
    async drop() {
      const client = new Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

function suite(makeBackend: () => Backend): void {
  let backend: Backend;
  let app: ConsoleTestApp;

  beforeEach(async () => {
    backend = makeBackend();
    app = await backend.start();
    await app.addPerson('ana@shop.test', 'owner');
    await app.addPerson('di@shop.test', 'owner');
  });

  afterEach(async () => {
    await app.close();
    await backend.drop();
  });

  /** How many of the tries had their password checked (a checked wrong one is 401 and audited). */
  const checked = async () => (await app.opened.audit.list({ limit: 200, filter: { action: 'sign_in_failed' } })).entries.length;

  it('40 parallel guesses from one address get 5 passwords checked; the right one from another still signs in', async () => {
    const browsers = Array.from({ length: 40 }, () => app.browser({ ip: '203.0.113.66' }));
    const tokens = await Promise.all(browsers.map((browser) => browser.signInToken()));
    const replies = await Promise.all(browsers.map((browser, i) => browser.post('/sign-in', { _csrf: tokens[i] as string, email: 'ana@shop.test', password: `guess number ${i}` })));
    const statuses = replies.map((reply) => reply.status).sort();
    expect([statuses.filter((status) => status === 401).length, statuses.filter((status) => status === 429).length]).toEqual([5, 35]);
    expect(await checked()).toBe(5);
    expect((await app.browser({ ip: '198.51.100.20' }).signIn('ana@shop.test', PASSWORD)).status).toBe(303);
  });

  it('40 parallel guesses from 40 addresses get 10 passwords checked before the account slows down', async () => {
    const browsers = Array.from({ length: 40 }, (_, i) => app.browser({ ip: `10.9.${Math.floor(i / 200)}.${(i % 200) + 1}` }));
    const tokens = await Promise.all(browsers.map((browser) => browser.signInToken()));
    const replies = await Promise.all(browsers.map((browser, i) => browser.post('/sign-in', { _csrf: tokens[i] as string, email: 'ana@shop.test', password: `guess number ${i}` })));
    expect(replies.filter((reply) => reply.status === 401)).toHaveLength(10);
    expect(replies.filter((reply) => reply.status === 429).map((reply) => reply.headers.get('retry-after'))).toEqual(Array(30).fill('1'));
    expect(await checked()).toBe(10);
    app.advance(1000);
    expect((await app.browser({ ip: '198.51.100.20' }).signIn('ana@shop.test', PASSWORD)).status).toBe(303);
  });

  it('two owners disabling each other at once leave one enabled owner', async () => {
    const [ana, di] = [(await app.opened.staff.findByEmail('ana@shop.test'))!, (await app.opened.staff.findByEmail('di@shop.test'))!];
    const outcomes = await Promise.all([app.opened.staff.disable(di.id, app.now()), app.opened.staff.disable(ana.id, app.now())]);
    expect([...outcomes].sort()).toEqual(['disabled', 'last_owner']);
    expect((await app.opened.staff.list()).filter((person) => person.role === 'owner' && person.disabledAt === null)).toHaveLength(1);
  });
}

describe('sign-in limits on sqlite', () => suite(sqlite));
describeUnless(postgresUrl !== undefined, NEEDS_POSTGRES)('sign-in limits on postgresql', () => suite(() => postgres(postgresUrl as string)));
