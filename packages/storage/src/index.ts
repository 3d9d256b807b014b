export { DEFAULT_POOL_SIZE, openStorage } from './open-storage';
export type { OpenStorageOptions } from './open-storage';
export type { Storage, StorageHealth } from './storage';
export { StorageUnavailable } from './storage-unavailable';
export { PURGE_SLICE_ROWS, QUOTE_SOURCES, RETENTION_DAYS, readListCursor, retentionEnd, writeListCursor } from './records';
export type {
  HandoffRecord,
  HandoffRepository,
  HandoffSummary,
  IdempotencyClaim,
  IdempotencyOutcome,
  IdempotencyRepository,
  KeptAnswer,
  ListCursor,
  ListPage,
  NewHandoff,
  NewQuote,
  NewRfqSubmission,
  PlateDesignRecord,
  PlateDesignRepository,
  PlateImportRecord,
  PlateImportRepository,
  PurgeCounts,
  PurgeOptions,
  QuoteListFilter,
  QuoteListing,
  QuoteRecord,
  QuoteRepository,
  QuoteSource,
  QuoteSummary,
  RfqLinkRecord,
  RfqLinkRepository,
  RfqSubmissionRecord,
  RfqSubmissionRepository,
} from './records';
export { createOrderRequestRepository } from './order-requests';
export type {
  Fulfilment,
  NewOrderRequest,
  OrderRequestAddress,
  OrderRequestContact,
  OrderRequestItemRecord,
  OrderRequestRecord,
  OrderRequestRepository,
  OrderTables,
} from './order-requests';
export { parseDatabaseUrl } from './database-url';
export { openConsoleDb } from './console-db';
export type { ConsoleDb, ConsoleTables } from './console-db';
export { createStaffRepository } from './staff';
export type { NewStaff, StaffRecord, StaffRepository, StaffRole, StaffSessionRecord, StaffTables } from './staff';
export { AUDIT_PAGE_MAX, createAuditLog } from './audit';
export type { AuditEntry, AuditLog, AuditPage, AuditTables, NewAuditEntry } from './audit';
export { INBOX_STATES, createInboxRepository, isInboxState } from './inbox';
export type { InboxRepository, InboxState, InboxStatus, InboxTables, RequestEvent, RequestEventKind, RequestKind } from './inbox';
export { openShopDb } from './shop-db';
export type { PlateOrdersSwitchTable, PriceBookVersionsTable, ShopDb, ShopTables } from './shop-db';
export { createPriceBookVersionRepository } from './price-book-versions';
export type { NewPriceBookVersion, PriceBookVersionRecord, PriceBookVersionRepository, PriceBookVersionSummary, Publication } from './price-book-versions';
export { createPlateOrdersSwitchRepository } from './plate-orders-switch';
export type { PlateOrdersState, PlateOrdersSwitchRecord, PlateOrdersSwitchRepository } from './plate-orders-switch';
export { ERASE_SLICE_ROWS, SETTLED_STATES, createPersonalDataRepository, foldEmail } from './repositories/personal-data';
export type { ErasedCounts, HeldNote, HeldOrderRequest, HeldPersonalData, HeldQuoteRequest, PersonalDataRepository } from './repositories/personal-data';
export { createLostReasonRepository } from './repositories/lost-reasons';
export type { LostReasonRecord, LostReasonRepository } from './repositories/lost-reasons';
