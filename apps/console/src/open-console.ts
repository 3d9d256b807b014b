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
import { createShopSettings, type ServiceEvent, type ShopSettings } from '@shop/service';
import type { ConsoleConfig } from './config';

export interface OpenedConsole {
  staff: StaffRepository;
  audit: AuditLog;
  inbox: { orders: OrderRequestRepository; quotes: RfqSubmissionRepository; states: InboxRepository };
  /** A person's data by e-mail, and the retention job's erasure (over storage.db). */
  personalData: PersonalDataRepository;
  lostReasons: LostReasonRepository;
  /** The price book's versions and the plate orders switch, through the service's own code. */
  shopSettings: ShopSettings;
  close(): Promise<void>;
}

export interface OpenConsoleOptions {
  /** The time of a publish or a switch (tests move it); default the system's. */
  now?: () => Date;
  /** Told of each price book published here (price_book.published), as the service tells its own. */
  onEvent?: (event: ServiceEvent) => void | Promise<void>;
}

export async function openConsole(config: ConsoleConfig, rootDir: string, options: OpenConsoleOptions = {}): Promise<OpenedConsole> {
  const storage = await openStorage({
    databaseUrl: config.databaseUrl,
    rootDir,
    migrationWaitMs: config.migrationWaitSeconds * 1000,
    ...(config.databasePoolSize === null ? {} : { poolSize: config.databasePoolSize }),
  });
  try {
    // Every repository runs on the storage's one connection (pool): its writes join its group commit on SQLite.
    const shopSettings = createShopSettings({
      storage,
      plateOrdersEnabled: config.plateOrdersEnabled,
      ...(options.now ? { clock: { now: options.now } } : {}),
      ...(options.onEvent ? { onPublished: options.onEvent } : {}),
    });
    // A console started before any other process still shows (and can go back to) the release's book.
    await shopSettings.seedPriceBooks();
    return {
      staff: createStaffRepository(storage),
      audit: createAuditLog(storage),
      inbox: { orders: createOrderRequestRepository(storage), quotes: storage.rfqSubmissions, states: createInboxRepository(storage) },
      personalData: createPersonalDataRepository(storage),
      lostReasons: createLostReasonRepository(storage),
      shopSettings,
      close: () => storage.close(),
    };
  } catch (error) {
    await storage.close();
    throw error;
  }
}
