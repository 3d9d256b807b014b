import { openStorage } from './index';
import type { Storage } from './index';
import { postgresUrl, runPostgres } from '../test/harness';
import { NEEDS_POSTGRES, describeUnless } from '../../../scripts/test/skip-unless';

// Replicas starting together on a new schema: they take turns at creating it and migrating it.
describeUnless(Boolean(postgresUrl), NEEDS_POSTGRES)('several processes starting at once on a new PostgreSQL schema', () => {
  const schemas: string[] = [];
  afterAll(async () => {
    for (const schema of schemas) await runPostgres(postgresUrl!, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  });

  it('ten times over, three at once all start, and the migrations are applied once', async () => {
    for (let round = 0; round < 10; round++) {
      const schema = `start_race_${process.pid}_${Date.now().toString(36)}_${round}`;
      schemas.push(schema);
      const url = new URL(postgresUrl!);
      url.searchParams.set('schema', schema);
      const outcomes = await Promise.allSettled([0, 1, 2].map(() => openStorage({ databaseUrl: url.toString(), rootDir: '/tmp' })));
      const opened = outcomes.filter((o): o is PromiseFulfilledResult<Storage> => o.status === 'fulfilled').map((o) => o.value);
      const failures = outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason));
      try {
        expect(failures).toEqual([]);
        // One of them applied the migrations; the others found them applied.
        expect(opened.filter((s) => s.startup.appliedMigrations.length > 0)).toHaveLength(1);
        await expect(opened[2]!.health()).resolves.toEqual({ state: 'ok' });
      } finally {
        for (const storage of opened) await storage.close();
      }
    }
  }, 120_000);

  it('gives up with a clear message when another process holds the migration lock past the wait', async () => {
    const schema = `start_wait_${process.pid}_${Date.now().toString(36)}`;
    schemas.push(schema);
    const { Client } = await import('pg');
    const holder = new Client({ connectionString: postgresUrl });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(hashtext('shop-quote migrations ' || $1))", [schema]);
      const url = new URL(postgresUrl!);
      url.searchParams.set('schema', schema);
      await expect(openStorage({ databaseUrl: url.toString(), rootDir: '/tmp', migrationWaitMs: 300 })).rejects.toThrow(
        `Another process has held the migration lock of schema "${schema}" for 0.3 s; this one gave up waiting.`,
      );
    } finally {
      await holder.end();
    }
  });
});

describeUnless(Boolean(postgresUrl), NEEDS_POSTGRES)('the connection pool of one process', () => {
  const schema = `pool_${process.pid}_${Date.now().toString(36)}`;
  afterAll(() => runPostgres(postgresUrl!, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`));

  it.each([
    ['the URL’s connection_limit', (url: URL) => url.searchParams.set('connection_limit', '2'), {}],
    ['DATABASE_POOL_SIZE (the poolSize option), over the URL', (url: URL) => url.searchParams.set('connection_limit', '7'), { poolSize: 2 }],
  ])('opens at most the connections %s allows, however many queries are in flight', async (_name, configure, options) => {
    const url = new URL(postgresUrl!);
    url.searchParams.set('schema', schema);
    url.searchParams.set('application_name', `${schema}_app`);
    configure(url);
    const storage = await openStorage({ databaseUrl: url.toString(), rootDir: '/tmp', ...options });
    try {
      expect(storage.startup.poolSize).toBe(2);
      await Promise.all(Array.from({ length: 20 }, (_, i) => storage.quotes.get(`q_missing_${i}`, new Date())));
      const rows = (await runPostgres(postgresUrl!, 'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [`${schema}_app`])) as Array<{ n: number }>;
      expect(rows[0]!.n).toBeGreaterThan(0);
      expect(rows[0]!.n).toBeLessThanOrEqual(2);
    } finally {
      await storage.close();
    }
  });

  it('refuses a connection_limit that is not a whole number', async () => {
    const url = new URL(postgresUrl!);
    url.searchParams.set('connection_limit', 'lots');
    await expect(openStorage({ databaseUrl: url.toString(), rootDir: '/tmp' })).rejects.toThrow('DATABASE_URL connection_limit must be a whole number from 1 to 9999, got "lots"');
  });
});
