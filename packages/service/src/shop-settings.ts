// The shop's own settings behind the prices: the price book's versions and the online plate orders
// switch, over the shop's tables. The service builds on it; the console uses it alone (it prices
// nothing itself), so a publish or a switch there is the same code as anywhere else.
import { createPlateOrdersSwitchRepository, createPriceBookVersionRepository } from '@shop/storage';
import type { StorageAccess } from '@shop/storage';
import { systemClock } from './context';
import type { Clock } from './context';
import { plateOrdersAt, toSwitchRecord } from './plate-orders';
import type { PlateOrdersStatus } from './plate-orders';
import { createPriceBookCases } from './price-books';
import type { PriceBookDiff, PriceBookPublishedEvent, PriceBookVersionView, PublishOptions, UploadOptions } from './price-books';
import { bundledBook, createShopState, withShopDb } from './shop-state';
import type { ShopState } from './shop-state';

export interface ShopSettingsDeps {
  /** The storage whose tables (price book versions, the plate orders switch) hold the settings. */
  storage: StorageAccess;
  /** The time of a publish or a switch; default the system clock. */
  clock?: Clock;
  /** PLATE_ORDERS_ENABLED: false keeps plate orders closed whatever the switch says. */
  plateOrdersEnabled: boolean;
  /** Where the catalog's product pages and images live (the quotes' links); placeholders do for a process that quotes nothing. */
  catalogUrls?: { shopUrl: string; imagesUrl: string };
  /** How long the version in force and the switch are reused before the database is read again (default 1000 ms). */
  cacheMs?: number;
  /** Told of each publish once it is stored. */
  onPublished?: (event: PriceBookPublishedEvent) => void | Promise<void>;
}

/** What an owner does with the price book and the switch (staff and roles are the caller's to check). */
export interface ShopSettings {
  /** Adds the release's book when the history lacks it (at start; safe when several processes start at once). */
  seedPriceBooks(): Promise<{ added: boolean; published: boolean }>;
  uploadPriceBook(json: unknown, staffId: string, options?: UploadOptions): Promise<PriceBookVersionView>;
  diffPriceBook(candidate: string, options?: { against?: string }): Promise<PriceBookDiff>;
  publishPriceBook(version: string, options?: PublishOptions): Promise<PriceBookVersionView>;
  listPriceBooks(): Promise<PriceBookVersionView[]>;
  getPriceBook(version: string): Promise<{ version: PriceBookVersionView; text: string }>;
  getPlateOrders(): Promise<PlateOrdersStatus>;
  setPlateOrders(setting: unknown, staffId: string): Promise<PlateOrdersStatus>;
}

const PLACEHOLDER_URL = 'https://shop.invalid';

export function createShopSettings(deps: ShopSettingsDeps): ShopSettings & { state: ShopState } {
  const clock = deps.clock ?? systemClock;
  const versions = createPriceBookVersionRepository(deps.storage);
  const plateOrders = createPlateOrdersSwitchRepository(deps.storage);
  const bundled = bundledBook();
  const urls = deps.catalogUrls ?? { shopUrl: PLACEHOLDER_URL, imagesUrl: PLACEHOLDER_URL };
  const state = createShopState({
    versions,
    plateOrders,
    catalogOptions: { shopUrl: urls.shopUrl, imagesUrl: urls.imagesUrl },
    plateOrdersEnabled: deps.plateOrdersEnabled,
    bundled,
    ...(deps.cacheMs === undefined ? {} : { cacheMs: deps.cacheMs }),
  });
  const priceBooks = createPriceBookCases({ versions, state, now: () => clock.now(), bundled, ...(deps.onPublished ? { onPublished: deps.onPublished } : {}) });
  return {
    state,
    ...priceBooks,
    async getPlateOrders() {
      const now = clock.now();
      return plateOrdersAt(await withShopDb('read the plate orders switch', () => plateOrders.get()), deps.plateOrdersEnabled, now);
    },
    async setPlateOrders(setting, staffId) {
      const now = clock.now();
      const record = toSwitchRecord(setting, staffId, now);
      await withShopDb('set the plate orders switch', () => plateOrders.set(record));
      state.invalidate();
      return plateOrdersAt(record, deps.plateOrdersEnabled, now);
    },
  };
}
