import { describe, expect, it } from "vitest";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { AuthError } from "../errors/auth-error.js";
import { definePlugin } from "../plugins/plugin-types.js";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { defineEndpoint } from "./define-endpoint.js";
import { EndpointResponse } from "./endpoint-response.js";

// toAuthResponse builds the headers from a literal rather than spreading a constant (a V8 map per
// response, see handle-request.ts); these pin down that the merge itself is what it was.
const headers = definePlugin({
  id: "headers",
  endpoints: {
    json: defineEndpoint({ method: "GET", path: "/h/json" }, async (ctx) => {
      ctx.responseHeaders["x-extra"] = "1";
      ctx.responseHeaders["cache-control"] = "private, max-age=5";
      return { ok: true };
    }),
    text: defineEndpoint({ method: "GET", path: "/h/text" }, async (ctx) => {
      ctx.responseHeaders["x-from-ctx"] = "ctx";
      ctx.responseHeaders["x-both"] = "ctx";
      return new EndpointResponse(200, "plain", { "content-type": "text/plain", "x-both": "result" });
    }),
    jsonResult: defineEndpoint({ method: "GET", path: "/h/json-result" }, async (ctx) => {
      ctx.responseHeaders["content-type"] = "application/problem+json";
      return new EndpointResponse(201, { made: 1 }, { "x-result": "r" });
    }),
    refused: defineEndpoint({ method: "GET", path: "/h/refused" }, async () => {
      throw new AuthError(CORE_ERRORS.TOO_MANY_REQUESTS, { headers: { "retry-after": "7" } });
    }),
  },
});

const get = async (path: string) => {
  const auth = makeTestAuth({ plugins: [headers] });
  return auth.handler(new Request(`http://localhost:3000/api/auth${path}`));
};

describe("response headers", () => {
  it("a JSON answer: content type and no-store first, an endpoint's own headers over them", async () => {
    const r = await get("/h/json");
    expect(r.headers.get("content-type")).toBe("application/json");
    expect(r.headers.get("cache-control")).toBe("private, max-age=5");
    expect(r.headers.get("x-extra")).toBe("1");
    expect(await r.json()).toEqual({ ok: true });
  });

  it("a text answer gets no JSON headers; the result's headers win over the context's", async () => {
    const r = await get("/h/text");
    expect(r.headers.get("content-type")).toBe("text/plain");
    expect(r.headers.get("cache-control")).toBeNull();
    expect(r.headers.get("x-from-ctx")).toBe("ctx");
    expect(r.headers.get("x-both")).toBe("result");
    expect(await r.text()).toBe("plain");
  });

  it("a JSON EndpointResponse: the JSON headers, then the context's, then the result's", async () => {
    const r = await get("/h/json-result");
    expect(r.status).toBe(201);
    expect(r.headers.get("content-type")).toBe("application/problem+json");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("x-result")).toBe("r");
  });

  it("an error keeps its own headers next to the JSON ones", async () => {
    const r = await get("/h/refused");
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe("7");
    expect(r.headers.get("content-type")).toBe("application/json");
    expect((await r.json()).code).toBe("TOO_MANY_REQUESTS");
  });
});
