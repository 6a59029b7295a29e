import { defineEndpoint } from "@gatehouse-auth/core";
import { runScimOperation } from "../scim-operation.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { idParam, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { answeringScimErrors, scimNoContent } from "../scim-response.js";

/** DELETE /scim/v2/Users/:id (RFC 7644 §3.6): deletes the account the directory created; 204, then 404. */
export const deleteScimUser = (o: ResolvedScimOptions) =>
  defineEndpoint(
    {
      method: "DELETE",
      path: "/scim/v2/Users/:id",
      rateLimit: SCIM_RATE_LIMIT,
      skipOriginCheck: true, // bearer-token protocol route, see create-scim-user.ts
      openapi: { summary: "SCIM: delete a provisioned user" },
    },
    async (ctx) =>
      answeringScimErrors(async () => {
        const { scope, base, preconditions } = await readScimRequest(ctx);
        await runScimOperation(ctx.auth, o, scope, base, {
          resource: "Users",
          method: "DELETE",
          id: idParam(ctx),
          body: ctx.body,
          preconditions,
        });
        return scimNoContent();
      }),
  );
