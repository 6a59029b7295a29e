import { defineEndpoint } from "@gatehouse-auth/core";
import { deleteScimGroup as deprovision, requireTeams } from "../group-store.js";
import { answeringScimErrors, scimNoContent } from "../scim-response.js";
import { idParam, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";

/** DELETE /scim/v2/Groups/:id (RFC 7644 §3.6): the group and its team go; 204, then 404. */
export const deleteScimGroup = defineEndpoint(
  {
    method: "DELETE",
    path: "/scim/v2/Groups/:id",
    rateLimit: SCIM_RATE_LIMIT,
    skipOriginCheck: true, // bearer-token protocol route, see create-scim-user.ts
    openapi: { summary: "SCIM: delete a provisioned group" },
  },
  async (ctx) =>
    answeringScimErrors(async () => {
      const { scope, preconditions } = await readScimRequest(ctx);
      requireTeams(ctx.auth);
      await deprovision(ctx.auth, scope, idParam(ctx), preconditions);
      return scimNoContent();
    }),
);
