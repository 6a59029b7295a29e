export { createRateLimiter } from "./create-rate-limiter.js";
export type { RateLimiter, RateLimiterConfig } from "./create-rate-limiter.js";
export { createDatabaseRateLimitStore } from "./database-rate-limit-store.js";
export { createMemoryRateLimitStore } from "./memory-rate-limit-store.js";
export type { RateLimitRule, RateLimitStore, RateLimitVerdict } from "./rate-limit-types.js";
export type { SecondaryStorage } from "./secondary-storage.js";
export { createSecondaryStorageRateLimitStore } from "./secondary-storage-rate-limit-store.js";
