import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { runScimOperation } from "../scim-operation.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { idParam, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { answeringScimErrors, scimResource } from "../scim-response.js";

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
        const done = await runScimOperation(ctx.auth, o, scope, base, {
          resource: "Groups",
          method: "PUT",
          id: idParam(ctx),
          body: ctx.body,
          preconditions,
        });
        return scimResource(done.resource as NonNullable<typeof done.resource>);
      }),
  );
