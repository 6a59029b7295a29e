// The OpenAPI document with the JWT and bearer plugins (from their sources: this package depends on neither
// open-api nor bearer): GET /token and GET /jwks are operations, and the bearer header is a security scheme.
import { createTestClient } from "@gatehouse-auth/core/testing";
import { describe, expect, it } from "vitest";
import { bearer } from "@gatehouse-auth/bearer";
import { openAPI } from "@gatehouse-auth/open-api";
import { makeJwtAuth } from "./test-helpers.js";

describe("OpenAPI document", () => {
  it("lists GET /token (session required, bearer accepted) and GET /jwks (public)", async () => {
    const { auth } = makeJwtAuth({}, { plugins: [bearer(), openAPI()] });
    const doc = (await createTestClient(auth).get("/open-api/generate-schema")).body;
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    const token = doc.paths["/token"].get;
    expect(token.security).toEqual([{ sessionCookie: [] }, { bearer: [] }]);
    expect(token.responses[401]).toBeDefined();
    expect(doc.paths["/jwks"].get.security).toBeUndefined();
    expect(doc.paths["/get-session"].get.security).toContainEqual({ bearer: [] });
  });
});
