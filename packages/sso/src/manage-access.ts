import { AuthError, CORE_ERRORS } from "@gatehouse-auth/core";
import type { HookContext, SessionWithUser } from "@gatehouse-auth/core";
import { SSO_ERRORS } from "./sso-errors.js";
import type { ResolvedSsoOptions } from "./sso-options.js";
import type { SsoProviderRow } from "./sso-types.js";

const rolesOf = (value: unknown): string[] =>
  typeof value === "string"
    ? value
        .split(",")
        .map((r) => r.trim())
        .filter(Boolean)
    : [];

/** True for an app admin (the admin plugin's `role` column names one of `adminRoles`). */
export function isAppAdmin(o: ResolvedSsoOptions, session: SessionWithUser): boolean {
  const role = (session.user as { role?: unknown }).role;
  return rolesOf(role).some((r) => o.adminRoles.includes(r));
}

/**
 * Refuses unless the caller may manage the organization's connections: an app admin, or a member whose
 * role is one of `managerRoles`. A stranger learns nothing about whether the organization exists.
 */
export async function requireManager(
  ctx: HookContext,
  o: ResolvedSsoOptions,
  organizationId: string,
): Promise<SessionWithUser> {
  const session = ctx.session;
  if (!session) throw new AuthError(CORE_ERRORS.UNAUTHORIZED);
  if (isAppAdmin(o, session)) {
    const org = await ctx.auth.db.findOne({ model: "organization", where: [{ field: "id", value: organizationId }] });
    if (!org) throw new AuthError(SSO_ERRORS.SSO_ORGANIZATION_NOT_FOUND);
    return session;
  }
  const member = await ctx.auth.db.findOne<{ role: string }>({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "userId", value: session.user.id },
    ],
  });
  if (!member || !rolesOf(member.role).some((r) => o.managerRoles.includes(r)))
    throw new AuthError(SSO_ERRORS.NOT_ALLOWED_TO_MANAGE_PROVIDERS);
  return session;
}

/** The connection by its providerId, or null. */
export function findProvider(ctx: HookContext, providerId: string): Promise<SsoProviderRow | null> {
  return ctx.auth.db.findOne<SsoProviderRow>({
    model: "ssoProvider",
    where: [{ field: "providerId", value: providerId }],
  });
}

/** The connection the caller may manage; 404 when unknown or not theirs (the same answer, so ids do not leak). */
export async function requireManagedProvider(
  ctx: HookContext,
  o: ResolvedSsoOptions,
  providerId: string,
): Promise<SsoProviderRow> {
  const row = await findProvider(ctx, providerId);
  if (!row) throw new AuthError(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
  try {
    await requireManager(ctx, o, row.organizationId);
  } catch (error) {
    if (error instanceof AuthError && error.code === SSO_ERRORS.NOT_ALLOWED_TO_MANAGE_PROVIDERS.code)
      throw new AuthError(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
    throw error;
  }
  return row;
}
