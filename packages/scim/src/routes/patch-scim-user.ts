import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { runScimOperation } from "../scim-operation.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { idParam, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { answeringScimErrors, scimResource } from "../scim-response.js";

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
        const done = await runScimOperation(ctx.auth, o, scope, base, {
          resource: "Users",
          method: "PATCH",
          id: idParam(ctx),
          body: ctx.body,
          preconditions,
        });
        return scimResource(done.resource as NonNullable<typeof done.resource>);
      }),
  );
