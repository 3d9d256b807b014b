export { DEFAULT_POOL_SIZE, openStorage } from './open-storage';
export type { OpenStorageOptions } from './open-storage';
export type { Storage, StorageHealth } from './storage';
export { StorageUnavailable } from './storage-unavailable';
export { PURGE_SLICE_ROWS, RETENTION_DAYS, retentionEnd } from './records';
export type {
  HandoffRecord,
  HandoffRepository,
  IdempotencyClaim,
  IdempotencyOutcome,
  IdempotencyRepository,
  KeptAnswer,
  NewHandoff,
  NewQuote,
  NewRfqSubmission,
  PlateDesignRecord,
  PlateDesignRepository,
  PlateImportRecord,
  PlateImportRepository,
  PurgeCounts,
  PurgeOptions,
  QuoteRecord,
  QuoteRepository,
  RfqLinkRecord,
  RfqLinkRepository,
  RfqSubmissionRecord,
  RfqSubmissionRepository,
} from './records';
