import { describe, expect, it } from "vitest";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { definePlugin } from "../plugins/plugin-types.js";
import { defineEndpoint } from "./define-endpoint.js";
import { EndpointResponse } from "./endpoint-response.js";

const nasty = definePlugin({
  id: "nasty",
  endpoints: {
    headers: defineEndpoint({ method: "GET", path: "/nasty/headers" }, async (ctx) => {
      ctx.responseHeaders["x-split"] = "a\r\nx: y";
      ctx.responseHeaders["bad name"] = "1";
      ctx.responseHeaders["content-length"] = "999";
      ctx.setCookie("c", "中;x");
      return new EndpointResponse(302, null, { location: "/中", "cache-control": "public, max-age=600" });
    }),
    status: defineEndpoint({ method: "GET", path: "/nasty/status" }, async () => new EndpointResponse(42, "x")),
  },
});

describe("the Fetch transport (auth.handler, api asResponse)", () => {
  it("writes only valid headers and statuses, and forces no-store on cookie-setting redirects", async () => {
    const auth = makeTestAuth({ plugins: [nasty] });
    const r = await auth.handler(new Request("http://localhost:3000/api/auth/nasty/headers"));
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/%E4%B8%AD");
    expect(r.headers.get("x-split")).toBe("a%0D%0Ax: y");
    expect([...r.headers.keys()].some((k) => k.includes(" "))).toBe(false);
    expect(r.headers.getSetCookie()[0]).toMatch(/^c=%E4%B8%AD%3Bx; /);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("content-length")).toBeNull();
    expect((await auth.handler(new Request("http://localhost:3000/api/auth/nasty/status"))).status).toBe(500);
    const api = auth.api as unknown as { headers(input: { asResponse: true }): Promise<Response> };
    const viaApi = await api.headers({ asResponse: true });
    expect(viaApi.headers.get("location")).toBe("/%E4%B8%AD");
  });

  it("never rejects, even for a request whose body stream fails", async () => {
    const auth = makeTestAuth();
    const body = new ReadableStream({
      pull(controller) {
        controller.error(new Error("client went away"));
      },
    });
    const r = await auth.handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(r.status).toBe(400);
  });
});
