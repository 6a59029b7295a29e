import { AuthError } from "@gatehouse-auth/core";
import type { Db, EndpointContext, Plugin, SessionRequirement } from "@gatehouse-auth/core";
import { API_KEY_ERRORS } from "./api-key-errors.js";
import { findApiKeyById } from "./api-key-repository.js";
import type { ApiKeyRow } from "./api-key-types.js";
import { resolveKeyOwner } from "./resolve-key-owner.js";

type AnyCtx = EndpointContext<unknown, unknown, SessionRequirement>;

/** What a member must hold, under the organization's `apiKey` resource, to do each thing with its keys. */
export type OrganizationKeyAction = "create" | "read" | "update" | "delete";

/** The organization plugin's public permission check (its plugin object's `memberPermission`). */
type MemberPermission = (
  db: Db,
  organizationId: string,
  userId: string,
  request: Record<string, readonly string[]>,
) => Promise<boolean>;

/** The organization plugin's check when it is installed; null without it (then no organization key can be managed). */
function memberPermissionOf(plugins: readonly Plugin[]): MemberPermission | null {
  const organization = plugins.find((p) => p.id === "organization") as
    | (Plugin & { memberPermission?: unknown })
    | undefined;
  const check = organization?.memberPermission;
  return typeof check === "function" ? (check as MemberPermission) : null;
}

/**
 * The user acting on `organizationId`'s keys (the session's, or a server call's `userId`), once the
 * organization plugin says that user is a member whose role grants `apiKey: [action]`. An unknown
 * organization, a stranger, a member without the permission and an app without the organization plugin
 * all get the same 403: nobody learns which organizations exist.
 */
export async function requireOrganizationKeyManager(
  ctx: AnyCtx,
  organizationId: string,
  userId: string | undefined,
  action: OrganizationKeyAction,
): Promise<string> {
  const actor = resolveKeyOwner(ctx, userId);
  const check = memberPermissionOf(ctx.auth.plugins);
  if (!check || !(await check(ctx.auth.db, organizationId, actor, { apiKey: [action] })))
    throw new AuthError(API_KEY_ERRORS.ORGANIZATION_KEYS_NOT_ALLOWED);
  return actor;
}

/**
 * The key `keyId` if the caller may `action` it: a user key of the caller's own, or a key of an
 * organization where the caller holds `apiKey: [action]`. Anything else answers KEY_NOT_FOUND, exactly
 * like a missing key, so ids of other users' and organizations' keys leak nothing.
 */
export async function findManagedApiKey(
  ctx: AnyCtx,
  keyId: string,
  userId: string | undefined,
  action: OrganizationKeyAction,
): Promise<ApiKeyRow> {
  // First: an anonymous HTTP caller is refused before anything is looked up.
  const actor = resolveKeyOwner(ctx, userId);
  const key = await findApiKeyById(ctx.auth.db, keyId);
  if (!key) throw new AuthError(API_KEY_ERRORS.KEY_NOT_FOUND);
  if (key.organizationId === null || key.organizationId === undefined) {
    if (key.userId !== actor) throw new AuthError(API_KEY_ERRORS.KEY_NOT_FOUND);
    return key;
  }
  try {
    await requireOrganizationKeyManager(ctx, key.organizationId, userId, action);
  } catch (error) {
    if (error instanceof AuthError && error.code === API_KEY_ERRORS.ORGANIZATION_KEYS_NOT_ALLOWED.code)
      throw new AuthError(API_KEY_ERRORS.KEY_NOT_FOUND);
    throw error;
  }
  return key;
}
