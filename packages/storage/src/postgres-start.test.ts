import { openStorage } from './index';
import type { Storage } from './index';
import { postgresUrl, runPostgres } from '../test/harness';

// Replicas starting together on a new schema: they take turns at creating it and migrating it.
(postgresUrl ? describe : describe.skip)('several processes starting at once on a new PostgreSQL schema', () => {
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
