// An oversized body always gets its 413 (issue 25): the server answers while the client is still
// writing, so it must keep reading (and discarding) until the body ends before it closes, or the
// client's write fails (EPIPE) before it reads the answer. Real node:http server, raw TCP client.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LINGER_MAX_BYTES, LINGER_MS } from "./drain-unread-body.js";
import { toNodeHandler } from "./node.js";
import { findBadOversizedAnswers, isCleanOversizedAnswer, oversizedCases } from "./testing/oversized-body-loop.js";
import { sendLargeBody } from "./testing/send-large-body.js";
import { makeTestAuth } from "./testing/make-test-auth.js";

const MB = 1024 * 1024;
const servers: Server[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise<void>((r) => s.close(() => r()));
    }),
  );
});

async function listen(): Promise<number> {
  const server = createServer(toNodeHandler(makeTestAuth()));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
}

describe("toNodeHandler and a body over maxBodySize", () => {
  it("answers 413 PAYLOAD_TOO_LARGE to 200 clients still sending 2 MB, 20 MB or slow chunked bodies", async () => {
    const port = await listen();
    const bad = await findBadOversizedAnswers(port, oversizedCases(200));
    // The failures in full: which kind of body, which framing, and what the client saw.
    expect(bad.map((b) => ({ ...b, got: { ...b.got, body: b.got.body?.slice(0, 80) } }))).toEqual([]);
  }, 120_000);

  it("answers a refusal sent before the body was read (cross-site, 2 MB) the same way", async () => {
    const port = await listen();
    for (const close of [true, false]) {
      const got = await sendLargeBody({
        port,
        path: "/api/auth/sign-in/email",
        bytes: 2 * MB,
        chunked: !close,
        close,
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      });
      expect(got.error).toBeUndefined();
      expect(got.status).toBe(403);
      expect(got.headers.connection).toBe("close");
      expect(got.closedByServer).toBe(true);
    }
  });

  it("survives clients that reset the connection while their body drains, and keeps serving", async () => {
    const port = await listen();
    for (const chunked of [true, false]) {
      const got = await sendLargeBody({
        port,
        path: "/api/auth/sign-in/email",
        bytes: 20 * MB,
        chunked,
        close: false,
        resetOnAnswer: true,
      });
      expect(got.status).toBe(413);
    }
    const session = await fetch(`http://127.0.0.1:${port}/api/auth/get-session`);
    expect(session.status).toBe(200);
  });

  it("cuts a client that never stops sending once LINGER_MAX_BYTES were discarded", async () => {
    const port = await listen();
    for (const chunked of [true, false]) {
      const got = await sendLargeBody({
        port,
        path: "/api/auth/sign-in/email",
        bytes: Infinity,
        chunked,
        close: false,
      });
      // The answer was read before the cut; then the server closed the connection on the sender.
      expect(got.error).toBeUndefined();
      expect(got.status).toBe(413);
      expect(got.closedByServer).toBe(true);
      // It read the bound's worth (the 1 MiB limit, then the drain) and no more: what the client wrote
      // past that sat in socket buffers (a few MiB on loopback) when the connection was cut.
      expect(got.sent).toBeGreaterThan(LINGER_MAX_BYTES);
      expect(got.sent).toBeLessThan(LINGER_MAX_BYTES + MB + 32 * MB);
    }
  }, 60_000);

  it("cuts a client that stalls mid-body once LINGER_MS have passed", async () => {
    const port = await listen();
    // Only the linger timer is faked: the sockets, and node's own timers, stay real.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let answered = () => {};
    const answer = new Promise<void>((r) => {
      answered = r;
    });
    const pending = sendLargeBody({
      port,
      path: "/api/auth/sign-in/email",
      bytes: 2 * MB,
      stallAfter: 1.5 * MB,
      chunked: false,
      // Keep-alive: only the bound, not the client's own Connection: close, may end this connection.
      close: false,
      onAnswer: () => answered(),
    });
    await answer;
    // Without the bound this would wait forever (the test's timeout): the stalled client is the one
    // that never finishes its body.
    vi.advanceTimersByTime(LINGER_MS);
    const got = await pending;
    expect(isCleanOversizedAnswer(got)).toBe(true);
    expect(got.sent).toBe(1.5 * MB);
  });
});
