// Issue 25 through a real Express 5 app: a body over maxBodySize always gets its 413 JSON, read by a
// client still writing, and the connection is closed after it (see node-large-body.test.ts).
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { toNodeHandler } from "./node.js";
import { makeTestAuth } from "./testing/make-test-auth.js";
import { findBadOversizedAnswers, oversizedCases } from "./testing/oversized-body-loop.js";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise<void>((r) => s.close(() => r()));
    }),
  );
});

describe("toNodeHandler behind Express and a body over maxBodySize", () => {
  it("answers 413 PAYLOAD_TOO_LARGE to 200 clients still sending 2 MB, 20 MB or slow chunked bodies", async () => {
    const app = express();
    // Mounted the way the docs show, with no body parser in front (a parser in front applies its own limit).
    app.use("/api/auth", toNodeHandler(makeTestAuth()));
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise<void>((r) => server.once("listening", () => r()));
    const bad = await findBadOversizedAnswers((server.address() as AddressInfo).port, oversizedCases(200));
    expect(bad.map((b) => ({ ...b, got: { ...b.got, body: b.got.body?.slice(0, 80) } }))).toEqual([]);
  }, 180_000);
});
