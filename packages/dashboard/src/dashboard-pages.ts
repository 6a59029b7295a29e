import { EndpointResponse, htmlResponse, resolveRedirectUrl } from "@gatehouse-auth/core";
import type { AuthContext } from "@gatehouse-auth/core";
import { DASHBOARD_ERRORS } from "./dashboard-errors.js";
import type { ResolvedDashboardOptions } from "./dashboard-options.js";
import { DASHBOARD_CSP, messagePageCsp, renderMessagePage } from "./render-dashboard-page.js";

/** An HTML answer under the dashboard's CSP (or `csp`) that no cache keeps (it depends on who asks). */
export function dashboardHtml(html: string, status = 200, csp: string = DASHBOARD_CSP): EndpointResponse {
  const page = htmlResponse(html, { status, contentSecurityPolicy: csp });
  return new EndpointResponse(page.status, page.body, { ...page.headers, "cache-control": "no-store" });
}

/** `appUrl` through the shared redirect check; "/" when it is not a trusted target. */
export function resolveAppUrl(o: ResolvedDashboardOptions, auth: AuthContext): string {
  return resolveRedirectUrl(o.appUrl, auth) ?? "/";
}

/** The 503 a missing build answers: the page cannot work, and the operator needs to know why. */
export const assetsNotBuiltPage = () =>
  dashboardHtml(
    renderMessagePage("Dashboard not built", DASHBOARD_ERRORS.DASHBOARD_ASSETS_NOT_BUILT.message),
    DASHBOARD_ERRORS.DASHBOARD_ASSETS_NOT_BUILT.status,
    messagePageCsp(),
  );

/** The 401 page for a visit without a session when no `signInUrl` is configured. */
export const signInRequiredPage = (appUrl: string) =>
  dashboardHtml(
    renderMessagePage("Sign in required", "Sign in with an administrator account to open the dashboard.", {
      href: appUrl,
      text: "Back to the app",
    }),
    401,
    messagePageCsp(),
  );

/** The 403 page for a signed-in user without `dashboard: ["view"]`. */
export const notAllowedPage = (appUrl: string) =>
  dashboardHtml(
    renderMessagePage("Not allowed", DASHBOARD_ERRORS.DASHBOARD_NOT_ALLOWED.message, {
      href: appUrl,
      text: "Back to the app",
    }),
    403,
    messagePageCsp(),
  );
