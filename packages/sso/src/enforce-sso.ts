import { AuthError } from "@gatehouse-auth/core";
import type { HookContext, HookRule, User } from "@gatehouse-auth/core";
import { SSO_ERRORS } from "./sso-errors.js";
import type { ResolvedSsoOptions } from "./sso-options.js";
import type { SsoProviderRow } from "./sso-types.js";

/** The break-glass user ids a connection names (malformed → none). */
function breakGlass(row: SsoProviderRow): string[] {
  try {
    const ids: unknown = JSON.parse(row.breakGlassUserIds ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/**
 * True when the address's domain is verified by a connection that requires SSO, unless `userId` is
 * one of its break-glass users (kept out so an IdP outage cannot lock the organization out).
 */
async function isEnforced(ctx: HookContext, email: string, userId: string | null = null): Promise<boolean> {
  const domain = email.split("@")[1]?.trim().toLowerCase();
  if (!domain) return false;
  const row = await ctx.auth.db.findOne<SsoProviderRow>({
    model: "ssoProvider",
    where: [
      { field: "domain", value: domain },
      { field: "domainVerified", value: true },
      { field: "enforceSSO", value: true },
      { field: "disabled", value: false },
    ],
  });
  return row !== null && !(userId !== null && breakGlass(row).includes(userId));
}

/**
 * Sign-in interception: when a verified domain's organization requires SSO, every other way in
 * (password, magic link, email code, social) is refused for its addresses, with a message naming SSO.
 * Runs inside core's session creation for every endpoint tagged `creates-session`, so no path skips it.
 */
export const enforceSso = (_o: ResolvedSsoOptions) => async (ctx: HookContext, user: User) => {
  if (ctx.endpoint.config.path.startsWith("/sso/")) return null;
  // A sign-up creates its session inside the transaction that wrote the user: a query outside it would
  // wait for the connection that transaction holds (SQLite). The sign-up before hook has refused already.
  if (ctx.endpoint.config.tags?.includes("sign-up")) return null;
  if (await isEnforced(ctx, user.email, user.id)) throw new AuthError(SSO_ERRORS.SSO_REQUIRED);
  return null;
};

/** Refuses a sign-up of an enforced domain's address before any user row is written. */
export const refuseEnforcedSignUp: HookRule = {
  tags: ["sign-up"],
  run: async (ctx) => {
    const email = (ctx.body as { email?: unknown } | null)?.email;
    if (typeof email === "string" && (await isEnforced(ctx, email))) throw new AuthError(SSO_ERRORS.SSO_REQUIRED);
  },
  openapi: { errors: [SSO_ERRORS.SSO_REQUIRED] },
};
