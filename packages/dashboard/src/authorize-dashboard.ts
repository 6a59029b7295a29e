import { AuthError, CORE_ERRORS } from "@gatehouse-auth/core";
import type { AuthContext, SessionWithUser } from "@gatehouse-auth/core";
import { DASHBOARD_ERRORS } from "./dashboard-errors.js";
import { type DashboardFeatures, detectFeatures } from "./dashboard-features.js";
import type { ResolvedDashboardOptions } from "./dashboard-options.js";
import { computePermissions, type DashboardPermissions, grants } from "./dashboard-permissions.js";

/** What authorizeDashboard (and the session requirement before it) can refuse with, for OpenAPI. */
export const DASHBOARD_ACCESS_ERRORS = [
  CORE_ERRORS.UNAUTHORIZED,
  DASHBOARD_ERRORS.DASHBOARD_NOT_ALLOWED,
  DASHBOARD_ERRORS.DASHBOARD_NOT_ALLOWED_WHILE_IMPERSONATING,
  DASHBOARD_ERRORS.DASHBOARD_PERMISSION_DENIED,
  DASHBOARD_ERRORS.DASHBOARD_FEATURE_NOT_INSTALLED,
];

/** What a dashboard endpoint learns once the caller is let in. */
export interface DashboardAccess {
  permissions: DashboardPermissions;
  features: DashboardFeatures;
}

/** The resource each optional plugin's actions are under. */
const FEATURE_OF: Record<string, keyof DashboardFeatures> = {
  organization: "organization",
  apiKey: "apiKey",
  auditLog: "auditLog",
};

/** Whether the session is an impersonation (the admin plugin's `impersonatedBy` mark). */
export function isImpersonating(session: SessionWithUser): boolean {
  return Boolean((session.session as { impersonatedBy?: unknown }).impersonatedBy);
}

/**
 * The caller's permissions with the actions of plugins that are not installed dropped: the browser app
 * hides exactly what is absent here.
 */
export function dashboardAccess(o: ResolvedDashboardOptions, auth: AuthContext, session: SessionWithUser) {
  const features = detectFeatures(auth.schema);
  const permissions = computePermissions(o, session.user as { id: string; role?: unknown });
  for (const [resource, feature] of Object.entries(FEATURE_OF)) {
    if (!features[feature]) delete permissions[resource];
  }
  return { permissions, features };
}

/**
 * Lets a data endpoint run, or throws: an impersonation session is refused (the session is the
 * impersonated user's; whatever it did would be done under their name, and an admin must not borrow a
 * more privileged admin's rights through it), then `dashboard: ["view"]`, then the plugin the endpoint
 * reads must be installed, then `request` must be granted.
 */
export function authorizeDashboard(
  o: ResolvedDashboardOptions,
  ctx: { auth: AuthContext; session: SessionWithUser },
  request: Record<string, readonly string[]> = {},
): DashboardAccess {
  if (isImpersonating(ctx.session)) throw new AuthError(DASHBOARD_ERRORS.DASHBOARD_NOT_ALLOWED_WHILE_IMPERSONATING);
  const access = dashboardAccess(o, ctx.auth, ctx.session);
  if (!grants(access.permissions, { dashboard: ["view"] })) throw new AuthError(DASHBOARD_ERRORS.DASHBOARD_NOT_ALLOWED);
  for (const resource of Object.keys(request)) {
    const feature = FEATURE_OF[resource];
    if (feature && !access.features[feature]) throw new AuthError(DASHBOARD_ERRORS.DASHBOARD_FEATURE_NOT_INSTALLED);
  }
  if (!grants(access.permissions, request)) throw new AuthError(DASHBOARD_ERRORS.DASHBOARD_PERMISSION_DENIED);
  return access;
}
