import { hasPermission } from "@gatehouse-auth/core";
import type { Db } from "@gatehouse-auth/core";
import { findMember } from "./membership.js";
import type { ResolvedOrganizationOptions } from "./organization-options.js";

/**
 * Tag of the endpoint that deletes an organization (`ctx.body.organizationId`): other plugins hook it to
 * delete what they keep per organization.
 */
export const DELETES_ORGANIZATION_TAG = "deletes-organization";

/** Asks whether a user's membership grants actions; see `memberPermission`. */
export type MemberPermission = (
  db: Db,
  organizationId: string,
  userId: string,
  request: Record<string, readonly string[]>,
) => Promise<boolean>;

/**
 * The organization plugin's permission check for other plugins (the api-key plugin's organization keys):
 * true only when `userId` is a member of `organizationId` whose roles grant every asked action under the
 * app's configured roles. An unknown organization and a non-member are both false, so the caller cannot
 * tell them apart (nor leak which organizations exist). One indexed query: member(organizationId, userId).
 */
export function memberPermission(o: ResolvedOrganizationOptions): MemberPermission {
  return async (db, organizationId, userId, request) => {
    const member = await findMember(db, organizationId, userId);
    return !!member && hasPermission(o.roles, member.role, request).success;
  };
}
