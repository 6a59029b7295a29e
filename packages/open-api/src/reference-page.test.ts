import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { defineEndpoint, definePlugin } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth } from "@gatehouse-auth/core/testing";
import { openAPI } from "./open-api-plugin.js";
import { makeOpenAPIAuth } from "./test-helpers.js";

function inlinedDocument(html: string): unknown {
  const json = html.match(/<script type="application\/json" id="gatehouse-openapi">([\s\S]*?)<\/script>/)?.[1];
  return JSON.parse(json ?? "null");
}

describe("GET /reference", () => {
  it("is one self-contained HTML page titled API Reference with an embedded favicon", async () => {
    const r = await createTestClient(makeOpenAPIAuth()).get("/reference");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^text\/html/);
    expect(r.text.match(/<title>([^<]*)<\/title>/)?.[1]).toMatch(/API Reference/);
    expect(r.text).toMatch(/<link rel="icon"[^>]*href="data:image\/svg\+xml;base64,/);
    // Offline: nothing is loaded from elsewhere.
    expect(r.text).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(r.text).not.toMatch(/<script[^>]+src=/);
    expect(r.text).not.toMatch(/<link[^>]+stylesheet/);
    expect(r.text).not.toMatch(/@import|url\(\s*["']?http/);
  });

  it("sends a CSP that allows exactly its inline script and style (by hash), the data: favicon and same-origin requests", async () => {
    const r = await createTestClient(makeOpenAPIAuth()).get("/reference");
    const csp = r.headers.get("content-security-policy") ?? "";
    const directives = Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));
    const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const script = r.text.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? "";
    const style = r.text.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? "";
    expect(directives["default-src"]).toEqual(["'none'"]);
    expect(directives["script-src"]).toEqual([hashOf(script)]);
    expect(directives["style-src"]).toEqual([hashOf(style)]);
    expect(directives["img-src"]).toEqual(["data:"]);
    expect(directives["connect-src"]).toEqual(["'self'"]);
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp).not.toContain("unsafe");
    expect(r.headers.get("x-frame-options")).toBe("DENY");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("inlines the same document generate-schema returns", async () => {
    const client = createTestClient(makeOpenAPIAuth());
    const page = await client.get("/reference");
    const schema = await client.get("/open-api/generate-schema");
    expect(inlinedDocument(page.text)).toEqual(schema.body);
  });

  it("escapes inlined text so a summary cannot close the script element", async () => {
    const evil = '</script><script>alert("x")</script><!--';
    const probe = defineEndpoint({ method: "GET", path: "/demo/probe", openapi: { summary: evil } }, async () => ({}));
    const auth = makeTestAuth({
      plugins: [definePlugin({ id: "demo", endpoints: { probe } }), openAPI({ title: "<b>Acme</b>" })],
    });
    const r = await createTestClient(auth).get("/reference");
    expect(r.text).not.toContain(evil);
    expect(r.text).not.toContain("<b>Acme</b>");
    expect(r.text).toContain("&lt;b&gt;Acme&lt;/b&gt; · API Reference");
    // Three script elements (document, config, renderer): no more opened by the document's text.
    expect(r.text.match(/<script/g)).toHaveLength(3);
    expect(r.text.match(/<\/script>/g)).toHaveLength(3);
    const doc = inlinedDocument(r.text) as { paths: Record<string, { get: { summary: string } }> };
    expect(doc.paths["/demo/probe"]?.get.summary).toBe(evil);
  });

  it("is served at a custom path, and not at the default one", async () => {
    const client = createTestClient(makeOpenAPIAuth({ path: "/docs/api" }));
    const page = await client.get("/docs/api");
    expect(page.status).toBe(200);
    expect(page.text).toContain('"pagePath":"/docs/api"');
    expect((await client.get("/reference")).status).toBe(404);
  });

  it("answers 404 NOT_FOUND when the default reference is disabled, while the schema stays", async () => {
    const client = createTestClient(makeOpenAPIAuth({ disableDefaultReference: true }));
    const r = await client.get("/reference");
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: "NOT_FOUND" });
    const schema = await client.get("/open-api/generate-schema");
    expect(schema.status).toBe(200);
    expect(schema.body.paths["/reference"]).toBeUndefined();
  });

  it("sets the theme from the options", async () => {
    const r = await createTestClient(makeOpenAPIAuth({ theme: "dark" })).get("/reference");
    expect(r.text).toContain('<html lang="en" data-theme="dark">');
  });
});
