import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { readGroupResource, toScimGroup } from "../group-resource.js";
import { listGroupMembers, requireTeams, updateScimGroup } from "../group-store.js";
import { answeringScimErrors, scimResource } from "../scim-response.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { idParam, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";

/** PUT /scim/v2/Groups/:id (RFC 7644 §3.5.1): replaces the name and every member. */
export const replaceScimGroup = (o: ResolvedScimOptions) =>
  defineEndpoint(
    {
      method: "PUT",
      path: "/scim/v2/Groups/:id",
      rateLimit: SCIM_RATE_LIMIT,
      skipOriginCheck: true, // bearer-token protocol route, see create-scim-user.ts
      body: z.unknown(),
      openapi: { summary: "SCIM: replace a provisioned group" },
    },
    async (ctx) =>
      answeringScimErrors(async () => {
        const { scope, base, preconditions } = await readScimRequest(ctx);
        requireTeams(ctx.auth);
        const input = readGroupResource(ctx.body, o.maxGroupMembers);
        const row = await updateScimGroup(
          ctx.auth,
          scope,
          idParam(ctx),
          {
            displayName: input.displayName,
            externalId: input.externalId,
            replaceAll: input.members,
            add: [],
            remove: [],
          },
          preconditions,
        );
        return scimResource(toScimGroup(row, await listGroupMembers(ctx.auth.db, row, o.maxGroupMembers), base));
      }),
  );
