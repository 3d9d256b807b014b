// Opens what the console process and the staff:add command both need: storage (which applies the
// migrations) and the repositories of the console's tables over it.
import {
  createAuditLog,
  createInboxRepository,
  createOrderRequestRepository,
  createStaffRepository,
  openStorage,
  type AuditLog,
  type InboxRepository,
  type OrderRequestRepository,
  type RfqSubmissionRepository,
  type StaffRepository,
} from '@shop/storage';
import type { ConsoleConfig } from './config';

export interface OpenedConsole {
  staff: StaffRepository;
  audit: AuditLog;
  inbox: { orders: OrderRequestRepository; quotes: RfqSubmissionRepository; states: InboxRepository };
  close(): Promise<void>;
}

export async function openConsole(config: ConsoleConfig, rootDir: string): Promise<OpenedConsole> {
  const storage = await openStorage({
    databaseUrl: config.databaseUrl,
    rootDir,
    migrationWaitMs: config.migrationWaitSeconds * 1000,
    ...(config.databasePoolSize === null ? {} : { poolSize: config.databasePoolSize }),
  });
  // Every repository runs on the storage's one connection (pool): its writes join its group commit on SQLite.
  return {
    staff: createStaffRepository(storage),
    audit: createAuditLog(storage),
    inbox: { orders: createOrderRequestRepository(storage), quotes: storage.rfqSubmissions, states: createInboxRepository(storage) },
    close: () => storage.close(),
  };
}
