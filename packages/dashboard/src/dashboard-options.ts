import { fileURLToPath } from "node:url";
import type { OptionKeysOf, Role, Statements } from "@gatehouse-auth/core";

/** Options of `dashboard()`. Every field is optional. */
export interface DashboardOptions {
  /** Where the dashboard is served, under the auth base path. Default `/dashboard`. */
  path?: string;
  /**
   * The admin plugin's roles, built with an access control that includes `dashboardStatements` (and
   * `auditLogStatements`): then each user gets exactly what their roles grant. Without it, every role in
   * `adminRoles` grants everything and other roles nothing.
   */
  roles?: Record<string, Role<Statements>>;
  /** Roles (the admin plugin's `role` column, comma-separated) granted everything when `roles` is absent. Default `["admin"]`. */
  adminRoles?: readonly string[];
  /** User ids granted everything, whatever their role. */
  adminUserIds?: readonly string[];
  /** Where "Back to the app" and an impersonation land (checked like every redirect). Default `/`. */
  appUrl?: string;
  /**
   * The app's sign-in page: a visit without a session is redirected there with `callbackURL` set to the
   * dashboard's own URL. Without it, such a visit gets a 401 page.
   */
  signInUrl?: string;
  /** The built browser app (Vite's output). Default: the package's `dist/app`. For tests and custom builds. */
  assetsDir?: string;
}

/** The names `dashboard()` accepts: core refuses any other at start-up. */
export const DASHBOARD_OPTION_KEYS = {
  path: true,
  roles: true, // role names are the app's
  adminRoles: true,
  adminUserIds: true,
  appUrl: true,
  signInUrl: true,
  assetsDir: true,
} as const satisfies OptionKeysOf<DashboardOptions>;

/** Options with every default applied, resolved once when the plugin is built. */
export interface ResolvedDashboardOptions {
  path: string;
  roles: Record<string, Role<Statements>> | null;
  adminRoles: readonly string[];
  adminUserIds: ReadonlySet<string>;
  appUrl: string;
  signInUrl: string | null;
  assetsDir: string;
}

// A path of plain segments: it becomes part of route patterns and of a meta tag, so nothing else is allowed.
const PATH = /^(?:\/[A-Za-z0-9_-]+)+$/;

/** Applies the defaults; a malformed `path` is a startup error, not a router surprise. */
export function resolveDashboardOptions(options: DashboardOptions): ResolvedDashboardOptions {
  const path = options.path ?? "/dashboard";
  if (!PATH.test(path))
    throw new Error(`Gatehouse dashboard: path must look like "/dashboard" (letters, digits, - and _), got ${path}`);
  return {
    path,
    roles: options.roles ?? null,
    adminRoles: options.adminRoles ?? ["admin"],
    adminUserIds: new Set(options.adminUserIds ?? []),
    appUrl: options.appUrl ?? "/",
    signInUrl: options.signInUrl ?? null,
    assetsDir: options.assetsDir ?? fileURLToPath(new URL("../dist/app", import.meta.url)),
  };
}
