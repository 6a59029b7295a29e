import { describe, expect, it } from "vitest";
import { methodsOf } from "./api/define-endpoint.js";
import { coreEndpoints } from "./routes/core-endpoints.js";
import { CORE_ROUTES } from "./routes-table.js";

describe("core routes table", () => {
  it("names only routes the server answers, with the same method", () => {
    const served = new Set(
      Object.values(coreEndpoints).flatMap((e) =>
        e.config.serverOnly ? [] : methodsOf(e.config).map((m) => `${m} ${e.config.path}`),
      ),
    );
    for (const [name, route] of Object.entries(CORE_ROUTES)) {
      expect(served.has(`${route.method} ${route.path}`), `${name}: ${route.method} ${route.path}`).toBe(true);
    }
  });

  it("lists every client-callable JSON route (browser-only pages and callbacks excepted)", () => {
    const listed = new Set<string>(Object.values(CORE_ROUTES).map((r) => r.path));
    const browserOnly = new Set(["/error", "/callback/:id", "/reset-password/:token", "/delete-user/callback"]);
    for (const e of Object.values(coreEndpoints)) {
      if (e.config.serverOnly || browserOnly.has(e.config.path)) continue;
      expect(listed.has(e.config.path), e.config.path).toBe(true);
    }
  });
});
