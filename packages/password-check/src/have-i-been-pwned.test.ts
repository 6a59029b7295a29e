import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lookupPwnedPassword } from "./have-i-been-pwned.js";
import { createTestClient, makeCheckAuth, newEmail, STRONG_PASSWORD, seededRandom } from "./test-helpers.js";

const sha1 = (s: string) => createHash("sha1").update(s, "utf8").digest("hex").toUpperCase();

type Mode = "padded" | "hang" | "hang-body" | "500" | "garbage" | "huge";
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  bodyBytes: number;
}

/** A stand-in for api.pwnedpasswords.com: `breached` maps a password to its count. */
let mode: Mode = "padded";
const breached = new Map<string, number>();
const seen: Seen[] = [];
const open = new Set<ServerResponse>();
let server: Server;
let endpoint: string;

function answer(req: IncomingMessage, res: ServerResponse, bodyBytes: number) {
  seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, bodyBytes });
  const prefix = /^\/range\/([0-9A-F]{5})$/.exec(req.url ?? "")?.[1];
  if (mode === "hang") return void open.add(res);
  if (mode === "500") return void res.writeHead(500).end("oops");
  if (mode === "garbage") return void res.writeHead(200, { "content-type": "text/html" }).end("<html>hi</html>");
  if (mode === "huge") {
    res.writeHead(200);
    const line = `${"0".repeat(35)}:1\r\n`.repeat(1000);
    for (let i = 0; i < 40; i++) res.write(line);
    return void res.end();
  }
  if (!prefix) return void res.writeHead(400).end("bad prefix");
  const lines: string[] = [];
  for (const [password, count] of breached) {
    const h = sha1(password);
    if (h.startsWith(prefix)) lines.push(`${h.slice(5)}:${count}`);
  }
  // Padding as the real API does it: random suffixes with a count of 0.
  const random = seededRandom(prefix.charCodeAt(0));
  for (let i = 0; i < 800; i++) {
    let s = "";
    for (let j = 0; j < 35; j++) s += "0123456789ABCDEF"[Math.floor(random() * 16)];
    lines.push(`${s}:0`);
  }
  if (mode === "hang-body") {
    res.writeHead(200);
    res.write(`${lines.slice(0, 10).join("\r\n")}\r\n`);
    return void open.add(res);
  }
  res.writeHead(200, { "content-type": "text/plain" }).end(lines.join("\r\n"));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let bodyBytes = 0;
    req.on("data", (c: Buffer) => (bodyBytes += c.length));
    req.on("end", () => answer(req, res, bodyBytes));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/range/`;
});
afterAll(async () => {
  for (const res of open) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mode = "padded";
  seen.length = 0;
  breached.clear();
  for (const res of open) res.destroy();
  open.clear();
});

const hibpAuth = (extra: { timeoutMs?: number; minCount?: number } = {}) =>
  makeCheckAuth({ commonPasswords: false, haveIBeenPwned: { enabled: true, endpoint, timeoutMs: 2000, ...extra } });
const signUp = (env: ReturnType<typeof hibpAuth>, password: string) =>
  createTestClient(env.auth).post("/sign-up/email", { name: "Pat", email: newEmail(), password });

describe("Have I Been Pwned", () => {
  it("refuses a breached password, sending only the first five hex characters of its SHA-1", async () => {
    const password = "breached-but-long-enough";
    breached.set(password, 42);
    const env = hibpAuth();
    const r = await signUp(env, password);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "PASSWORD_COMPROMISED", reason: "breached" });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.method).toBe("GET");
    expect(request?.url).toBe(`/range/${sha1(password).slice(0, 5)}`);
    expect(request?.url).toMatch(/^\/range\/[0-9A-F]{5}$/);
    expect(request?.bodyBytes).toBe(0);
    expect(request?.headers["add-padding"]).toBe("true");
    // Nothing else about the password travels: no header carries it or more of its hash.
    const everything = JSON.stringify(request);
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(sha1(password).slice(5, 12));
  });

  it("allows a password the range does not list, and ignores padding entries", async () => {
    const env = hibpAuth();
    breached.set("someone-elses-password", 3);
    const r = await signUp(env, STRONG_PASSWORD);
    expect(r.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(env.warnings).toEqual([]);
  });

  it("never matches padding (count 0) even when the suffix is the password's", async () => {
    const password = "padded-suffix-password";
    breached.set(password, 0);
    const r = await signUp(hibpAuth(), password);
    expect(r.status).toBe(200);
  });

  it("refuses only from minCount sightings on", async () => {
    breached.set("seen-five-times-only", 5);
    breached.set("seen-ten-times-exactly", 10);
    const env = hibpAuth({ minCount: 10 });
    expect((await signUp(env, "seen-five-times-only")).status).toBe(200);
    expect((await signUp(env, "seen-ten-times-exactly")).body.code).toBe("PASSWORD_COMPROMISED");
  });

  it.each([
    ["hang", "timeout"],
    ["hang-body", "timeout"],
    ["500", "http-status"],
    ["garbage", "malformed"],
    ["huge", "too-large"],
  ] as const)("a %s answer allows the password and logs one warning (%s)", async (m, reason) => {
    mode = m;
    const password = "allowed-when-hibp-fails";
    breached.set(password, 100);
    const env = hibpAuth({ timeoutMs: 300 });
    const r = await signUp(env, password);
    expect(r.status).toBe(200);
    expect(env.warnings).toEqual([
      `password-check: Have I Been Pwned lookup failed (${reason}); the password was allowed`,
    ]);
    expect(env.warnings.join()).not.toContain(sha1(password).slice(0, 5));
  });

  it("an unreachable endpoint is a network failure, allowed and logged", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const found = await lookupPwnedPassword("whatever-password", {
      endpoint: `http://127.0.0.1:${port}/range/`,
      timeoutMs: 2000,
    });
    expect(found).toEqual({ status: "failed", reason: "network" });
  });

  it("hashes the password as UTF-8, whatever its characters", async () => {
    const random = seededRandom(7);
    const alphabet = ["a", "Z", "9", " ", "é", "ß", "€", "😀", "\u0301", "ｐ", ":", "\n"];
    for (let i = 0; i < 25; i++) {
      let password = "";
      const length = 1 + Math.floor(random() * 30);
      for (let j = 0; j < length; j++) password += alphabet[Math.floor(random() * alphabet.length)];
      breached.clear();
      breached.set(password, i + 1);
      const found = await lookupPwnedPassword(password, { endpoint, timeoutMs: 2000 });
      expect(found, JSON.stringify(password)).toEqual({ status: "found", count: i + 1 });
    }
  });
});
