import { defineEndpoint } from "@gatehouse-auth/core";
import { SCIM_ERRORS, ScimError } from "../scim-errors.js";
import { answeringScimErrors, scimJson } from "../scim-response.js";
import { idParam, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { toScimUser } from "../user-resource.js";
import { findScimUser } from "../user-store.js";

/** GET /scim/v2/Users/:id (RFC 7644 §3.4.1): one of the token's organization's users, else 404. */
export const getScimUser = defineEndpoint(
  {
    method: "GET",
    path: "/scim/v2/Users/:id",
    rateLimit: SCIM_RATE_LIMIT,
    openapi: { summary: "SCIM: read a provisioned user" },
  },
  async (ctx) =>
    answeringScimErrors(async () => {
      const { scope, base } = await readScimRequest(ctx);
      const row = await findScimUser(ctx.auth.db, scope.organizationId, idParam(ctx));
      if (!row) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
      return scimJson(toScimUser(row, base));
    }),
);
