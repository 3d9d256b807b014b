// Opens what the console process and the staff:add command both need: storage (which applies the
// migrations), the console's tables, and their repositories.
import {
  createAuditLog,
  createInboxRepository,
  createLostReasonRepository,
  createOrderRequestRepository,
  createPersonalDataRepository,
  createStaffRepository,
  openStorage,
  type AuditLog,
  type InboxRepository,
  type LostReasonRepository,
  type OrderRequestRepository,
  type PersonalDataRepository,
  type RfqSubmissionRepository,
  type StaffRepository,
} from '@shop/storage';
import { consoleDb } from './console-db';
import type { ConsoleConfig } from './config';

export interface OpenedConsole {
  staff: StaffRepository;
  audit: AuditLog;
  inbox: { orders: OrderRequestRepository; quotes: RfqSubmissionRepository; states: InboxRepository };
  /** A person's data by e-mail, and the retention job's erasure (over storage.db). */
  personalData: PersonalDataRepository;
  lostReasons: LostReasonRepository;
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
      // The order tables are storage's; the console's connection reaches the same database.
      inbox: { orders: createOrderRequestRepository(tables.db as unknown as Parameters<typeof createOrderRequestRepository>[0]), quotes: storage.rfqSubmissions, states: createInboxRepository(tables.db) },
      personalData: createPersonalDataRepository(storage.db),
      lostReasons: createLostReasonRepository(storage.db),
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
