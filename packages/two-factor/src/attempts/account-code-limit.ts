import { AuthError, sendInBackground } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";
import { TWO_FACTOR_ERRORS } from "../two-factor-errors.js";
import type { ResolvedTwoFactorOptions } from "../two-factor-options.js";
import type { CounterStore } from "./counter-store.js";
import { CounterContentionError, createDbCounterStore } from "./db-counter-store.js";
import { createSecondaryCounterStore, isAtomicStorage } from "./secondary-counter-store.js";

/** The audit-log event type of a lockout (see docs/audit-log.md). */
export const LOCKOUT_EVENT = "two_factor.locked_out";

/** One reserved code check: the store it was counted in and its number within the window. */
export interface CodeAttempt {
  userId: string;
  store: CounterStore;
  n: number;
}

// Per account: the wrong codes of the window, the earliest time the next may be checked, the lockout's end.
const keysOf = (userId: string) => ({
  count: `two-factor-failures:${userId}`,
  gate: `two-factor-gate:${userId}`,
  lock: `two-factor-lock:${userId}`,
});

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

const refuse = (error: "TWO_FACTOR_SLOW_DOWN" | "TWO_FACTOR_LOCKED", retryAfter: number) =>
  new AuthError(TWO_FACTOR_ERRORS[error], { headers: { "retry-after": String(retryAfter) } });

/** Counts on the database unless secondary storage can count atomically (Redis: INCR, SET NX). */
function storesOf(ctx: HookContext): CounterStore[] {
  const db = createDbCounterStore(ctx.auth);
  const secondary = ctx.auth.options.secondaryStorage;
  return isAtomicStorage(secondary) ? [createSecondaryCounterStore(secondary), db] : [db];
}

async function reserveIn(
  store: CounterStore,
  o: ResolvedTwoFactorOptions["failedAttempts"],
  userId: string,
  now: number,
): Promise<CodeAttempt> {
  const keys = keysOf(userId);
  const lockedUntil = Number(await store.get(keys.lock));
  if (lockedUntil > now) throw refuse("TWO_FACTOR_LOCKED", seconds(lockedUntil - now));
  const gate = Number(await store.get(keys.gate));
  if (gate > now) throw refuse("TWO_FACTOR_SLOW_DOWN", seconds(gate - now));
  // Counted before the code is checked, by an atomic increment: of parallel guesses only `max` get a number
  // that lets them be checked, whatever the interleaving. A right code gives its number back (settle).
  const n = await store.increment(keys.count, o.window);
  // Past the budget: the max-th wrong code is setting the lock now.
  if (n > o.max) throw refuse("TWO_FACTOR_LOCKED", o.window);
  if (n > o.free) {
    const delay = Math.min(o.baseDelay * 2 ** (n - o.free - 1), o.window);
    // One caller per delay: the others lose their number too, so hammering only brings the lockout nearer.
    if (!(await store.setIfAbsent(keys.gate, String(now + delay * 1000), delay)))
      throw refuse("TWO_FACTOR_SLOW_DOWN", delay);
  }
  return { userId, store, n };
}

/**
 * Reserves the check of one second-factor code for `userId`, counted per account across pending
 * sign-ins, browsers and processes (in secondary storage when it can count atomically, else in the
 * database). Throws 429 TWO_FACTOR_SLOW_DOWN or TWO_FACTOR_LOCKED (with Retry-After) instead of checking.
 */
export async function reserveCodeAttempt(
  ctx: HookContext,
  o: ResolvedTwoFactorOptions,
  userId: string,
): Promise<CodeAttempt> {
  const [first, fallback] = storesOf(ctx);
  if (!first) throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_LOCKED);
  try {
    try {
      return await reserveIn(first, o.failedAttempts, userId, ctx.auth.now());
    } catch (error) {
      if (error instanceof AuthError || error instanceof CounterContentionError || !fallback) throw error;
      // Secondary storage unreachable: the database (the source of truth) keeps counting meanwhile.
      ctx.auth.options.logger.error(
        "Gatehouse two-factor: secondary storage failed; counting codes in the database",
        error,
      );
      return await reserveIn(fallback, o.failedAttempts, userId, ctx.auth.now());
    }
  } catch (error) {
    // A storm of parallel guesses on one account: refused unchecked rather than counted loosely.
    if (error instanceof CounterContentionError) throw refuse("TWO_FACTOR_SLOW_DOWN", 1);
    throw error;
  }
}

/**
 * Settles a reserved check. A right code clears the account's count (its owner proved the factor).
 * The wrong code that spends the budget locks code entry for `window` seconds, tells the owner once
 * (`onTooManyFailedAttempts`, in the background) and returns the 429 to answer, carrying the audit-log
 * event; any other wrong code returns null (the caller answers 401 as before).
 */
export async function settleCodeAttempt(
  ctx: HookContext,
  o: ResolvedTwoFactorOptions,
  attempt: CodeAttempt,
  right: boolean,
): Promise<AuthError | null> {
  const keys = keysOf(attempt.userId);
  const { store, n, userId } = attempt;
  const log = (error: unknown) =>
    ctx.auth.options.logger.error("Gatehouse two-factor: updating the wrong-code count failed", error);
  if (right) {
    await Promise.all([store.delete(keys.count), store.delete(keys.gate)]).catch(log);
    return null;
  }
  if (n < o.failedAttempts.max) return null;
  const { window } = o.failedAttempts;
  const lockedUntil = new Date(ctx.auth.now() + window * 1000);
  const lock = String(lockedUntil.getTime());
  // Secondary storage lost meanwhile: the lock goes to the database, where every instance counts while it is down.
  // Should even that fail, the count itself stays past `max` for the window: codes are refused anyway.
  await store
    .set(keys.lock, lock, window)
    .catch(() => createDbCounterStore(ctx.auth).set(keys.lock, lock, window))
    .catch(log);
  const notify = o.onTooManyFailedAttempts;
  if (notify) {
    // Only the request holding number `max` gets here, so the owner hears of each lockout once.
    sendInBackground(ctx.auth, "two-factor lockout notice", async () => {
      const user = await ctx.auth.users.findById(userId);
      if (user) await notify({ user, lockedUntil, failures: n }, ctx);
    });
  }
  const error = refuse("TWO_FACTOR_LOCKED", window);
  // Read by @gatehouse-auth/audit-log from the settled outcome; never part of the JSON answer.
  return Object.assign(error, { auditEvent: { type: LOCKOUT_EVENT, userId, details: { failures: n } } });
}
