import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CORE_ERRORS,
  dateTimeResponse,
  defineEndpoint,
  defineErrors,
  definePlugin,
  methodsOf,
  modelRef,
} from "@gatehouse-auth/core";
import { apiKey } from "@gatehouse-auth/api-key";
import { createTestClient, makeTestAuth } from "@gatehouse-auth/core/testing";
import { openAPI } from "./open-api-plugin.js";
import type { OpenAPIDocument, ResponseObject } from "./open-api-types.js";
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
    expect(doc.tags.map((t) => t.name)).toEqual(["default", "organization", "admin", "api-key", "open-api"]);
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

  it("derives each operation's error statuses from its config, with catalogue examples", async () => {
    const doc = await fetchDocument();
    const statuses = (path: string, method: "get" | "post") => Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    const codes = (response: ResponseObject | undefined) =>
      Object.values(response?.content?.["application/json"]?.examples ?? {}).map(
        (e) => (e.value as { code: string }).code,
      );
    // No input, no session, no write: nothing can go wrong but a 200.
    expect(statuses("/ok", "get")).toEqual(["200"]);
    // A session-protected GET: 401, a credential kind it does not take (403), plus what a presented API
    // key can be refused with (the key's authenticator runs before the kind is checked).
    expect(statuses("/list-sessions", "get")).toEqual(["200", "400", "401", "403", "429"]); // 400: a bad limit or cursor
    const signUp = doc.paths["/sign-up/email"]?.post?.responses ?? {};
    expect(Object.keys(signUp)).toEqual(["200", "400", "403", "422"]);
    expect(codes(signUp[400])).toEqual(
      expect.arrayContaining(["VALIDATION_ERROR", "INVALID_JSON", "PASSWORD_TOO_SHORT"]),
    );
    expect(codes(signUp[403])).toEqual(["INVALID_ORIGIN", "MISSING_ORIGIN", "INVALID_CALLBACK_URL"]);
    expect(signUp[422]?.content?.["application/json"]).toEqual({
      schema: {
        allOf: [{ $ref: "#/components/schemas/Error" }],
        properties: { code: { type: "string", enum: ["USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"] } },
        additionalProperties: true,
      },
      examples: {
        USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
          summary: CORE_ERRORS.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL.message,
          value: {
            code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
            message: CORE_ERRORS.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL.message,
          },
        },
      },
    });
    expect(signUp[422]?.description).toBe("Unprocessable content: USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
    expect(codes(doc.paths["/unlink-account"]?.post?.responses[403])).toContain("SESSION_NOT_FRESH");
    expect(codes(doc.paths["/get-session"]?.get?.responses[400])).toEqual(["VALIDATION_ERROR"]);
    expect(doc.paths["/get-session"]?.get?.responses[400]?.content?.["application/json"]?.examples).toMatchObject({
      VALIDATION_ERROR: { value: { message: "Invalid query parameters" } },
    });
    // 429 only where the rate limiter is on and covers the path.
    expect(JSON.stringify(doc)).not.toContain("TOO_MANY_REQUESTS");
    const limited = await fetchDocument(makeOpenAPIAuth({}, { rateLimit: { enabled: true } }));
    expect(codes(limited.paths["/ok"]?.get?.responses[429])).toEqual(["TOO_MANY_REQUESTS"]);
    expect(doc.components.schemas.Error).toMatchObject({ required: ["code", "message"] });
  });

  it("documents redirects with Location and HTML pages as text/html", async () => {
    const doc = await fetchDocument();
    const resetLink = doc.paths["/reset-password/{token}"]?.get?.responses ?? {};
    expect(resetLink[200]).toBeUndefined();
    expect(resetLink[302]?.headers?.Location?.schema).toEqual({ type: "string" });
    const verify = doc.paths["/verify-email"]?.get?.responses ?? {};
    expect(Object.keys(verify[200]?.content ?? {})).toEqual(["application/json"]);
    expect(verify[302]).toBeDefined();
    expect(doc.paths["/delete-user/callback"]?.get?.responses[302]).toBeDefined();
    // The OAuth callback always redirects; its form_post twin hands over to the GET with a 303, and
    // neither refuses bad parameters (they end in a redirect carrying an error code).
    const callback = doc.paths["/callback/{id}"];
    expect(Object.keys(callback?.get?.responses ?? {})).toEqual(["302"]);
    expect(Object.keys(callback?.post?.responses ?? {})).toEqual(["303", "400"]);
    expect(callback?.post?.responses[303]?.headers?.Location).toBeDefined();
    for (const path of ["/error", "/reference"]) {
      const ok = doc.paths[path]?.get?.responses[200];
      expect(Object.keys(ok?.content ?? {}), path).toEqual(["text/html"]);
    }
  });

  it("lists the session cookie, and x-api-key only where core's authenticate hook applies", async () => {
    const doc = await fetchDocument();
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      in: "cookie",
      name: "gatehouse.session_token",
    });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ in: "header", name: "x-api-key" });
    // list-sessions takes only the user's own session (own-session): a key is no way in.
    expect(doc.paths["/list-sessions"]?.get?.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths["/get-session"]?.get?.security).toEqual([{ sessionCookie: [] }, { apiKey: [] }, {}]);
    // A route a key with the right permission reaches lists the key.
    expect(doc.paths["/organization/list"]?.get?.security).toEqual([{ sessionCookie: [] }, { apiKey: [] }]);
    expect(doc.paths["/ok"]?.get?.security).toBeUndefined();
    // The key routes need a session over HTTP, and a key never authenticates them.
    for (const path of ["/api-key/create", "/api-key/list", "/api-key/get", "/api-key/update", "/api-key/delete"]) {
      const op = doc.paths[path]?.get ?? doc.paths[path]?.post;
      expect(op?.security, path).toEqual([{ sessionCookie: [] }]);
      expect(op?.responses[401], path).toBeDefined();
    }
    expect(doc.paths["/api-key/verify"]?.post?.security).toBeUndefined();
    // Without the plugin there is no such scheme anywhere.
    const bare = await fetchDocument(makeTestAuth({ plugins: [openAPI()] }));
    expect(bare.components.securitySchemes.apiKey).toBeUndefined();
    expect(bare.paths["/list-sessions"]?.get?.security).toEqual([{ sessionCookie: [] }]);
  });

  it("documents the api-key plugin's scheme under the header its options name, and apiKeyId on the session", async () => {
    const auth = makeTestAuth({ plugins: [apiKey({ headerName: "X-Service-Key" }), openAPI()] });
    const doc = await fetchDocument(auth);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ in: "header", name: "x-service-key" });
    expect(JSON.stringify(doc)).not.toContain("x-api-key");
    const session = doc.components.schemas.Session as { properties: Record<string, unknown>; required: string[] };
    expect(session.properties.apiKeyId).toMatchObject({ type: "string" });
    expect(session.required).not.toContain("apiKeyId");
    // Without an authenticator that adds it, no session carries it.
    const bare = await fetchDocument(makeTestAuth({ plugins: [openAPI()] }));
    expect((bare.components.schemas.Session as { properties: object }).properties).not.toHaveProperty("apiKeyId");
  });

  it("documents a plugin's own authenticateScheme: its header, skip tags and errors", async () => {
    const ERRORS = defineErrors({ BAD_DEMO_TOKEN: { status: 401, message: "Bad demo token" } });
    const mine = defineEndpoint({ method: "GET", path: "/demo/mine", session: "required" }, async () => ({}));
    const own = defineEndpoint(
      { method: "GET", path: "/demo/own", session: "required", tags: ["demo-admin"] },
      async () => ({}),
    );
    const demo = definePlugin({
      id: "demo-token",
      endpoints: { mine, own },
      errors: ERRORS,
      authenticate: () => null,
      authenticateScheme: { header: "x-demo-token", skipTags: ["demo-admin"], errors: [ERRORS.BAD_DEMO_TOKEN] },
    });
    const doc = await fetchDocument(makeTestAuth({ plugins: [demo, openAPI()] }));
    expect(doc.components.securitySchemes.demoToken).toMatchObject({ in: "header", name: "x-demo-token" });
    expect(doc.paths["/demo/mine"]?.get?.security).toEqual([{ sessionCookie: [] }, { demoToken: [] }]);
    expect(doc.paths["/demo/mine"]?.get?.responses[401]?.description).toBe(
      "Unauthorized: UNAUTHORIZED, BAD_DEMO_TOKEN",
    );
    expect(doc.paths["/demo/own"]?.get?.security).toEqual([{ sessionCookie: [] }]);
  });

  it("documents an Authorization scheme (bearer) as an http security scheme", async () => {
    const mine = defineEndpoint({ method: "GET", path: "/demo/bearer", session: "required" }, async () => ({}));
    const demo = definePlugin({
      id: "demo-bearer",
      endpoints: { mine },
      authenticate: () => null,
      authenticateScheme: { header: "authorization", scheme: "bearer", description: "A signed token" },
    });
    const doc = await fetchDocument(makeTestAuth({ plugins: [demo, openAPI()] }));
    const scheme = doc.components.securitySchemes.demoBearer;
    expect(scheme).toMatchObject({ type: "http", scheme: "bearer" });
    expect(scheme).not.toHaveProperty("in");
    expect(doc.paths["/demo/bearer"]?.get?.security).toEqual([{ sessionCookie: [] }, { demoBearer: [] }]);
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

  it("converts openapi.response (zod) to the 200 schema, with modelRef as a $ref to the model", async () => {
    const ERRORS = defineErrors({ HELLO_GONE: { status: 404, message: "Hello is gone" } });
    const hello = defineEndpoint(
      {
        method: "GET",
        path: "/demo/hello",
        openapi: {
          response: z.object({ hello: z.string(), at: dateTimeResponse, owner: modelRef("user").nullable() }),
          errors: [ERRORS.HELLO_GONE],
        },
      },
      async () => ({ hello: "x", at: new Date().toISOString(), owner: null }),
    );
    const hidden = defineEndpoint({ method: "POST", path: "/demo/hidden", serverOnly: true }, async () => ({}));
    const plugin = definePlugin({ id: "demo", endpoints: { hello, hidden }, errors: ERRORS });
    const doc = await fetchDocument(makeTestAuth({ plugins: [plugin, openAPI()] }));
    const responses = doc.paths["/demo/hello"]?.get?.responses;
    expect(responses?.[200]).toEqual({
      description: "Success",
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: {
              hello: { type: "string" },
              at: { type: "string", format: "date-time" },
              owner: { anyOf: [{ $ref: "#/components/schemas/User" }, { type: "null" }] },
            },
            required: ["hello", "at", "owner"],
          },
        },
      },
    });
    expect(responses?.[404]?.description).toBe("Not found: HELLO_GONE");
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
