// Opens what the console process and the staff:add command both need: storage (which applies the
// migrations), the console's tables, and their repositories.
import {
  createAuditLog,
  createInboxRepository,
  createOrderRequestRepository,
  createStaffRepository,
  openStorage,
  type AuditLog,
  type InboxRepository,
  type OrderRequestRepository,
  type OutboxRepository,
  type WebhookEndpointRepository,
  type RfqSubmissionRepository,
  type StaffRepository,
} from '@shop/storage';
import { EVENT_TYPES } from '@shop/notify';
import { consoleDb } from './console-db';
import type { ConsoleConfig } from './config';

export interface OpenedConsole {
  staff: StaffRepository;
  audit: AuditLog;
  inbox: { orders: OrderRequestRepository; quotes: RfqSubmissionRepository; states: InboxRepository };
  /** The notifications and where webhooks go (storage's own repositories). */
  outbox: OutboxRepository;
  webhooks: WebhookEndpointRepository;
  close(): Promise<void>;
}

export async function openConsole(config: ConsoleConfig, rootDir: string): Promise<OpenedConsole> {
  const storage = await openStorage({
    databaseUrl: config.databaseUrl,
    rootDir,
    migrationWaitMs: config.migrationWaitSeconds * 1000,
    ...(config.databasePoolSize === null ? {} : { poolSize: config.databasePoolSize }),
    mailTo: config.mail === null ? null : config.mail.to.join(','),
  });
  try {
    const tables = consoleDb(storage, config, rootDir);
    // WEBHOOK_URL: the endpoint named `env`, for every event, made or brought to the URL and secret given.
    if (config.webhook) await storage.webhooks.put({ name: 'env', url: config.webhook.url, secret: config.webhook.secret, events: EVENT_TYPES, createdBy: null, createdAt: new Date() });
    return {
      outbox: storage.outbox,
      webhooks: storage.webhooks,
      staff: createStaffRepository(tables.db),
      audit: createAuditLog(tables.db),
      // The order tables are storage's; the console's connection reaches the same database.
      inbox: { orders: createOrderRequestRepository(tables.db as unknown as Parameters<typeof createOrderRequestRepository>[0]), quotes: storage.rfqSubmissions, states: createInboxRepository(tables.db) },
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
