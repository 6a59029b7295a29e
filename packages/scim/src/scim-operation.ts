import type { AuthContext } from "@gatehouse-auth/core";
import type { Preconditions } from "./etag.js";
import { readGroupResource, toScimGroup } from "./group-resource.js";
import { createScimGroup, deleteScimGroup, listGroupMembers, requireTeams, updateScimGroup } from "./group-store.js";
import { patchGroup } from "./patch-group.js";
import { readPatchOperations } from "./patch-operations.js";
import { patchUser } from "./patch-user.js";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";
import type { ResolvedScimOptions } from "./scim-options.js";
import type { ScimUserRow } from "./scim-schema.js";
import type { ScimScope } from "./scim-token.js";
import { toScimUser } from "./user-resource.js";
import { type UserState, readUserResource } from "./user-state.js";
import { createScimUser, deleteScimUser, findScimUser, updateScimUser } from "./user-store.js";

/** One write on a User or Group: what a single request asks, or one operation of a /Bulk request. */
export interface ScimOperation {
  resource: "Users" | "Groups";
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  /** The resource's id (null for POST). */
  id: string | null;
  body: unknown;
  preconditions: Preconditions;
}

/** The facts the audit log learns before a single request runs, known here per operation. */
export interface OperationSubject {
  /** The Gatehouse account a User operation concerns. */
  userId?: string;
  /** For PUT and PATCH on a User: whether it was active before. */
  wasActive?: boolean;
}

/** What the write answers: its status, the resource (none for DELETE) and whom it concerned. */
export interface ScimOperationResult {
  status: 200 | 201 | 204;
  resource: { id: string; meta: { version: string; location: string } } | null;
  subject: OperationSubject;
}

const stateOf = (row: ScimUserRow): UserState => ({
  userName: row.userName,
  externalId: row.externalId,
  displayName: row.displayName,
  givenName: row.givenName,
  familyName: row.familyName,
  email: row.email,
  emailType: row.emailType,
  active: row.active,
});

/**
 * Runs one User or Group write (RFC 7644 §3.3, §3.5, §3.6) in the token's organization: the single
 * routes and every /Bulk operation go through here, so they make the same checks, preconditions and
 * transactions. Each store call is one transaction: a refused write leaves nothing of itself.
 */
export async function runScimOperation(
  auth: AuthContext,
  o: ResolvedScimOptions,
  scope: ScimScope,
  base: string,
  op: ScimOperation,
): Promise<ScimOperationResult> {
  if (op.method !== "POST" && (op.id === null || op.id === "" || op.id.length > 64))
    throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
  const id = op.id ?? "";
  if (op.resource === "Users") {
    if (op.method === "POST") {
      const row = await createScimUser(auth, o, scope, readUserResource(op.body));
      return { status: 201, resource: toScimUser(row, base), subject: { userId: row.userId } };
    }
    if (op.method === "DELETE") {
      const row = await deleteScimUser(auth, scope, id, op.preconditions);
      return { status: 204, resource: null, subject: { userId: row.userId } };
    }
    const row = await findScimUser(auth.db, scope.organizationId, id);
    if (!row) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
    const next =
      op.method === "PUT" ? readUserResource(op.body) : patchUser(stateOf(row), readPatchOperations(op.body));
    const updated = await updateScimUser(auth, o, scope, row, next, op.preconditions);
    return { status: 200, resource: toScimUser(updated, base), subject: { userId: row.userId, wasActive: row.active } };
  }
  requireTeams(auth);
  if (op.method === "DELETE") {
    await deleteScimGroup(auth, scope, id, op.preconditions);
    return { status: 204, resource: null, subject: {} };
  }
  let row: Awaited<ReturnType<typeof createScimGroup>>;
  if (op.method === "POST") row = await createScimGroup(auth, scope, readGroupResource(op.body, o.maxGroupMembers));
  else {
    const change =
      op.method === "PATCH"
        ? patchGroup(readPatchOperations(op.body), o.maxGroupMembers)
        : (() => {
            const input = readGroupResource(op.body, o.maxGroupMembers);
            return {
              displayName: input.displayName,
              externalId: input.externalId,
              replaceAll: input.members,
              add: [],
              remove: [],
            };
          })();
    row = await updateScimGroup(auth, scope, id, change, op.preconditions);
  }
  const members = await listGroupMembers(auth.db, row, o.maxGroupMembers);
  return { status: op.method === "POST" ? 201 : 200, resource: toScimGroup(row, members, base), subject: {} };
}
