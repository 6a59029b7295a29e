import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { toScimGroup } from "../group-resource.js";
import { listGroupMembers, requireTeams, updateScimGroup } from "../group-store.js";
import { patchGroup } from "../patch-group.js";
import { readPatchOperations } from "../patch-operations.js";
import { answeringScimErrors, scimResource } from "../scim-response.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { idParam, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";

/** PATCH /scim/v2/Groups/:id (RFC 7644 §3.5.2): renames and member changes as Okta and Entra send them. */
export const patchScimGroup = (o: ResolvedScimOptions) =>
  defineEndpoint(
    {
      method: "PATCH",
      path: "/scim/v2/Groups/:id",
      rateLimit: SCIM_RATE_LIMIT,
      skipOriginCheck: true, // bearer-token protocol route, see create-scim-user.ts
      body: z.unknown(),
      openapi: { summary: "SCIM: modify a provisioned group (PatchOp)" },
    },
    async (ctx) =>
      answeringScimErrors(async () => {
        const { scope, base, preconditions } = await readScimRequest(ctx);
        requireTeams(ctx.auth);
        const change = patchGroup(readPatchOperations(ctx.body), o.maxGroupMembers);
        const row = await updateScimGroup(ctx.auth, scope, idParam(ctx), change, preconditions);
        return scimResource(toScimGroup(row, await listGroupMembers(ctx.auth.db, row, o.maxGroupMembers), base));
      }),
  );
