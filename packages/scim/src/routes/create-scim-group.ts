import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { runScimOperation } from "../scim-operation.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { locationHeader, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { answeringScimErrors, scimResource } from "../scim-response.js";

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
        const { scope, base, preconditions } = await readScimRequest(ctx);
        const done = await runScimOperation(ctx.auth, o, scope, base, {
          resource: "Groups",
          method: "POST",
          id: null,
          body: ctx.body,
          preconditions,
        });
        const resource = done.resource as NonNullable<typeof done.resource>;
        return scimResource(resource, 201, locationHeader(ctx, resource.meta.location));
      }),
  );
