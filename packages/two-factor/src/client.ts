/** @gatehouse-auth/two-factor/client — the browser half: the routes table and the pending sign-in callback. */
import type { twoFactor } from "./two-factor-plugin.js";
import { TWO_FACTOR_ROUTES } from "./routes-table.js";

export { TWO_FACTOR_ROUTES } from "./routes-table.js";

/** What a sign-in answers when the second factor is pending. */
export interface TwoFactorRedirect {
  twoFactorRedirect: true;
  twoFactorMethods: ("totp" | "otp")[];
}

/** Options of `twoFactorClient`. */
export interface TwoFactorClientOptions {
  /** Called when any call answers with a pending sign-in: show the code form (or navigate to it). */
  onTwoFactorRedirect?: (answer: TwoFactorRedirect) => void | Promise<void>;
}

const isRedirect = (data: unknown): data is TwoFactorRedirect =>
  typeof data === "object" && data !== null && (data as { twoFactorRedirect?: unknown }).twoFactorRedirect === true;

/**
 * The client plugin: `createAuthClient({ plugins: [twoFactorClient({ onTwoFactorRedirect })] })` adds
 * `client.twoFactor.*`; a sign-in that needs the second factor calls `onTwoFactorRedirect`.
 */
export function twoFactorClient(options: TwoFactorClientOptions = {}) {
  const plugin = {
    id: "two-factor",
    routes: TWO_FACTOR_ROUTES,
    onSuccess(data: unknown) {
      if (isRedirect(data)) return options.onTwoFactorRedirect?.(data);
    },
  } as const;
  // Type only: the client infers each call's body and result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof twoFactor>["endpoints"] };
}
