// The rate limits live in ./limits (policy table, stores, in-memory fallback); this path is what
// the use cases import.
export { LIMITS, REDIS_RETRY_MS, createRateLimits } from './limits';
export type { LimitScope, LimitStore, RateLimitOptions, RateLimits } from './limits';
