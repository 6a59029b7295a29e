import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";

describe("GET /error headers", () => {
  it("sends a CSP allowing only its own stylesheet, refuses framing, sniffing and referrers", async () => {
    const page = await createTestClient(makeTestAuth()).get("/error", { query: { error: "state_not_found" } });
    expect(page.status).toBe(200);
    const csp = page.headers.get("content-security-policy") ?? "";
    const directives = Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));
    expect(directives["default-src"]).toEqual(["'none'"]);
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'none'"]);
    expect(directives["script-src"]).toBeUndefined();
    expect(csp).not.toContain("unsafe-inline");
    // The hash is of the page's one <style> element, exactly.
    const style = page.text.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? "";
    const hash = createHash("sha256").update(style).digest("base64");
    expect(directives["style-src"]).toEqual([`'sha256-${hash}'`]);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
  });
});
