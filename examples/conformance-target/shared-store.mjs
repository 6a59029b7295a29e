// TARGET.md SHARED_STORE=1 / REDIS_URL: several targets on one database and one Redis behave as one
// deployment behind a load balancer.

/** `REDIS_URL` as Gatehouse's secondary storage (sessions, revocation, rate-limit counters), or undefined. */
export async function openSecondaryStorage(url) {
  if (!url) return undefined;
  const { redisStorage } = await import("@gatehouse-auth/redis");
  // REDIS_KEY_PREFIX (optional) keeps parallel test runs on one Redis apart.
  const storage = redisStorage({ url, keyPrefix: process.env.REDIS_KEY_PREFIX || undefined });
  // Start answering from Redis at once; if it is down the target still starts (and falls back).
  await Promise.race([storage.ready(), new Promise((resolve) => setTimeout(resolve, 2000))]);
  return storage;
}

/** Migrations of a store other targets may be migrating at the same moment: retried until they settle. */
export async function migrateStore(adapter, shared) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await adapter.migrate?.();
    } catch (err) {
      if (!shared || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Runs `seed` on a fresh store; on a shared one only when the admin is absent (another target may race us). */
export async function seedOnce(auth, shared, seed) {
  if (shared && (await auth.$context.users.findByEmail("admin@example.com"))) return;
  try {
    await seed();
  } catch (err) {
    if (!shared || !(await auth.$context.users.findByEmail("admin@example.com"))) throw err;
  }
}
