export { LIMITS } from './policy';
export type { LimitScope, ScopePolicy, WindowPolicy } from './policy';
export { REDIS_RETRY_MS } from './redis-store';
export { createRateLimits } from './rate-limits';
export type { LimitStorage, LimitStore, RateLimitOptions, RateLimits } from './rate-limits';
export { createDatabaseLimitStore } from './database-store';
export type { DatabaseLimitStoreOptions, RateLimitDatabase, RateLimitsTable } from './database-store';
export type { RateLimitStore, Spend, StoreWindow, WindowCount } from './store';
