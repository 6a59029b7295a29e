import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { readPatchOperations } from "../patch-operations.js";
import { patchUser } from "../patch-user.js";
import { SCIM_ERRORS, ScimError } from "../scim-errors.js";
import { answeringScimErrors, scimResource } from "../scim-response.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { idParam, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { toScimUser } from "../user-resource.js";
import type { UserState } from "../user-state.js";
import { findScimUser, updateScimUser } from "../user-store.js";

/** PATCH /scim/v2/Users/:id (RFC 7644 §3.5.2): Okta's and Entra's operation forms; answers the user (200). */
export const patchScimUser = (o: ResolvedScimOptions) =>
  defineEndpoint(
    {
      method: "PATCH",
      path: "/scim/v2/Users/:id",
      rateLimit: SCIM_RATE_LIMIT,
      skipOriginCheck: true, // bearer-token protocol route, see create-scim-user.ts
      body: z.unknown(),
      openapi: { summary: "SCIM: modify a provisioned user (PatchOp)" },
    },
    async (ctx) =>
      answeringScimErrors(async () => {
        const { scope, base, preconditions } = await readScimRequest(ctx);
        const row = await findScimUser(ctx.auth.db, scope.organizationId, idParam(ctx));
        if (!row) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
        const current: UserState = {
          userName: row.userName,
          externalId: row.externalId,
          displayName: row.displayName,
          givenName: row.givenName,
          familyName: row.familyName,
          email: row.email,
          emailType: row.emailType,
          active: row.active,
        };
        const next = patchUser(current, readPatchOperations(ctx.body));
        const updated = await updateScimUser(ctx.auth, o, scope, row, next, preconditions);
        return scimResource(toScimUser(updated, base));
      }),
  );
