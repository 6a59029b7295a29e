// Issue 25 through a real Fastify 5 server: the plugin reads bodies itself (Fastify's own bodyLimit
// and parsers do not apply in its scope), so a body over maxBodySize gets Gatehouse's 413 JSON, read by
// a client still writing, and the connection is closed after it (see ../node-large-body.test.ts).
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { LINGER_MAX_BYTES } from "../drain-unread-body.js";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { findBadOversizedAnswers, isCleanOversizedAnswer, oversizedCases } from "../testing/oversized-body-loop.js";
import { sendLargeBody } from "../testing/send-large-body.js";
import { toFastifyPlugin } from "./fastify.js";

const MB = 1024 * 1024;
const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function start(): Promise<number> {
  // Fastify's own limit set below the body sizes sent, and below Gatehouse's: neither it nor its
  // FST_ERR_CTP_BODY_TOO_LARGE answer may show up on the auth routes.
  const app = Fastify({ bodyLimit: 1024 });
  apps.push(app);
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("x-app", "yes");
  });
  app.register(toFastifyPlugin(makeTestAuth()));
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("toFastifyPlugin and a body over maxBodySize", () => {
  it("answers 413 PAYLOAD_TOO_LARGE to 200 clients still sending 2 MB, 20 MB or slow chunked bodies", async () => {
    const port = await start();
    const bad = await findBadOversizedAnswers(port, oversizedCases(200));
    expect(bad.map((b) => ({ ...b, got: { ...b.got, body: b.got.body?.slice(0, 80) } }))).toEqual([]);
  }, 180_000);

  it("keeps the app's hooks (onRequest headers) on that answer", async () => {
    const port = await start();
    const got = await sendLargeBody({
      port,
      path: "/api/auth/sign-in/email",
      bytes: 2 * MB,
      chunked: true,
      close: true,
    });
    expect(isCleanOversizedAnswer(got)).toBe(true);
    expect(got.headers["x-app"]).toBe("yes");
    expect(got.headers["content-type"]).toContain("application/json");
  });

  it("cuts a client that never stops sending once LINGER_MAX_BYTES were discarded", async () => {
    const port = await start();
    const got = await sendLargeBody({
      port,
      path: "/api/auth/sign-in/email",
      bytes: Infinity,
      chunked: true,
      close: false,
    });
    expect(got.error).toBeUndefined();
    expect(got.status).toBe(413);
    expect(got.closedByServer).toBe(true);
    // What the client wrote past the bound sat in socket buffers when the connection was cut.
    expect(got.sent).toBeGreaterThan(LINGER_MAX_BYTES);
    expect(got.sent).toBeLessThan(LINGER_MAX_BYTES + MB + 32 * MB);
  }, 60_000);
});
