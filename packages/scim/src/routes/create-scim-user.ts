import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { runScimOperation } from "../scim-operation.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { locationHeader, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { answeringScimErrors, scimResource } from "../scim-response.js";

/** POST /scim/v2/Users (RFC 7644 §3.3): provisions a user into the token's organization; 201 + Location. */
export const createScimUser = (o: ResolvedScimOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/scim/v2/Users",
      rateLimit: SCIM_RATE_LIMIT,
      // The identity provider's back end calls with the bearer token (no browser, no Origin); a
      // cross-site page cannot send Authorization without a CORS preflight we never grant.
      skipOriginCheck: true,
      body: z.unknown(),
      openapi: { summary: "SCIM: provision a user" },
    },
    async (ctx) =>
      answeringScimErrors(async () => {
        const { scope, base, preconditions } = await readScimRequest(ctx);
        const done = await runScimOperation(ctx.auth, o, scope, base, {
          resource: "Users",
          method: "POST",
          id: null,
          body: ctx.body,
          preconditions,
        });
        const resource = done.resource as NonNullable<typeof done.resource>;
        return scimResource(resource, 201, locationHeader(ctx, resource.meta.location));
      }),
  );
