// Opens what the console process and the staff:add command both need: storage (which applies the
// migrations), the console's tables, and their repositories.
import { createAuditLog, createStaffRepository, openStorage, type AuditLog, type StaffRepository } from '@shop/storage';
import { consoleDb } from './console-db';
import type { ConsoleConfig } from './config';

export interface OpenedConsole {
  staff: StaffRepository;
  audit: AuditLog;
  close(): Promise<void>;
}

export async function openConsole(config: ConsoleConfig, rootDir: string): Promise<OpenedConsole> {
  const storage = await openStorage({
    databaseUrl: config.databaseUrl,
    rootDir,
    migrationWaitMs: config.migrationWaitSeconds * 1000,
    ...(config.databasePoolSize === null ? {} : { poolSize: config.databasePoolSize }),
  });
  try {
    const tables = consoleDb(storage, config, rootDir);
    return {
      staff: createStaffRepository(tables.db),
      audit: createAuditLog(tables.db),
      close: async () => {
        await tables.close();
        await storage.close();
      },
    };
  } catch (error) {
    await storage.close();
    throw error;
  }
}
