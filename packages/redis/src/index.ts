export { redisStorage } from "./redis-storage.js";
export type { RedisStorage, RedisStorageOptions } from "./redis-storage.js";
