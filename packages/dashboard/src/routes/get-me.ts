import { CORE_ERRORS, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { dashboardAccess, isImpersonating } from "../authorize-dashboard.js";
import { DASHBOARD_ERRORS } from "../dashboard-errors.js";
import type { ResolvedDashboardOptions } from "../dashboard-options.js";
import { grants } from "../dashboard-permissions.js";
import { resolveAppUrl } from "../dashboard-pages.js";
import { text } from "../dashboard-query.js";
import { AuthError } from "@gatehouse-auth/core";

const response = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string().nullable() }),
  impersonating: z.boolean(),
  permissions: z.record(z.string(), z.array(z.string())),
  features: z.object({
    organization: z.boolean(),
    apiKey: z.boolean(),
    auditLog: z.boolean(),
    passkey: z.boolean(),
    oauthProvider: z.boolean(),
    sso: z.boolean(),
    scim: z.boolean(),
  }),
  appUrl: z.string(),
  roles: z
    .array(z.string())
    .nullable()
    .describe("The configured role names (the `roles` option), offered when setting a role; null without it"),
});

/**
 * GET {path}/api/me: who is signed in, what they may do (granted actions only, of installed plugins),
 * which plugins are installed, where "Back to the app" goes, and the role names a role can be set to. An impersonation session gets empty
 * permissions and `impersonating: true`, so the app can only offer to stop impersonating.
 */
export const getMe = (o: ResolvedDashboardOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: `${o.path}/api/me`,
      session: "required",
      openapi: {
        summary: "Dashboard: the signed-in admin",
        description: "The caller, their granted dashboard permissions, the installed plugins, and the app's URL.",
        response,
        errors: [DASHBOARD_ERRORS.DASHBOARD_NOT_ALLOWED, CORE_ERRORS.UNAUTHORIZED],
      },
    },
    async (ctx) => {
      const impersonating = isImpersonating(ctx.session);
      const { permissions, features } = dashboardAccess(o, ctx.auth, ctx.session);
      if (!impersonating && !grants(permissions, { dashboard: ["view"] }))
        throw new AuthError(DASHBOARD_ERRORS.DASHBOARD_NOT_ALLOWED);
      const u = ctx.session.user as { id: string; name: string; email: string; role?: unknown };
      return {
        user: { id: u.id, name: u.name, email: u.email, role: text(u.role) },
        impersonating,
        permissions: impersonating ? {} : permissions,
        features,
        appUrl: resolveAppUrl(o, ctx.auth),
        roles: o.roles ? Object.keys(o.roles) : null,
      };
    },
  );
