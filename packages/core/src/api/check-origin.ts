import type { AuthContext } from "../context/auth-context.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { AuthRequest } from "./auth-request.js";

/**
 * The CSRF rule for every state-changing request, with or without cookies (DESIGN.md "Security
 * defaults"): a browser write must come from a trusted origin. Without cookies it matters too: a
 * cross-site form that signs the victim into the attacker's account (login CSRF) carries no cookie.
 *
 * - `Sec-Fetch-Site: same-origin` or `none` passes: browsers set it and page scripts cannot.
 * - Otherwise an `Origin` header decides: trusted passes; anything else, `null` included (sandboxed
 *   frames, `data:` pages, a redirect chain that crossed sites), is refused. A trusted Origin passes
 *   even when `Sec-Fetch-Site` says cross-site or same-site: that is a frontend on another site the
 *   operator listed (e.g. a dev server on localhost calling 127.0.0.1). A sibling subdomain is not
 *   trusted for being same-site: it must be listed like any other origin.
 * - No Origin: browsers send one on every non-GET request, so a `Sec-Fetch-Site` of cross-site or
 *   same-site without one is refused; a `Referer` (old browsers) must then name a trusted origin.
 * - Nothing at all is a server-to-server caller (curl, a mobile app, a backend): allowed, unless it
 *   carries cookies — a cookie-carrying write that names no origin is refused.
 */
export function checkOrigin(req: AuthRequest, auth: Pick<AuthContext, "options" | "isTrustedOrigin">): void {
  if (auth.options.advanced.disableOriginCheck) return;
  const site = req.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return;
  const origin = req.headers.get("origin");
  if (origin !== null) {
    // "null" is checked before the list: a `*` pattern must never make an opaque origin trusted.
    if (origin === "null") throw new AuthError(CORE_ERRORS.MISSING_ORIGIN);
    if (!auth.isTrustedOrigin(origin)) throw new AuthError(CORE_ERRORS.INVALID_ORIGIN);
    return;
  }
  if (site !== null) throw new AuthError(CORE_ERRORS.MISSING_ORIGIN);
  const referer = req.headers.get("referer");
  if (referer !== null) {
    const from = URL.canParse(referer) ? new URL(referer).origin : "null";
    if (from === "null" || !auth.isTrustedOrigin(from)) throw new AuthError(CORE_ERRORS.INVALID_ORIGIN);
    return;
  }
  if (req.headers.get("cookie")) throw new AuthError(CORE_ERRORS.MISSING_ORIGIN);
}
