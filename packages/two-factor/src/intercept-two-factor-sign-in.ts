import { redirectTo } from "@gatehouse-auth/core";
import type { HookContext, SignInInterceptor, User } from "@gatehouse-auth/core";
import { issueChallenge } from "./challenge.js";
import { isTrustedDevice } from "./trusted-device.js";
import { findTwoFactorRow } from "./two-factor-record.js";
import type { ResolvedTwoFactorOptions } from "./two-factor-options.js";

/** Tag of the plugin's own endpoints: they finish a sign-in, so they are never held for a second factor. */
export const TWO_FACTOR_TAG = "two-factor";

/** The second factors a pending sign-in can be completed with (backup codes always work besides). */
export const twoFactorMethods = (o: ResolvedTwoFactorOptions): ("totp" | "otp")[] =>
  o.otp ? ["totp", "otp"] : ["totp"];

/**
 * Core's `interceptSignIn`: any sign-in of a user with two-factor on — password, social, link, code,
 * whichever plugin made it — becomes a pending sign-in: a challenge cookie and
 * `{twoFactorRedirect: true, twoFactorMethods}` (a redirect to `twoFactorPage` for a GET such as an OAuth
 * callback or a mailed link), and no session. A browser the user trusted skips it.
 */
export const interceptTwoFactorSignIn =
  (o: ResolvedTwoFactorOptions): SignInInterceptor =>
  async (ctx: HookContext, user: User) => {
    if (ctx.endpoint.config.tags?.includes(TWO_FACTOR_TAG)) return null;
    if ((user as User & { twoFactorEnabled?: boolean | null }).twoFactorEnabled !== true) return null;
    const row = await findTwoFactorRow(ctx.auth.db, user.id);
    if (row && isTrustedDevice(ctx, user.id, row.trustGeneration)) return null;
    const rememberMe = (ctx.body as { rememberMe?: unknown } | null | undefined)?.rememberMe !== false;
    await issueChallenge(ctx, o, user.id, rememberMe);
    if (ctx.request?.method === "GET")
      return redirectTo(ctx, o.twoFactorPage, { params: { twoFactorRedirect: "true" } });
    return { twoFactorRedirect: true, twoFactorMethods: twoFactorMethods(o) };
  };
