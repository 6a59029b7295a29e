import { createServer, type Server } from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineEndpoint } from "./api/define-endpoint.js";
import { toNodeHandler } from "./node.js";
import { definePlugin } from "./plugins/plugin-types.js";
import { makeTestAuth } from "./testing/make-test-auth.js";

function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const sock = net.connect(port, "127.0.0.1", () => sock.write(text));
    let data = "";
    sock.on("data", (d) => {
      data += d;
    });
    sock.on("close", () => resolve(data));
    sock.on("error", () => resolve(data));
    setTimeout(() => sock.destroy(), 1500);
  });
}

describe("toNodeHandler", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const auth = makeTestAuth({ advanced: { maxBodySize: 2048 } });
    const handler = toNodeHandler(auth);
    server = createServer((req, res) => handler(req, res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const url = (path: string) => `http://127.0.0.1:${port}${path}`;

  it("sends a large body whole, with the byte length of its UTF-8 (non-ASCII included)", async () => {
    const text = "é😀x".repeat(3000);
    const big = defineEndpoint({ method: "GET", path: "/big" }, async () => ({ text }));
    const auth = makeTestAuth({ plugins: [definePlugin({ id: "big", endpoints: { big } })] });
    const handler = toNodeHandler(auth);
    const other = createServer((req, res) => handler(req, res));
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
    try {
      const res = await fetch(`http://127.0.0.1:${(other.address() as net.AddressInfo).port}/api/auth/big`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
      expect(bytes.length).toBe(Buffer.byteLength(JSON.stringify({ text })));
      expect(JSON.parse(bytes.toString("utf8"))).toEqual({ text });
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.headers.get("transfer-encoding")).toBeNull();
      // Small answers carry their length too.
      const ok = await fetch(url("/api/auth/ok"));
      expect(Number(ok.headers.get("content-length"))).toBe(Buffer.byteLength(await ok.text()));
    } finally {
      await new Promise<void>((r) => other.close(() => r()));
    }
  });

  it("serves the auth routes and 404s outside the base path", async () => {
    expect(await (await fetch(url("/api/auth/ok"))).json()).toEqual({ ok: true });
    expect((await fetch(url("/elsewhere"))).status).toBe(404);
    expect((await fetch(url("/api/authx/ok"))).status).toBe(404);
  });

  it("answers odd methods, malformed Host headers and absolute-form targets without crashing", async () => {
    expect(await raw(port, "TRACE /api/auth/ok HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 40[45]/,
    );
    expect(await raw(port, "GET /api/auth/ok HTTP/1.1\r\nHost: evil.com/<x>\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 400/,
    );
    expect(
      await raw(
        port,
        `GET http://127.0.0.1:${port}/api/auth/ok HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      ),
    ).toMatch(/^HTTP\/1\.1 200/);
    expect((await fetch(url("/api/auth/ok"))).status).toBe(200);
  });

  it("caps the body size with 413 and keeps serving", async () => {
    const r = await fetch(url("/api/auth/sign-up/email"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(5000), email: "a@example.com", password: "password-123" }),
    });
    expect(r.status).toBe(413);
    expect((await fetch(url("/api/auth/ok"))).status).toBe(200);
  });

  it("sets cookies through node and reads them back", async () => {
    const r = await fetch(url("/api/auth/sign-up/email"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "N", email: "node@example.com", password: "password-123" }),
    });
    const cookie = r.headers.getSetCookie()[0]!.split(";")[0]!;
    const s = await fetch(url("/api/auth/get-session"), { headers: { cookie } });
    expect((await s.json()).user.email).toBe("node@example.com");
  });
});
