import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { readGroupResource, toScimGroup } from "../group-resource.js";
import { createScimGroup as provision, listGroupMembers, requireTeams } from "../group-store.js";
import { answeringScimErrors, scimResource } from "../scim-response.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { locationHeader, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";

/** POST /scim/v2/Groups (RFC 7644 §3.3): creates an organization team with the listed users in it; 201. */
export const createScimGroup = (o: ResolvedScimOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/scim/v2/Groups",
      rateLimit: SCIM_RATE_LIMIT,
      skipOriginCheck: true, // bearer-token protocol route, see create-scim-user.ts
      body: z.unknown(),
      openapi: { summary: "SCIM: provision a group (an organization team)" },
    },
    async (ctx) =>
      answeringScimErrors(async () => {
        const { scope, base } = await readScimRequest(ctx);
        requireTeams(ctx.auth);
        const row = await provision(ctx.auth, scope, readGroupResource(ctx.body, o.maxGroupMembers));
        const resource = toScimGroup(row, await listGroupMembers(ctx.auth.db, row, o.maxGroupMembers), base);
        return scimResource(resource, 201, locationHeader(ctx, resource.meta.location));
      }),
  );
