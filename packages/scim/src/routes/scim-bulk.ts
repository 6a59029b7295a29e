import { defineEndpoint, EndpointResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { type SettledOperation, bulkLimits, readBulkRequest, runBulk } from "../bulk-request.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { answeringScimErrors, SCIM_CONTENT_TYPE } from "../scim-response.js";

/**
 * A BulkResponse that also carries its completed operations as `settledOperations` — never part of the
 * JSON answer — so the audit log records each one's event, as it does for the single request.
 */
export class ScimBulkResponse extends EndpointResponse {
  constructor(
    body: unknown,
    readonly settledOperations: readonly SettledOperation[],
  ) {
    super(200, body, { "content-type": SCIM_CONTENT_TYPE, "cache-control": "no-store" });
  }
}

/**
 * POST /scim/v2/Bulk (RFC 7644 §3.7): many User and Group writes in one request, each run as its single
 * request would be (same checks, preconditions from `version`, same transaction), bulkIds resolved; one
 * answer per operation with its own status.
 */
export const scimBulk = (o: ResolvedScimOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/scim/v2/Bulk",
      // One request stands for up to maxBulkOperations writes: the address's budget counts them.
      rateLimit: {
        window: SCIM_RATE_LIMIT.window,
        max: Math.max(1, Math.floor(SCIM_RATE_LIMIT.max / o.maxBulkOperations)),
      },
      skipOriginCheck: true, // bearer-token protocol route, see create-scim-user.ts
      body: z.unknown(),
      openapi: { summary: "SCIM: many User and Group writes in one request (BulkRequest)" },
    },
    async (ctx) =>
      answeringScimErrors(async () => {
        const { scope, base } = await readScimRequest(ctx);
        const request = readBulkRequest(ctx.headers, ctx.body, bulkLimits(ctx.auth, o));
        const outcome = await runBulk(ctx.auth, o, scope, base, request);
        return new ScimBulkResponse(outcome.body, outcome.settled);
      }),
  );
