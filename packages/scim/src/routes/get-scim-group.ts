import { defineEndpoint } from "@gatehouse-auth/core";
import { toScimGroup } from "../group-resource.js";
import { findScimGroup, listGroupMembers, requireTeams } from "../group-store.js";
import { SCIM_ERRORS, ScimError } from "../scim-errors.js";
import { etagOf, isNotModified } from "../etag.js";
import { answeringScimErrors, scimNotModified, scimResource } from "../scim-response.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { idParam, queryOf, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { excludesMembers } from "./list-scim-groups.js";

/**
 * GET /scim/v2/Groups/:id (RFC 7644 §3.4.1): one of the organization's groups with its members, else 404;
 * 304 when If-None-Match names its current version (§3.14).
 */
export const getScimGroup = (o: ResolvedScimOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/scim/v2/Groups/:id",
      rateLimit: SCIM_RATE_LIMIT,
      openapi: { summary: "SCIM: read a provisioned group" },
    },
    async (ctx) =>
      answeringScimErrors(async () => {
        const { scope, base, preconditions } = await readScimRequest(ctx);
        requireTeams(ctx.auth);
        const row = await findScimGroup(ctx.auth.db, scope.organizationId, idParam(ctx));
        if (!row) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
        const etag = etagOf(row);
        if (isNotModified(preconditions, etag)) return scimNotModified(etag);
        const members = excludesMembers(queryOf(ctx))
          ? null
          : await listGroupMembers(ctx.auth.db, row, o.maxGroupMembers);
        return scimResource(toScimGroup(row, members, base));
      }),
  );
