// The console's tables over the database storage has opened (and migrated).
import { openConsoleDb, type ConsoleDb, type Storage } from '@shop/storage';
import type { ConsoleConfig } from './config';

/** A connection of its own to storage's database; once Storage exposes its Kysely, this returns that. */
export function consoleDb(storage: Storage, config: Pick<ConsoleConfig, 'databaseUrl' | 'databasePoolSize'>, rootDir: string): ConsoleDb {
  const opened = openConsoleDb({ databaseUrl: config.databaseUrl, rootDir, ...(config.databasePoolSize ? { poolSize: config.databasePoolSize } : {}) });
  if (opened.provider !== storage.provider) throw new Error(`The console opened ${opened.provider} where storage runs on ${storage.provider}`);
  return opened;
}
