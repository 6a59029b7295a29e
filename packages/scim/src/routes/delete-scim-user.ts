import { defineEndpoint } from "@gatehouse-auth/core";
import { answeringScimErrors, scimNoContent } from "../scim-response.js";
import { idParam, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { deleteScimUser as deprovision } from "../user-store.js";

/** DELETE /scim/v2/Users/:id (RFC 7644 §3.6): deletes the account the directory created; 204, then 404. */
export const deleteScimUser = defineEndpoint(
  {
    method: "DELETE",
    path: "/scim/v2/Users/:id",
    rateLimit: SCIM_RATE_LIMIT,
    skipOriginCheck: true, // bearer-token protocol route, see create-scim-user.ts
    openapi: { summary: "SCIM: delete a provisioned user" },
  },
  async (ctx) =>
    answeringScimErrors(async () => {
      const { scope, preconditions } = await readScimRequest(ctx);
      await deprovision(ctx.auth, scope, idParam(ctx), preconditions);
      return scimNoContent();
    }),
);
