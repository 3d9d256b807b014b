// Opens what the console process needs: the service over storage (which applies the migrations), the
// console's tables and their repositories; and for the staff:add command the staff tables alone.
import { startRuntime, type Runtime } from '@shop/runtime';
import {
  openStorage,
  createAuditLog,
  createInboxRepository,
  createOrderRequestRepository,
  createStaffRepository,
  type AuditLog,
  type InboxRepository,
  type OrderRequestRepository,
  type RfqSubmissionRepository,
  type StaffRepository,
} from '@shop/storage';
import { consoleDb } from './console-db';
import type { ConsoleConfig } from './config';
import type { QuoteDeps } from './quotes';

export interface OpenedConsole {
  staff: StaffRepository;
  audit: AuditLog;
  inbox: { orders: OrderRequestRepository; quotes: RfqSubmissionRepository; states: InboxRepository };
  /** The quotes and handoffs as stored, and their drawings made by the service. */
  quotes: Omit<QuoteDeps, 'now'>;
  /** The service and storage the console runs on (tests make quotes through the same runtime). */
  runtime: Runtime;
  close(): Promise<void>;
}

export async function openConsole(config: ConsoleConfig, rootDir: string, options: { limitPrefix?: string } = {}): Promise<OpenedConsole> {
  const runtime = await startRuntime(config.service, rootDir, options.limitPrefix === undefined ? {} : { limitPrefix: options.limitPrefix });
  const { storage, service } = runtime;
  try {
    const tables = consoleDb(storage, config, rootDir);
    return {
      staff: createStaffRepository(tables.db),
      audit: createAuditLog(tables.db),
      // The order tables are storage's; the console's connection reaches the same database.
      inbox: { orders: createOrderRequestRepository(tables.db as unknown as Parameters<typeof createOrderRequestRepository>[0]), quotes: storage.rfqSubmissions, states: createInboxRepository(tables.db) },
      quotes: { quotes: storage.quotes, handoffs: storage.handoffs, drawings: service },
      runtime,
      close: async () => {
        await tables.close();
        await runtime.close();
      },
    };
  } catch (error) {
    await runtime.close();
    throw error;
  }
}

/** Only the staff and audit tables, for the staff:add command: storage without the service. */
export async function openStaffTables(config: ConsoleConfig, rootDir: string): Promise<Pick<OpenedConsole, 'staff' | 'audit' | 'close'>> {
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
