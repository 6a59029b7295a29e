// Every statement the SCIM routes send, planned by SQLite: none may read a table whole (a full scan, or a
// whole index without a LIMIT). SQLite without statistics picks an index whenever one fits the WHERE
// clause, so a small store shows whether each query has one. The statements are captured while Okta's
// and Entra's request sequences, filtered and sorted lists, and token management run over HTTP.
import { kyselyAdapter } from "@gatehouse-auth/kysely";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { newOrganization, patchOp, startScimServer } from "../src/test-helpers.js";
import { ENTRA_REQUESTS } from "./fixtures/entra-requests.js";
import { OKTA_REQUESTS } from "./fixtures/okta-requests.js";
import { runSteps } from "./run-steps.js";

const db = new Database(":memory:");
const sent = new Map<string, readonly unknown[]>();
let recording = false;
let server: Awaited<ReturnType<typeof startScimServer>>;

beforeAll(async () => {
  server = await startScimServer(
    {},
    {
      database: kyselyAdapter({
        database: db,
        onQuery: (sql, parameters) => {
          if (recording && !sent.has(sql)) sent.set(sql, parameters);
        },
      }),
    },
  );
  await server.auth.$context.adapter.migrate?.();
});
afterAll(async () => {
  await server.close();
  db.close();
});

/** The tables a statement reads whole, in SQLite's words. */
function fullScans(sql: string, parameters: readonly unknown[]): string[] {
  const rows = db.prepare(`explain query plan ${sql}`).all(...(parameters as unknown[])) as { detail: string }[];
  return rows
    .map((r) => r.detail)
    .filter((detail) => {
      const m = /^SCAN (\S+)(?: AS \S+)?( USING (?:COVERING )?INDEX \S+)?$/.exec(detail);
      // sqlite_master: the start-up schema check reads the catalogue, once.
      return m !== null && !m[1]?.startsWith("sqlite_") && (!m[2] || !/\blimit\b/i.test(sql));
    });
}

it("no statement of the SCIM routes scans a table", async () => {
  recording = true;
  try {
    const org = await newOrganization(server);
    await runSteps(org.scim, OKTA_REQUESTS);
    const other = await newOrganization(server);
    await runSteps(other.scim, ENTRA_REQUESTS);
    const u = await org.scim.get("/Users?filter=userName%20co%20%22okta%22&sortBy=displayName&sortOrder=descending");
    expect(u.status).toBe(200);
    for (const filter of [
      'externalId eq "x"',
      'emails[type eq "work"].value eq "a@b.test"',
      'displayName sw "T"',
      'displayName eq "Test User"',
      'meta.created gt "2020-01-01T00:00:00Z"',
      "active eq false or name.familyName pr",
    ])
      expect((await org.scim.get(`/Users?filter=${encodeURIComponent(filter)}&sortBy=meta.lastModified`)).status).toBe(
        200,
      );
    const id = (await org.scim.get("/Users")).body.Resources[0].id;
    await org.scim.patch(`/Users/${id}`, patchOp({ op: "replace", path: "active", value: false }));
    await org.scim.delete(`/Users/${id}`);
    expect((await org.scim.get("/Groups?filter=externalId%20eq%20%22x%22&sortBy=displayName")).status).toBe(200);
    // /Bulk runs the single routes' statements, bulkIds resolved.
    const bulk = await org.scim.post("/Bulk", {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:BulkRequest"],
      Operations: [
        { method: "POST", path: "/Users", bulkId: "u", data: { userName: "bulk-plan@example.com" } },
        {
          method: "POST",
          path: "/Groups",
          bulkId: "g",
          data: { displayName: "Plan", members: [{ value: "bulkId:u" }] },
        },
        { method: "PATCH", path: "/Users/bulkId:u", data: patchOp({ op: "replace", path: "active", value: false }) },
        { method: "DELETE", path: "/Groups/bulkId:g" },
        { method: "DELETE", path: "/Users/bulkId:u" },
      ],
    });
    expect(bulk.body.Operations.map((o: { status: string }) => o.status)).toEqual(["201", "201", "200", "204", "204"]);
  } finally {
    recording = false;
  }
  expect(sent.size).toBeGreaterThan(30);
  const findings: { sql: string; scans: string[] }[] = [];
  for (const [sql, parameters] of sent) {
    if (!/^\s*(select|update|delete|with)\b/i.test(sql)) continue;
    // Core's voidResetTokens (also run by change-password and change-email) matches the identifier with
    // lower(…) LIKE, which no index serves: core's to fix, reported with the SCIM work (issue 29).
    if (/^delete from "verification" where \(lower\("verification"\."identifier"\) like/.test(sql)) continue;
    const scans = fullScans(sql, parameters);
    if (scans.length > 0) findings.push({ sql, scans });
  }
  expect(findings).toEqual([]);
});
