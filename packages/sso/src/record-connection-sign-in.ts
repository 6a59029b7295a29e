import type { AuthContext } from "@gatehouse-auth/core";
import type { SsoProviderRow } from "./sso-types.js";

/**
 * How stale a connection's `lastSignInAt` may get. It is shown, never enforced: a write per sign-in would
 * make every sign-in of a large organization (a Monday 9 am) update the one connection row; once a minute
 * bounds it at one small write per connection per minute, however many people sign in.
 */
export const LAST_SIGN_IN_PRECISION_MS = 60_000;

/**
 * Notes a sign-in through `row` on the connection itself, so a listing of connections shows the last one
 * without reading the audit log. Conditional on the stored value being stale, so a burst of parallel
 * sign-ins writes it once and the value never goes backwards; through the raw adapter, so `updatedAt`
 * (a settings change) does not move. Best effort: a display-only timestamp never refuses a sign-in.
 */
export async function recordConnectionSignIn(auth: AuthContext, row: SsoProviderRow): Promise<void> {
  const now = auth.now();
  const last = row.lastSignInAt ? new Date(row.lastSignInAt).getTime() : null;
  if (last !== null && now - last < LAST_SIGN_IN_PRECISION_MS) return;
  try {
    await auth.db.adapter.update({
      model: "ssoProvider",
      where: [
        { field: "id", value: row.id },
        {
          or: [
            { field: "lastSignInAt", value: null },
            { field: "lastSignInAt", operator: "lte", value: new Date(now - LAST_SIGN_IN_PRECISION_MS) },
          ],
        },
      ],
      update: { lastSignInAt: new Date(now) },
    });
  } catch (error) {
    auth.options.logger.warn("Gatehouse: recording an SSO connection's last sign-in failed", error);
  }
}
