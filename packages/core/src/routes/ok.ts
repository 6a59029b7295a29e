import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";

/** GET /ok: liveness probe. */
export const ok = defineEndpoint(
  { method: "GET", path: "/ok", openapi: { summary: "Liveness check", response: z.object({ ok: z.literal(true) }) } },
  async () => ({ ok: true as const }),
);
