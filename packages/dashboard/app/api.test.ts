import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, createApi, errorOf } from "./api.js";

const calls: { url: string; init: RequestInit }[] = [];

function answer(status: number, body: unknown, contentType = "application/json") {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const text = typeof body === "string" ? body : JSON.stringify(body);
      return new Response(text, { status, headers: { "content-type": contentType } });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
});

describe("createApi", () => {
  it("builds URLs from the base and dashboard paths, dropping empty query values", async () => {
    answer(200, { ok: true });
    const api = createApi("/api/auth/", "/dashboard");
    await api.dashboard.get("list-api-keys", { userId: "", limit: 25, offset: 0, q: undefined });
    await api.get("/admin/list-users", { searchValue: "a&b" });
    expect(calls.map((c) => c.url)).toEqual([
      "/api/auth/dashboard/api/list-api-keys?limit=25&offset=0",
      "/api/auth/admin/list-users?searchValue=a%26b",
    ]);
    expect(calls[0]?.init.credentials).toBe("same-origin");
  });

  it("posts JSON with the session cookie", async () => {
    answer(200, { success: true });
    const result = await createApi("/api/auth", "/dashboard").post("/admin/ban-user", { userId: "u1" });
    expect(result).toEqual({ success: true });
    expect(calls[0]?.init.method).toBe("POST");
    expect(calls[0]?.init.body).toBe('{"userId":"u1"}');
    expect(new Headers(calls[0]?.init.headers).get("content-type")).toBe("application/json");
  });

  it("turns an error answer into its code and message", async () => {
    answer(403, { code: "CANNOT_BAN_YOURSELF", message: "You cannot ban yourself" });
    const failure = await createApi("/api/auth", "/dashboard")
      .post("/admin/ban-user", { userId: "me" })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(errorOf(failure)).toEqual({ code: "CANNOT_BAN_YOURSELF", message: "You cannot ban yourself" });
    expect((failure as ApiError).status).toBe(403);
  });

  it("reports a non-JSON error page by its status", async () => {
    answer(502, "<html>Bad gateway</html>", "text/html");
    const failure = await createApi("/api/auth", "/dashboard")
      .get("/admin/list-users")
      .catch((e: unknown) => e);
    expect(errorOf(failure).code).toBe("HTTP_502");
  });

  it("reports an unreachable server as NETWORK_ERROR", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("fetch failed");
      }),
    );
    const failure = await createApi("/api/auth", "/dashboard")
      .get("/admin/list-users")
      .catch((e: unknown) => e);
    expect(errorOf(failure).code).toBe("NETWORK_ERROR");
  });
});
