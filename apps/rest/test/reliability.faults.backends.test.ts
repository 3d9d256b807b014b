// Short versions of the fault scripts (reliability/checks) that differ by backend: a write cut
// half-way (SQLite, and PostgreSQL when TEST_POSTGRES_URL is set), PostgreSQL sessions killed under the app.
import Database from 'better-sqlite3';
import { Client } from 'pg';
import { BACKENDS, freshDatabaseUrl, startTestApp } from './app-harness';
import type { Backend, TestApp } from './app-harness';
import { kitProduct, typicalPlate } from './fixtures';
import { expectError } from './harness';
import { NEEDS_POSTGRES, describeUnless } from '../../../scripts/test/skip-unless';

/** Runs SQL on the app's database from outside the app (another connection, as another process would). */
async function runSql(app: TestApp, sql: string): Promise<Array<Record<string, unknown>>> {
  if (app.databaseUrl.startsWith('file:')) {
    const db = new Database(app.databaseUrl.slice('file:'.length));
    try {
      return /^\s*select/i.test(sql) ? (db.prepare(sql).all() as Array<Record<string, unknown>>) : (db.exec(sql), []);
    } finally {
      db.close();
    }
  }
  const url = new URL(app.databaseUrl);
  const schema = url.searchParams.get('schema')!;
  url.searchParams.delete('schema');
  url.searchParams.delete('application_name');
  const client = new Client({ connectionString: url.toString(), options: `-c search_path="${schema}"` });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}

const CUT_TRIGGER: Record<Backend, { add: string; drop: string }> = {
  sqlite: {
    // A failure of the database, not a constraint: the trigger's table is missing when it runs.
    add: `CREATE TABLE write_cut (x); CREATE TRIGGER cut_design BEFORE INSERT ON plate_designs BEGIN INSERT INTO write_cut VALUES (1); END; DROP TABLE write_cut`,
    drop: 'DROP TRIGGER cut_design',
  },
  postgresql: {
    add: `CREATE FUNCTION cut_design() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'write cut'; END $$ LANGUAGE plpgsql;
          CREATE TRIGGER cut_design BEFORE INSERT ON plate_designs FOR EACH ROW EXECUTE FUNCTION cut_design()`,
    drop: 'DROP TRIGGER cut_design ON plate_designs; DROP FUNCTION cut_design()',
  },
};

describe.each(BACKENDS)('a handoff write cut half-way on %s', (backend) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ backend });
  });
  afterAll(() => app.close());

  it('leaves no handoff and no design behind, answers 503 retryable, and the retry stores both', async () => {
    const quote = await app.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate(), kitProduct(), typicalPlate({ quantity: 3 })] } });
    expect(quote.status).toBe(201);
    // The handoff row is written first; the designs' INSERT then fails inside the same transaction.
    await runSql(app, CUT_TRIGGER[backend].add);
    const cut = await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [quote.json.id] } });
    expectError(cut, 503, 'api_error', 'storage_unavailable');
    expect(cut.json.error.retryable).toBe(true);
    expect(cut.text).not.toContain('write cut');
    expect(await runSql(app, 'SELECT COUNT(*) AS n FROM handoffs')).toEqual([{ n: backend === 'sqlite' ? 0 : '0' }]);
    expect(await runSql(app, 'SELECT COUNT(*) AS n FROM plate_designs')).toEqual([{ n: backend === 'sqlite' ? 0 : '0' }]);

    await runSql(app, CUT_TRIGGER[backend].drop);
    const retried = await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [quote.json.id] } });
    expect(retried.status).toBe(201);
    const rows = await runSql(app, 'SELECT handoff_id, COUNT(*) AS n FROM plate_designs GROUP BY handoff_id');
    expect(rows.map((row) => [row.handoff_id, Number(row.n)])).toEqual([[retried.json.id, 2]]);
  });
});

describeUnless(Boolean(process.env.TEST_POSTGRES_URL), NEEDS_POSTGRES)('PostgreSQL sessions ended under the app', () => {
  let app: TestApp;
  let applicationName: string;

  beforeAll(async () => {
    const fresh = freshDatabaseUrl('postgresql');
    applicationName = new URL(fresh.url).searchParams.get('schema')!;
    app = await startTestApp({ backend: 'postgresql', databaseUrl: `${fresh.url}&application_name=${applicationName}` });
  });
  afterAll(() => app.close());

  it('answers 503 or succeeds while its sessions are killed, never 500, and needs no restart', async () => {
    const created = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } });
    const statuses = new Map<number, number>();
    for (let round = 0; round < 5; round += 1) {
      const ended = await runSql(app, `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = '${applicationName}'`);
      expect(ended.length).toBeGreaterThan(0);
      const replies = await Promise.all([
        app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } }),
        app.http.request('GET', `/api/v1/quotes/${created.json.id}`),
        app.http.request('GET', '/api/v1/status'),
      ]);
      for (const reply of replies) {
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        if (reply.status >= 500) expectError(reply, 503, 'api_error', 'storage_unavailable');
      }
    }
    expect([...statuses.keys()].every((status) => status < 300 || status === 503)).toBe(true);
    expect((await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } })).status).toBe(201);
    expect((await app.http.request('GET', `/api/v1/quotes/${created.json.id}`)).text).toBe(created.text);
  });
});
