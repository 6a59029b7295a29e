import { defineEndpoint } from "../api/define-endpoint.js";

/** GET /ok: liveness probe. */
export const ok = defineEndpoint({ method: "GET", path: "/ok", openapi: { summary: "Liveness check" } }, async () => ({
  ok: true as const,
}));
