export { DEFAULT_POOL_SIZE, openStorage } from './open-storage';
export type { OpenStorageOptions } from './open-storage';
export type { Storage, StorageHealth } from './storage';
export { StorageUnavailable } from './storage-unavailable';
export { RETENTION_DAYS } from './records';
export type {
  HandoffRecord,
  HandoffRepository,
  IdempotencyClaim,
  IdempotencyOutcome,
  IdempotencyRepository,
  NewHandoff,
  NewRfqSubmission,
  PlateDesignRecord,
  PlateDesignRepository,
  PlateImportRecord,
  PlateImportRepository,
  PurgeCounts,
  QuoteRecord,
  QuoteRepository,
  RfqLinkRecord,
  RfqLinkRepository,
  RfqSubmissionRecord,
  RfqSubmissionRepository,
} from './records';
export type { RateLimiterOptions } from './rate-limiters';
