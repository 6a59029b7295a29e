import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint, definePlugin, methodsOf } from "@gatehouse/core";
import { createTestClient, makeTestAuth } from "@gatehouse/core/testing";
import { openAPI } from "./open-api-plugin.js";
import type { OpenAPIDocument } from "./open-api-types.js";
import { makeOpenAPIAuth } from "./test-helpers.js";

async function fetchDocument(auth = makeOpenAPIAuth()): Promise<OpenAPIDocument> {
  const r = await createTestClient(auth).get("/open-api/generate-schema");
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toMatch(/json/);
  return r.body;
}

describe("GET /open-api/generate-schema", () => {
  it("is an OpenAPI 3.1 document with info and servers from the options", async () => {
    const doc = await fetchDocument(makeOpenAPIAuth({ title: "Acme auth", version: "2.3.4" }));
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: "Acme auth", version: "2.3.4" });
    expect(doc.servers).toEqual([{ url: "http://localhost:3000/api/auth" }]);
  });

  it("documents every routed endpoint with its methods, and no server-only one", async () => {
    const auth = makeOpenAPIAuth();
    const doc = await fetchDocument(auth);
    const endpoints = Object.entries(auth.$context.endpoints);
    expect(endpoints.length).toBeGreaterThan(40);
    for (const [name, endpoint] of endpoints) {
      const path = endpoint.config.path.replace(/:(\w+)/g, "{$1}");
      const methods = methodsOf(endpoint.config).map((m) => m.toLowerCase());
      if (endpoint.config.serverOnly) {
        for (const m of methods) expect(doc.paths[path]?.[m as "get"], `${name} is server-only`).toBeUndefined();
        continue;
      }
      for (const m of methods) expect(doc.paths[path]?.[m as "get"], `${m} ${path}`).toBeDefined();
    }
    expect(auth.$context.endpoints.setPassword?.config.serverOnly).toBe(true);
    expect(doc.paths["/set-password"]).toBeUndefined();
    expect(doc.paths["/sign-in/email"]?.post?.operationId).toBe("signInEmail");
    expect(doc.paths["/sign-in/email"]?.post?.summary).toBe("Sign in with email and password");
  });

  it("tags core endpoints default and plugin endpoints by their namespace", async () => {
    const doc = await fetchDocument();
    expect(doc.paths["/sign-up/email"]?.post?.tags).toEqual(["default"]);
    expect(doc.paths["/organization/create"]?.post?.tags).toEqual(["organization"]);
    expect(doc.paths["/organization/list"]?.get).toBeDefined();
    expect(doc.paths["/open-api/generate-schema"]?.get?.tags).toEqual(["open-api"]);
    expect(doc.tags.map((t) => t.name)).toEqual(["default", "organization", "open-api"]);
  });

  it("derives request bodies and their required fields from the zod body", async () => {
    const doc = await fetchDocument();
    const body = doc.paths["/sign-up/email"]?.post?.requestBody;
    expect(body?.required).toBe(true);
    const schema = body?.content["application/json"].schema as { properties: object; required: string[] };
    expect(schema.required).toEqual(expect.arrayContaining(["email", "password", "name"]));
    expect(schema.required).not.toContain("callbackURL");
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(["email", "password", "name", "image"]));
    // A nested object stays nested.
    const social = doc.paths["/sign-in/social"]?.post?.requestBody?.content["application/json"].schema as {
      properties: { idToken: { type: string; properties: object } };
    };
    expect(social.properties.idToken.properties).toHaveProperty("token");
  });

  it("derives query and path parameters", async () => {
    const doc = await fetchDocument();
    const query = doc.paths["/get-session"]?.get?.parameters ?? [];
    expect(query.map((p) => [p.name, p.in, p.required])).toEqual([
      ["disableCookieCache", "query", false],
      ["disableRefresh", "query", false],
    ]);
    // The input side of a transform: what a client may send, not what the endpoint sees.
    expect(JSON.stringify(query[0]?.schema)).toContain("boolean");
    const callback = doc.paths["/callback/{id}"];
    expect(callback?.get?.parameters?.[0]).toMatchObject({ name: "id", in: "path", required: true });
    expect(callback?.post?.requestBody).toBeDefined();
    expect(callback?.get?.requestBody).toBeUndefined();
  });

  it("shares the {code, message} error responses and the session security scheme", async () => {
    const doc = await fetchDocument();
    const op = doc.paths["/list-sessions"]?.get;
    for (const status of ["400", "401", "403", "404", "429"]) expect(op?.responses[status]).toHaveProperty("$ref");
    expect(doc.components.schemas.Error).toMatchObject({ required: ["code", "message"] });
    expect(op?.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths["/ok"]?.get?.security).toBeUndefined();
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ in: "cookie" });
    expect(doc.components.securitySchemes.apiKey).toBeUndefined();
  });

  it("builds model components from the data schema, without secret fields", async () => {
    const doc = await fetchDocument();
    const { User, Session, Account, Organization, Member } = doc.components.schemas as Record<
      string,
      { properties: Record<string, unknown>; required: string[] }
    >;
    expect(User?.properties.email).toEqual({ type: "string" });
    expect(User?.properties.createdAt).toEqual({ type: "string", format: "date-time" });
    expect(User?.properties.emailVerified).toEqual({ type: "boolean" });
    expect(User?.required).toContain("email");
    expect(Session?.properties).toHaveProperty("activeOrganizationId");
    expect(Account?.properties).not.toHaveProperty("password");
    expect(Organization?.properties).toHaveProperty("slug");
    expect(Member).toBeDefined();
  });

  it("uses openapi.response for the 200 body when an endpoint gives one", async () => {
    const response = { type: "object", properties: { hello: { type: "string" } } };
    const hello = defineEndpoint({ method: "GET", path: "/demo/hello", openapi: { response } }, async () => ({
      hello: "x",
    }));
    const hidden = defineEndpoint({ method: "POST", path: "/demo/hidden", serverOnly: true }, async () => ({}));
    const auth = makeTestAuth({ plugins: [definePlugin({ id: "demo", endpoints: { hello, hidden } }), openAPI()] });
    const doc = await fetchDocument(auth);
    const ok = doc.paths["/demo/hello"]?.get?.responses["200"];
    expect(ok).toEqual({ description: "Success", content: { "application/json": { schema: response } } });
    expect(doc.paths["/demo/hidden"]).toBeUndefined();
  });

  it("gives each method of a multi-method endpoint its own unique operation", async () => {
    const both = defineEndpoint(
      {
        method: ["GET", "POST"],
        path: "/demo/both",
        query: z.object({ page: z.string().describe("Page number") }),
        body: z.object({ note: z.string().optional() }),
      },
      async () => ({}),
    );
    const auth = makeTestAuth({ plugins: [definePlugin({ id: "demo", endpoints: { both } }), openAPI()] });
    const item = (await fetchDocument(auth)).paths["/demo/both"];
    expect(item?.get?.operationId).toBe("both");
    expect(item?.post?.operationId).toBe("bothPost");
    expect(item?.get?.parameters?.[0]).toMatchObject({ name: "page", required: true, description: "Page number" });
    expect(item?.get?.requestBody).toBeUndefined();
    expect(item?.post?.requestBody?.required).toBe(false);
  });

  it("adds the apiKey header scheme when an /api-key/ endpoint is installed", async () => {
    const create = defineEndpoint(
      { method: "POST", path: "/api-key/create", body: z.object({ name: z.string() }), session: "required" },
      async () => ({}),
    );
    const auth = makeTestAuth({ plugins: [definePlugin({ id: "api-key", endpoints: { create } }), openAPI()] });
    const doc = await fetchDocument(auth);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ in: "header", name: "x-api-key" });
    expect(doc.paths["/api-key/create"]?.post?.security).toEqual([{ sessionCookie: [] }, { apiKey: [] }]);
  });

  it("moves recursive zod definitions into components", async () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
    const tree = defineEndpoint(
      { method: "POST", path: "/demo/tree", body: z.object({ root: node }) },
      async () => ({}),
    );
    const auth = makeTestAuth({ plugins: [definePlugin({ id: "demo", endpoints: { tree } }), openAPI()] });
    const doc = await fetchDocument(auth);
    const text = JSON.stringify(doc);
    expect(text).not.toContain("#/$defs/");
    for (const [, ref] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(doc.components.schemas, ref).toHaveProperty(ref!);
    }
  });

  it("builds the document once and serves the cached copy afterwards", async () => {
    const auth = makeOpenAPIAuth();
    const client = createTestClient(auth);
    const first = await client.get("/open-api/generate-schema");
    const api = auth.api as unknown as { generateOpenAPISchema(input?: object): Promise<unknown> };
    expect(await api.generateOpenAPISchema()).toBe(await api.generateOpenAPISchema());
    expect((await client.get("/open-api/generate-schema")).text).toBe(first.text);
  });
});
