import {
  AuthError,
  generateRandomString,
  sha256Base64Url,
  signCookieValue,
  unsignCookieValue,
} from "@gatehouse-auth/core";
import type { HookContext, Verification } from "@gatehouse-auth/core";
import { type CodeAttempt, reserveCodeAttempt, settleCodeAttempt } from "./attempts/account-code-limit.js";
import { TWO_FACTOR_ERRORS } from "./two-factor-errors.js";
import type { ResolvedTwoFactorOptions } from "./two-factor-options.js";

/**
 * A pending sign-in: the first factor passed, the second not yet. One verification row, named by the
 * SHA-256 of a random token that only the browser's (signed, HttpOnly) challenge cookie carries.
 */
export interface ChallengeState {
  userId: string;
  /** Wrong codes so far (TOTP, backup code and emailed code alike). */
  attempts: number;
  rememberMe: boolean;
  /** The code sent by email/SMS, as an HMAC; null until send-otp. */
  otp: { hash: string; expiresAt: number; sends: number } | null;
}

/** A challenge as read: its row (for compare-and-swap) and its state. */
export interface Challenge {
  row: Verification;
  state: ChallengeState;
}

const COOKIE = "two_factor";
const identifierOf = (token: string) => `two-factor-challenge:${sha256Base64Url(token)}`;
// A compare-and-swap that keeps losing means a storm of guesses on one challenge: it dies (fail closed).
const MAX_ROUNDS = 8;

const cookieName = (ctx: HookContext) => ctx.auth.cookies.named(COOKIE);

/** Starts a pending sign-in for `userId` and sets the challenge cookie (no session, no session cookie). */
export async function issueChallenge(
  ctx: HookContext,
  o: ResolvedTwoFactorOptions,
  userId: string,
  rememberMe: boolean,
): Promise<void> {
  const token = generateRandomString(32);
  const state: ChallengeState = { userId, attempts: 0, rememberMe, otp: null };
  await ctx.auth.verifications.create({
    identifier: identifierOf(token),
    value: JSON.stringify(state),
    expiresAt: new Date(ctx.auth.now() + o.challenge.expiresIn * 1000),
  });
  const { cookies, secret } = ctx.auth;
  ctx.setCookie(cookieName(ctx), signCookieValue(secret, token), {
    ...cookies.attributes,
    maxAge: o.challenge.expiresIn,
  });
}

/** Expires the challenge cookie (completed, dead or unknown challenge). */
export function clearChallengeCookie(ctx: HookContext): void {
  ctx.setCookie(cookieName(ctx), "", { ...ctx.auth.cookies.attributes, maxAge: 0 });
}

function parse(value: string): ChallengeState | null {
  try {
    const s = JSON.parse(value) as ChallengeState;
    return typeof s?.userId === "string" && Number.isInteger(s.attempts) ? s : null;
  } catch {
    return null;
  }
}

/** True when the request carries a challenge cookie with a valid signature (alive or not). */
export function hasChallengeCookie(ctx: HookContext): boolean {
  return tokenOf(ctx) !== null;
}

function tokenOf(ctx: HookContext): string | null {
  const raw = ctx.getCookie(cookieName(ctx));
  if (!raw) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return unsignCookieValue(ctx.auth.secret, decoded);
}

/** The browser's live challenge, or null (no cookie, forged cookie, unknown, completed or expired). */
export async function readChallenge(ctx: HookContext): Promise<Challenge | null> {
  const token = tokenOf(ctx);
  if (!token) return null;
  const row = await ctx.auth.verifications.find(identifierOf(token));
  if (!row || row.expiresAt.getTime() <= ctx.auth.now()) return null;
  const state = parse(row.value);
  return state ? { row, state } : null;
}

/** Replaces the challenge's state only if nobody changed it since it was read; true when this call did. */
export async function swapChallenge(ctx: HookContext, row: Verification, next: ChallengeState): Promise<boolean> {
  const changed = await ctx.auth.db.updateMany({
    model: "verification",
    where: [
      { field: "id", value: row.id },
      { field: "value", value: row.value },
    ],
    update: { value: JSON.stringify(next) },
  });
  return changed === 1;
}

/** Deletes the challenge only if unchanged since read: of concurrent completions exactly one wins. */
async function takeChallenge(ctx: HookContext, row: Verification): Promise<boolean> {
  const deleted = await ctx.auth.db.deleteMany({
    model: "verification",
    where: [
      { field: "id", value: row.id },
      { field: "value", value: row.value },
    ],
  });
  return deleted === 1;
}

const dead = async (ctx: HookContext, row: Verification, error: keyof typeof TWO_FACTOR_ERRORS) => {
  await ctx.auth.db.deleteMany({ model: "verification", where: [{ field: "id", value: row.id }] });
  clearChallengeCookie(ctx);
  return new AuthError(TWO_FACTOR_ERRORS[error], { cookies: ctx.cookies });
};

/** What a code check says: right (the challenge may be completed), or wrong (an attempt is counted). */
export type CodeVerdict = "right" | "wrong";

/**
 * Spends the browser's challenge on a second factor. `check` decides the code (and spends it when right:
 * a TOTP step, a backup code). A wrong code is answered only after its attempt was counted by a
 * compare-and-swap, and the challenge dies at `allowedAttempts`; a right one completes the challenge only
 * if this request deleted it — so parallel requests can neither exceed the limit nor complete it twice.
 * Returns the completed challenge's state.
 */
export async function spendChallenge(
  ctx: HookContext,
  o: ResolvedTwoFactorOptions,
  challenge: Challenge,
  check: (state: ChallengeState) => Promise<CodeVerdict>,
): Promise<ChallengeState> {
  let current: Challenge | null = challenge;
  let verdict: CodeVerdict | null = null;
  // What a wrong code answers: 401, or the 429 of the wrong code that spent the account's budget.
  let wrongAnswer: AuthError | null = null;
  for (let round = 0; round < MAX_ROUNDS && current; round++) {
    const { row, state } = current;
    if (state.attempts >= o.challenge.allowedAttempts) throw await dead(ctx, row, "TWO_FACTOR_TOO_MANY_ATTEMPTS");
    // Checked once: a right code is spent by its check, so a retry (the row changed under us) only
    // has to take the challenge. The account's budget is asked first, so a new sign-in (a fresh
    // challenge) buys no new guesses.
    if (verdict === null) {
      const attempt: CodeAttempt = await reserveCodeAttempt(ctx, o, state.userId);
      verdict = await check(state);
      wrongAnswer =
        (await settleCodeAttempt(ctx, o, attempt, verdict === "right")) ??
        new AuthError(TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_CODE);
    }
    if (verdict === "right") {
      if (await takeChallenge(ctx, row)) {
        clearChallengeCookie(ctx);
        return state;
      }
    } else if (await swapChallenge(ctx, row, { ...state, attempts: state.attempts + 1 })) {
      throw wrongAnswer ?? new AuthError(TWO_FACTOR_ERRORS.INVALID_TWO_FACTOR_CODE);
    }
    current = await readChallenge(ctx);
  }
  if (current) throw await dead(ctx, current.row, "TWO_FACTOR_TOO_MANY_ATTEMPTS");
  clearChallengeCookie(ctx);
  throw new AuthError(TWO_FACTOR_ERRORS.TWO_FACTOR_CHALLENGE_INVALID, { cookies: ctx.cookies });
}
