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
  IdempotentAnswer,
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
export type { StorageAccess } from './storage';
export type { Statement, WriteOutcome, WriteUnit } from './database';
export { createOrderRequestRepository } from './repositories/order-requests';
export type {
  Fulfilment,
  NewOrderRequest,
  OrderRequestAddress,
  OrderRequestContact,
  OrderRequestItemRecord,
  OrderRequestRecord,
  OrderRequestRepository,
} from './repositories/order-requests';
export { parseDatabaseUrl } from './database-url';
export { createStaffRepository } from './repositories/staff';
export type {
  NewStaff,
  SignInCounterKey,
  SignInCounterKind,
  SignInCounterRecord,
  SignInCounterRule,
  SignInReservation,
  StaffRecord,
  StaffRepository,
  StaffRole,
  StaffSessionRecord,
} from './repositories/staff';
export { AUDIT_PAGE_MAX, createAuditLog, normaliseAuditAddress } from './repositories/audit';
export type { AuditEntry, AuditFilter, AuditLog, AuditPage, NewAuditEntry } from './repositories/audit';
export { INBOX_PAGE_MAX, INBOX_PAGE_SIZE, INBOX_STATES, SEARCH_MAX_WORDS, SEARCH_MAX_WORD_LENGTH, createInboxRepository, isInboxState, searchWords } from './repositories/inbox';
export type { InboxLead, InboxListFilter, InboxPage, InboxRepository, InboxState, InboxStatus, RequestEvent, RequestEventKind, RequestKind } from './repositories/inbox';
export { createPriceBookVersionRepository } from './repositories/price-book-versions';
export type { NewPriceBookVersion, PriceBookVersionRecord, PriceBookVersionRepository, PriceBookVersionSummary, Publication } from './repositories/price-book-versions';
export { createPlateOrdersSwitchRepository } from './repositories/plate-orders-switch';
export type { PlateOrdersState, PlateOrdersSwitchRecord, PlateOrdersSwitchRepository } from './repositories/plate-orders-switch';
export { ERASE_SLICE_ROWS, SETTLED_STATES, createPersonalDataRepository, foldEmail } from './repositories/personal-data';
export type { ErasedCounts, HeldNote, HeldNotification, HeldOrderRequest, HeldPersonalData, HeldQuoteRequest, PersonalDataRepository } from './repositories/personal-data';
export { createLostReasonRepository } from './repositories/lost-reasons';
export type { LostReasonRecord, LostReasonRepository } from './repositories/lost-reasons';
export { MAILED_EVENT_TYPES } from './repositories/outbox';
export type {
  OutboxAttemptRecord,
  OutboxRepository,
  OutboxRowRecord,
  OutboxSettlement,
  OutboxState,
} from './repositories/outbox';
export type { OutboxEvent, OutboxTargets } from './records';
export type { NewWebhookEndpoint, WebhookEndpointRecord, WebhookEndpointRepository } from './repositories/webhook-endpoints';
