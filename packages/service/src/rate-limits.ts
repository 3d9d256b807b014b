// The rate limits live in ./limits (policy table, stores, in-memory fallback); this path is what
// the use cases import.
export { LIMITS } from './limits/policy';
export type { LimitScope } from './limits/policy';
export { createRateLimits } from './limits/rate-limits';
export type { LimitStore, RateLimitOptions, RateLimits } from './limits/rate-limits';
