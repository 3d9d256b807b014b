// Opens what the console process needs: the service over storage (which applies the migrations) and
// the console's repositories over the storage's one connection (pool); and for the staff:add command
// the staff tables alone.
import { startRuntime, type Runtime } from '@shop/runtime';
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
  type OutboxRepository,
  type WebhookEndpointRepository,
  type PersonalDataRepository,
  type RfqSubmissionRepository,
  type StaffRepository,
} from '@shop/storage';
import { EVENT_TYPES } from '@shop/notify';
import { createShopSettings, type ServiceEvent, type ShopSettings } from '@shop/service';
import type { ConsoleConfig } from './config';
import type { QuoteDeps } from './quotes';

export interface OpenedConsole {
  staff: StaffRepository;
  audit: AuditLog;
  inbox: { orders: OrderRequestRepository; quotes: RfqSubmissionRepository; states: InboxRepository };
  /** The notifications and where webhooks go (storage's own repositories). */
  outbox: OutboxRepository;
  webhooks: WebhookEndpointRepository;
  /** A person's data by e-mail, and the retention job's erasure. */
  personalData: PersonalDataRepository;
  lostReasons: LostReasonRepository;
  /** The price book's versions and the plate orders switch, through the service's own code. */
  shopSettings: ShopSettings;
  /** The quotes and handoffs as stored, and their drawings made by the service. */
  quotes: Omit<QuoteDeps, 'now'>;
  /** The service and storage the console runs on (tests make quotes through the same runtime). */
  runtime: Runtime;
  close(): Promise<void>;
}

export interface OpenConsoleOptions {
  /** The time of a publish or a switch, and the service's (tests move it); default the system's. */
  now?: () => Date;
  /** Told of each price book published here (price_book.published), as the service tells its own. */
  onEvent?: (event: ServiceEvent) => void | Promise<void>;
  /** Key prefix of the service's rate limits (tests sharing one Redis). */
  limitPrefix?: string;
}

export async function openConsole(config: ConsoleConfig, rootDir: string, options: OpenConsoleOptions = {}): Promise<OpenedConsole> {
  // On the console's clock, so the release's book is seeded at the same moment by both.
  const runtime = await startRuntime(config.service, rootDir, {
    ...(options.limitPrefix === undefined ? {} : { limitPrefix: options.limitPrefix }),
    ...(options.now ? { clock: { now: options.now } } : {}),
  });
  const { storage, service } = runtime;
  try {
    // WEBHOOK_URL: the endpoint named `env`, for every event, made or brought to the URL and secret given.
    if (config.webhook) await storage.webhooks.put({ name: 'env', url: config.webhook.url, secret: config.webhook.secret, events: EVENT_TYPES, createdBy: null, createdAt: new Date() });
    const shopSettings = createShopSettings({
      storage,
      plateOrdersEnabled: config.plateOrdersEnabled,
      ...(options.now ? { clock: { now: options.now } } : {}),
      ...(options.onEvent ? { onPublished: options.onEvent } : {}),
    });
    // A console started before any other process still shows (and can go back to) the release's book.
    await shopSettings.seedPriceBooks();
    return {
      outbox: storage.outbox,
      webhooks: storage.webhooks,
      staff: createStaffRepository(storage),
      audit: createAuditLog(storage),
      inbox: { orders: createOrderRequestRepository(storage), quotes: storage.rfqSubmissions, states: createInboxRepository(storage) },
      personalData: createPersonalDataRepository(storage),
      lostReasons: createLostReasonRepository(storage),
      shopSettings,
      quotes: { quotes: storage.quotes, handoffs: storage.handoffs, drawings: service },
      runtime,
      close: () => runtime.close(),
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
  return { staff: createStaffRepository(storage), audit: createAuditLog(storage), close: () => storage.close() };
}
