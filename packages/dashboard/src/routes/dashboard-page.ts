import { authUrl, defineEndpoint, redirectTo } from "@gatehouse-auth/core";
import type { AuthContext, EndpointContext, SessionRequirement } from "@gatehouse-auth/core";
import { dashboardAccess, isImpersonating } from "../authorize-dashboard.js";
import type { ResolvedDashboardOptions } from "../dashboard-options.js";
import { grants } from "../dashboard-permissions.js";
import {
  assetsNotBuiltPage,
  dashboardHtml,
  notAllowedPage,
  resolveAppUrl,
  signInRequiredPage,
} from "../dashboard-pages.js";
import type { DashboardBuild } from "../load-dashboard-build.js";
import { renderDashboardPage } from "../render-dashboard-page.js";

type Ctx = Pick<EndpointContext<unknown, unknown, SessionRequirement>, "auth" | "headers">;

/** The page's own URL, the only `callbackURL` the sign-in redirect ever carries. */
function pageUrl(ctx: Ctx, path: string): string {
  return ctx.auth.options.baseURL ? authUrl(ctx, path) : `${ctx.auth.options.basePath}${path}`;
}

/**
 * GET {path}: the dashboard's HTML. Without a session: a redirect to `signInUrl` (through the shared
 * redirect check, `callbackURL` = this page) or a 401 page; without `dashboard: view`: a 403 page. An
 * impersonation session gets the page so the app can offer to stop impersonating (its data endpoints
 * refuse it). 503 when the browser app is not built.
 */
export const dashboardPage = (o: ResolvedDashboardOptions, loadBuild: () => Promise<DashboardBuild | null>) =>
  defineEndpoint(
    {
      method: "GET",
      path: o.path,
      session: "optional",
      openapi: {
        summary: "Admin dashboard page",
        description:
          "The dashboard's HTML page (admins). Redirects to the sign-in page or answers 401/403 HTML otherwise.",
        kind: ["html", "redirect"],
      },
    },
    async (ctx) => {
      const build = await loadBuild();
      if (!build) return assetsNotBuiltPage();
      const auth: AuthContext = ctx.auth;
      if (!ctx.session) {
        if (o.signInUrl) return redirectTo(ctx, o.signInUrl, { params: { callbackURL: pageUrl(ctx, o.path) } });
        return signInRequiredPage(resolveAppUrl(o, auth));
      }
      const { permissions } = dashboardAccess(o, auth, ctx.session);
      if (!isImpersonating(ctx.session) && !grants(permissions, { dashboard: ["view"] }))
        return notAllowedPage(resolveAppUrl(o, auth));
      return dashboardHtml(renderDashboardPage({ basePath: auth.options.basePath, dashboardPath: o.path, build }));
    },
  );
