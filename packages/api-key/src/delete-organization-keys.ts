import type { HookRule } from "@gatehouse-auth/core";
import { API_KEY_MODEL } from "./api-key-model.js";

/**
 * The tag the organization plugin puts on its delete endpoint (`DELETES_ORGANIZATION_TAG` in
 * @gatehouse-auth/organization), named here so this plugin does not depend on that one.
 */
const DELETES_ORGANIZATION_TAG = "deletes-organization";

/**
 * After an organization is deleted, its keys go with it: they would otherwise keep verifying as an
 * organization that no longer exists. (The column has no foreign key: the organization table exists only
 * with the organization plugin.) After hooks run only when the deletion succeeded.
 */
export const deleteOrganizationKeys: HookRule = {
  tags: [DELETES_ORGANIZATION_TAG],
  async run(ctx) {
    const organizationId = (ctx.body as { organizationId?: unknown } | null)?.organizationId;
    if (typeof organizationId !== "string" || organizationId === "") return undefined;
    await ctx.auth.db.deleteMany({ model: API_KEY_MODEL, where: [{ field: "organizationId", value: organizationId }] });
    return undefined;
  },
};
