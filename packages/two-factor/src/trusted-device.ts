import { signCookieValue, unsignCookieValue } from "@gatehouse-auth/core";
import type { Db, HookContext } from "@gatehouse-auth/core";
import { MODEL } from "./two-factor-record.js";
import type { ResolvedTwoFactorOptions } from "./two-factor-options.js";

const COOKIE = "two_factor_trust";

/**
 * Marks this browser trusted for `userId`: a signed cookie `userId.generation.expiresAt` for
 * `trustDevice.maxAge`. It names the user's current trust generation, so bumping that generation
 * (session revocation, password change, disabling two-factor) revokes every trusted browser at once.
 */
export function trustThisDevice(ctx: HookContext, o: ResolvedTwoFactorOptions, userId: string, generation: number) {
  const expiresAt = Math.floor(ctx.auth.now() / 1000) + o.trustDevice.maxAge;
  const { cookies, secret } = ctx.auth;
  ctx.setCookie(cookies.named(COOKIE), signCookieValue(secret, `${userId}.${generation}.${expiresAt}`), {
    ...cookies.attributes,
    maxAge: o.trustDevice.maxAge,
  });
}

/** Whether the request's trust cookie is valid for `userId` at `generation` and not expired. */
export function isTrustedDevice(ctx: HookContext, userId: string, generation: number): boolean {
  const raw = ctx.getCookie(ctx.auth.cookies.named(COOKIE));
  if (!raw) return false;
  let value: string | null;
  try {
    value = unsignCookieValue(ctx.auth.secret, decodeURIComponent(raw));
  } catch {
    return false;
  }
  if (!value) return false;
  const [id, gen, expires] = value.split(".");
  return id === userId && Number(gen) === generation && Number(expires) * 1000 > ctx.auth.now();
}

/** Revokes every browser the user trusted (bumps the generation their cookies name). */
export async function revokeTrustedDevices(db: Db, userId: string, current: number): Promise<void> {
  await db.updateMany({
    model: MODEL,
    where: [{ field: "userId", value: userId }],
    update: { trustGeneration: current + 1 },
  });
}
