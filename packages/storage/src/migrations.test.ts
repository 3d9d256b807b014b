// The committed migrations must build exactly the schema the models describe, for each provider.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { postgresUrl } from '../test/harness';
import {
  connectPostgresEngine,
  connectSqliteShadowEngine,
  diffMigrationsToModels,
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

  (postgresUrl ? it : it.skip)(
    'on postgresql match the models (needs TEST_POSTGRES_URL: the check replays them in a shadow database)',
    async () => {
      await expect(diffMigrationsToModels('postgresql', connectPostgresEngine(postgresUrl!, 'public'))).resolves.toBe('');
    },
  );
});
