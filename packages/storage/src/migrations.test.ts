// The committed migrations must build exactly the schema the models describe, for each provider.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createPostgresDatabase, createSqliteDatabase, postgresUrl } from '../test/harness';
import { NEEDS_POSTGRES, itUnless } from '../../../scripts/test/skip-unless';
import {
  connectPostgresEngine,
  connectSqliteShadowEngine,
  diffMigrationsToModels,
  migrationsUpToDate,
  readMigrationsList,
  resolveMigrationsDir,
} from './schema-engine';

const providers = ['sqlite', 'postgresql'] as const;

describe('migrations', () => {
  it('keep one history per provider with the same migration names, each with its lock file', () => {
    const names = providers.map((provider) =>
      readMigrationsList(provider).migrationDirectories.map((directory) => directory.path),
    );
    expect(names[0]!.length).toBeGreaterThan(0);
    expect(names[0]).toEqual(names[1]);
    for (const provider of providers) {
      const lock = readFileSync(path.join(resolveMigrationsDir(provider), 'migration_lock.toml'), 'utf8');
      expect(lock).toContain(`provider = "${provider}"`);
      for (const name of readdirSync(resolveMigrationsDir(provider)).filter((entry) => !entry.endsWith('.toml'))) {
        expect(existsSync(path.join(resolveMigrationsDir(provider), name, 'migration.sql'))).toBe(true);
      }
    }
  });

  it('on sqlite match the models (run `pnpm db:diff --name <change>` if not)', async () => {
    await expect(diffMigrationsToModels('sqlite', connectSqliteShadowEngine())).resolves.toBe('');
  });

  itUnless(Boolean(postgresUrl), NEEDS_POSTGRES)(
    'on postgresql match the models (needs TEST_POSTGRES_URL: the check replays them in a shadow database)',
    async () => {
      await expect(diffMigrationsToModels('postgresql', connectPostgresEngine(postgresUrl!, 'public'))).resolves.toBe('');
    },
  );
});

describe('a start that finds every migration recorded', () => {
  const recorded = (provider: 'sqlite' | 'postgresql') =>
    readMigrationsList(provider).migrationDirectories.map(({ path: name, migrationFile }) => ({
      migration_name: name,
      checksum: createHash('sha256').update(migrationFile.content.tag === 'ok' ? migrationFile.content.value : '').digest('hex'),
      finished_at: '2026-11-24T00:00:00.000+00:00',
      rolled_back_at: null,
    }));

  it.each(providers)('on %s skips the schema engine only when each folder is applied, finished, not rolled back and unedited', (provider) => {
    const rows = recorded(provider);
    expect(migrationsUpToDate(provider, rows)).toBe(true);
    expect(migrationsUpToDate(provider, rows.slice(0, -1))).toBe(false);
    expect(migrationsUpToDate(provider, rows.map((row, i) => (i === 0 ? { ...row, checksum: 'edited' } : row)))).toBe(false);
    expect(migrationsUpToDate(provider, rows.map((row, i) => (i === 0 ? { ...row, finished_at: null } : row)))).toBe(false);
    expect(migrationsUpToDate(provider, rows.map((row, i) => (i === 0 ? { ...row, rolled_back_at: '2026-11-24' } : row)))).toBe(false);
  });

  it.each([
    ['sqlite', () => createSqliteDatabase()],
    ...(postgresUrl ? [['postgresql', () => createPostgresDatabase(postgresUrl!)] as const] : []),
  ] as const)('on %s loads the engine for a new database and not on the next start', async (_provider, create) => {
    const database = create();
    try {
      const first = await database.open();
      expect(first.startup).toMatchObject({ schemaEngine: true });
      expect(first.startup.appliedMigrations.length).toBeGreaterThan(0);
      await first.close();
      const second = await database.open();
      expect(second.startup).toMatchObject({ schemaEngine: false, appliedMigrations: [] });
      await expect(second.health()).resolves.toEqual({ state: 'ok' });
      await second.close();
    } finally {
      await database.drop();
    }
  });
});
