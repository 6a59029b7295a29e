import type { AccessControl, OptionKeysOf, Role, Statements } from "@gatehouse-auth/core";
import { adminAccessControl, defaultAdminRoles } from "./access-control.js";
import { isDurationSeconds } from "./duration-seconds.js";

/** Options of `admin()`. Every field is optional. */
export interface AdminOptions {
  /** Role of new users (sign-up, create-user without a role). Default `user`. */
  defaultRole?: string;
  /**
   * Roles that count as administrators: a name here that `roles` does not define gets every action of
   * `ac`, and users holding one cannot be impersonated unless `allowImpersonatingAdmins`. Default `["admin"]`.
   */
  adminRoles?: string | readonly string[];
  /** User ids that pass every admin permission check, whatever their role. */
  adminUserIds?: readonly string[];
  /** The access control `roles` are built with. Default `adminAccessControl`. */
  ac?: AccessControl<Statements>;
  /** Role name → role built with `ac.newRole(...)`. Default `admin` and `user` (SPEC.md §6). */
  roles?: Record<string, Role<Statements>>;
  /** Ban reason stored when ban-user gives none. Default none. */
  defaultBanReason?: string;
  /** Ban length in seconds when ban-user gives none. Default: until unbanned. */
  defaultBanExpiresIn?: number;
  /** Message of the 403 a banned user gets when signing in. Must mention "banned" for clients matching on it. */
  bannedUserMessage?: string;
  /** Lifetime of an impersonation session, in seconds. Default 3600 (1 hour). */
  impersonationSessionDuration?: number;
  /** Whether admins may impersonate other admins. Default false. */
  allowImpersonatingAdmins?: boolean;
  /**
   * Whether an impersonation session may do what mints credentials or takes the account over: every
   * endpoint declared `credentials: "own-session"` (provider tokens, sessions, password, email, phone,
   * passkeys, two-factor, linked accounts, API keys, tokens) and deleting the user. When true, an
   * impersonation session counts as the user's own session (credential kind `session`). Default false: impersonation is for seeing what the user
   * sees, and anything it minted would outlive it. Turn it on only if your support staff must do these
   * for users and you accept that an admin can then keep access after the impersonation ends.
   */
  allowSensitiveActionsWhileImpersonating?: boolean;
}

/** Options with every default applied, resolved once when the plugin is built. */
export interface ResolvedAdminOptions {
  defaultRole: string;
  adminRoles: readonly string[];
  adminUserIds: ReadonlySet<string>;
  ac: AccessControl<Statements>;
  roles: Record<string, Role<Statements>>;
  defaultBanReason: string | null;
  defaultBanExpiresIn: number | null;
  bannedUserMessage: string;
  impersonationSessionDuration: number;
  allowImpersonatingAdmins: boolean;
  allowSensitiveActionsWhileImpersonating: boolean;
}

/**
 * Applies the defaults. An unknown default role, or a duration that is not whole seconds between 1 and
 * 100 years, is a startup error rather than a request-time 500 (an Invalid Date).
 */
export function resolveAdminOptions(options: AdminOptions): ResolvedAdminOptions {
  const ac = options.ac ?? adminAccessControl;
  const adminRoles = typeof options.adminRoles === "string" ? [options.adminRoles] : (options.adminRoles ?? ["admin"]);
  const roles: Record<string, Role<Statements>> = { ...(options.roles ?? defaultAdminRoles) };
  // An admin role without a definition would grant nothing, which is never what listing it meant.
  for (const name of adminRoles) if (!Object.hasOwn(roles, name)) roles[name] = ac.newRole(ac.statements);
  const defaultRole = options.defaultRole ?? "user";
  for (const name of ["defaultBanExpiresIn", "impersonationSessionDuration"] as const) {
    const value = options[name];
    if (value !== undefined && !isDurationSeconds(value))
      throw new Error(`Gatehouse admin: ${name} must be whole seconds between 1 and 100 years`);
  }
  if (!Object.hasOwn(roles, defaultRole))
    throw new Error(`Gatehouse admin: defaultRole "${defaultRole}" is not a role`);
  return {
    defaultRole,
    adminRoles,
    adminUserIds: new Set(options.adminUserIds ?? []),
    ac,
    roles,
    defaultBanReason: options.defaultBanReason ?? null,
    defaultBanExpiresIn: options.defaultBanExpiresIn ?? null,
    bannedUserMessage: options.bannedUserMessage ?? "You have been banned from this application",
    impersonationSessionDuration: options.impersonationSessionDuration ?? 3600,
    allowImpersonatingAdmins: options.allowImpersonatingAdmins ?? false,
    allowSensitiveActionsWhileImpersonating: options.allowSensitiveActionsWhileImpersonating ?? false,
  };
}

/** The names `admin()` accepts: core refuses any other at start-up. */
export const ADMIN_OPTION_KEYS = {
  defaultRole: true,
  adminRoles: true,
  adminUserIds: true,
  ac: true, // the app's access control
  roles: true, // role names are the app's
  defaultBanReason: true,
  defaultBanExpiresIn: true,
  bannedUserMessage: true,
  impersonationSessionDuration: true,
  allowImpersonatingAdmins: true,
  allowSensitiveActionsWhileImpersonating: true,
} as const satisfies OptionKeysOf<AdminOptions>;
