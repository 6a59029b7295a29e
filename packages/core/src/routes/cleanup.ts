import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { cleanupExpired } from "../cleanup/cleanup-expired.js";
import { CLEANUP_BATCH_SIZE } from "../cleanup/run-cleanup.js";

/**
 * Server-only `auth.api.cleanup()`: deletes expired sessions, verification records, spent rate-limit
 * counters and the rows plugins declare expired (`Plugin.cleanup`), in batches, and answers how many
 * rows of each model went. Never routed over HTTP: a stranger must not be able to make the database
 * work on demand. Run it from a scheduler (`npx gatehouse-auth cleanup`) or with `cleanup.interval`.
 */
export const cleanup = defineEndpoint(
  {
    method: "POST",
    path: "/cleanup",
    body: z
      .strictObject({
        /** Rows per delete statement. */
        batchSize: z.number().int().min(1).max(10_000).optional(),
      })
      .optional(),
    serverOnly: true,
    openapi: { response: z.object({ deleted: z.record(z.string(), z.number()) }) },
  },
  async (ctx) => cleanupExpired(ctx.auth, ctx.body?.batchSize ?? CLEANUP_BATCH_SIZE),
);
