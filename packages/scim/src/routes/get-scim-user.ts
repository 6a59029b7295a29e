import { defineEndpoint } from "@gatehouse-auth/core";
import { SCIM_ERRORS, ScimError } from "../scim-errors.js";
import { etagOf, isNotModified } from "../etag.js";
import { answeringScimErrors, scimNotModified, scimResource } from "../scim-response.js";
import { idParam, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { toScimUser } from "../user-resource.js";
import { findScimUser } from "../user-store.js";

/**
 * GET /scim/v2/Users/:id (RFC 7644 §3.4.1): one of the token's organization's users, else 404; 304 when
 * If-None-Match names its current version (§3.14).
 */
export const getScimUser = defineEndpoint(
  {
    method: "GET",
    path: "/scim/v2/Users/:id",
    rateLimit: SCIM_RATE_LIMIT,
    openapi: { summary: "SCIM: read a provisioned user" },
  },
  async (ctx) =>
    answeringScimErrors(async () => {
      const { scope, base, preconditions } = await readScimRequest(ctx);
      const row = await findScimUser(ctx.auth.db, scope.organizationId, idParam(ctx));
      if (!row) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
      const etag = etagOf(row);
      if (isNotModified(preconditions, etag)) return scimNotModified(etag);
      return scimResource(toScimUser(row, base));
    }),
);
