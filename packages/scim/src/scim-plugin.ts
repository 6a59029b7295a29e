import { AuthError, definePlugin } from "@gatehouse-auth/core";
import { createScimGroup } from "./routes/create-scim-group.js";
import { createScimUser } from "./routes/create-scim-user.js";
import { deleteScimGroup } from "./routes/delete-scim-group.js";
import { deleteScimUser } from "./routes/delete-scim-user.js";
import { generateScimToken } from "./routes/generate-scim-token.js";
import { getResourceType } from "./routes/get-resource-type.js";
import { getSchema } from "./routes/get-schema.js";
import { getScimGroup } from "./routes/get-scim-group.js";
import { getScimUser } from "./routes/get-scim-user.js";
import { getServiceProviderConfig } from "./routes/get-service-provider-config.js";
import { listResourceTypes } from "./routes/list-resource-types.js";
import { listSchemas } from "./routes/list-schemas.js";
import { listScimGroups } from "./routes/list-scim-groups.js";
import { listScimUsers } from "./routes/list-users.js";
import { patchScimGroup } from "./routes/patch-scim-group.js";
import { patchScimUser } from "./routes/patch-scim-user.js";
import { replaceScimGroup } from "./routes/replace-scim-group.js";
import { replaceScimUser } from "./routes/replace-scim-user.js";
import { scimBulk } from "./routes/scim-bulk.js";
import { SCIM_ERRORS } from "./scim-errors.js";
import { SCIM_OPTION_KEYS, type ScimOptions, resolveScimOptions } from "./scim-options.js";
import { scimSchema } from "./scim-schema.js";

/**
 * An inbound SCIM 2.0 server (RFC 7643 / RFC 7644) per organization, at `<basePath>/scim/v2`: an
 * identity provider holding an organization's token provisions users into it (accounts plus
 * membership) and groups as the organization's teams. Needs the organization plugin.
 */
export const scim = (options: ScimOptions = {}) => {
  const o = resolveScimOptions(options);
  return definePlugin({
    id: "scim",
    optionKeys: { given: options, keys: SCIM_OPTION_KEYS },
    schema: scimSchema,
    errors: SCIM_ERRORS,
    endpoints: {
      generateScimToken: generateScimToken(o),
      getScimServiceProviderConfig: getServiceProviderConfig(o),
      listScimResourceTypes: listResourceTypes,
      getScimResourceType: getResourceType,
      listScimSchemas: listSchemas,
      getScimSchema: getSchema,
      listScimUsers: listScimUsers(o),
      createScimUser: createScimUser(o),
      getScimUser: getScimUser,
      replaceScimUser: replaceScimUser(o),
      patchScimUser: patchScimUser(o),
      deleteScimUser: deleteScimUser(o),
      listScimGroups: listScimGroups(o),
      createScimGroup: createScimGroup(o),
      getScimGroup: getScimGroup(o),
      replaceScimGroup: replaceScimGroup(o),
      patchScimGroup: patchScimGroup(o),
      deleteScimGroup: deleteScimGroup(o),
      scimBulk: scimBulk(o),
    },
    // A deactivated user signs in nowhere, and no session or key of theirs counts (no query: the flag is on
    // the user row core has loaded).
    validateUser(user) {
      if ((user as { scimDeprovisioned?: boolean | null }).scimDeprovisioned)
        throw new AuthError(SCIM_ERRORS.USER_DEPROVISIONED);
    },
    init(ctx) {
      if (!ctx.schema.member || !ctx.schema.organization)
        throw new Error("Gatehouse scim() needs the organization() plugin: add organization() to plugins");
    },
  });
};
