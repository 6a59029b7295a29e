import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { SCIM_ERRORS, ScimError } from "../scim-errors.js";
import { answeringScimErrors, scimResource } from "../scim-response.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { idParam, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { toScimUser } from "../user-resource.js";
import { readUserResource } from "../user-state.js";
import { findScimUser, updateScimUser } from "../user-store.js";

/** PUT /scim/v2/Users/:id (RFC 7644 §3.5.1): replaces the user's attributes; `active: false` deprovisions. */
export const replaceScimUser = (o: ResolvedScimOptions) =>
  defineEndpoint(
    {
      method: "PUT",
      path: "/scim/v2/Users/:id",
      rateLimit: SCIM_RATE_LIMIT,
      skipOriginCheck: true, // bearer-token protocol route, see create-scim-user.ts
      body: z.unknown(),
      openapi: { summary: "SCIM: replace a provisioned user" },
    },
    async (ctx) =>
      answeringScimErrors(async () => {
        const { scope, base, preconditions } = await readScimRequest(ctx);
        const row = await findScimUser(ctx.auth.db, scope.organizationId, idParam(ctx));
        if (!row) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
        const updated = await updateScimUser(ctx.auth, o, scope, row, readUserResource(ctx.body), preconditions);
        return scimResource(toScimUser(updated, base));
      }),
  );
