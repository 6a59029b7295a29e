// The Okta and Entra request sequences, and the races an identity provider's bursts cause, on the shared
// PostgreSQL and MariaDB servers (each suite in a private schema / database, dropped afterwards). SQLite is
// covered by provisioning-fixtures.test.ts and query-plans.test.ts; these show what differs on servers
// that compare strings case-sensitively (PostgreSQL) or order them by collation (MariaDB), and whose
// unique indexes are hit by truly concurrent transactions.
import { kyselyAdapter } from "@gatehouse-auth/kysely";
import { afterAll, describe, expect } from "vitest";
import { openMysql, openPostgres, useTestDatabase } from "../../kysely/src/test-databases.js";
import { newOrganization, patchOp, startScimServer } from "../src/test-helpers.js";
import { ENTRA_REQUESTS } from "./fixtures/entra-requests.js";
import { OKTA_REQUESTS } from "./fixtures/okta-requests.js";
import { runSteps } from "./run-steps.js";

const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
/** A User body; a userName that is no address gets one (the account needs an email). */
const user = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER],
  userName,
  ...(userName.includes("@")
    ? {}
    : { emails: [{ value: `${userName}-${Math.random().toString(36).slice(2)}@example.com`, primary: true }] }),
  ...extra,
});

for (const [name, open] of [
  ["PostgreSQL", openPostgres],
  ["MariaDB", openMysql],
] as const) {
  describe(`SCIM provisioning on ${name}`, () => {
    let server: Awaited<ReturnType<typeof startScimServer>> | undefined;
    const { test } = useTestDatabase(`SCIM provisioning on ${name}`, open, async (database) => {
      server = await startScimServer({}, { database: kyselyAdapter({ database: database as never }) });
      await server.auth.$context.adapter.migrate?.();
    });
    const s = () => server as NonNullable<typeof server>;
    // Registered after useTestDatabase's afterAll so the server closes before the schema is dropped
    // (vitest runs afterAll hooks in reverse order).
    afterAll(() => server?.close());

    test("Okta's request sequence", async () => {
      const org = await newOrganization(s());
      const vars = await runSteps(org.scim, OKTA_REQUESTS);
      expect(vars.userId).toBeTruthy();
    });

    test("Microsoft Entra ID's request sequence", async () => {
      const org = await newOrganization(s());
      await runSteps(org.scim, ENTRA_REQUESTS);
    });

    test("userName and email filters compare case-insensitively (caseExact false, RFC 7643 §4.1)", async () => {
      const org = await newOrganization(s());
      const created = await org.scim.post(
        "/Users",
        user("Ada.Lovelace@Example.COM", { emails: [{ value: "Ada.Lovelace@Example.COM", primary: true }] }),
      );
      expect(created.status).toBe(201);
      for (const filter of [
        'userName eq "ada.lovelace@example.com"',
        'userName eq "ADA.LOVELACE@EXAMPLE.COM"',
        'userName sw "ADA."',
        'userName co "LOVELACE"',
        'userName ew "EXAMPLE.com"',
        'emails.value eq "ADA.lovelace@example.com"',
        'emails[value eq "ada.LOVELACE@example.com"]',
        'emails co "LOVELACE"',
      ]) {
        const r = await org.scim.get(`/Users?filter=${encodeURIComponent(filter)}`);
        expect({ filter, status: r.status, ids: r.body.Resources?.map((u: { id: string }) => u.id) }).toEqual({
          filter,
          status: 200,
          ids: [created.body.id],
        });
      }
      // A different case of the same userName is the same userName.
      const again = await org.scim.post("/Users", user("ada.lovelace@example.com"));
      expect(again).toMatchObject({ status: 409, body: { scimType: "uniqueness" } });
    });

    test("displayName, name and emails.type filters compare case-insensitively; externalId exactly (RFC 7643 §8.7.1)", async () => {
      const org = await newOrganization(s());
      const created = await org.scim.post(
        "/Users",
        user("grace", {
          externalId: "Ext-7",
          displayName: "Test User",
          name: { givenName: "Grace", familyName: "Hopper" },
          emails: [{ value: `grace-${Date.now()}@example.com`, type: "Work", primary: true }],
        }),
      );
      expect(created.status).toBe(201);
      const ids = async (filter: string) =>
        (await org.scim.get(`/Users?filter=${encodeURIComponent(filter)}`)).body.Resources.map(
          (u: { id: string }) => u.id,
        );
      for (const filter of [
        'displayName eq "test user"',
        'displayName eq "TEST USER"',
        'displayName sw "test"',
        'name.givenName eq "grace"',
        'name.familyName eq "HOPPER"',
        'emails[type eq "work"]',
        'externalId eq "Ext-7"',
      ])
        expect({ filter, ids: await ids(filter) }).toEqual({ filter, ids: [created.body.id] });
      expect(await ids('displayName ne "test user" and displayName pr')).toEqual([]);
      expect(await ids('externalId eq "ext-7"')).toEqual([]);
      // The stored values keep their case.
      expect(created.body).toMatchObject({ displayName: "Test User", emails: [{ type: "Work" }] });
    });

    test("sortBy userName orders case-insensitively, both directions", async () => {
      const org = await newOrganization(s());
      for (const n of ["bob", "Carol", "alice", "Dave"])
        expect((await org.scim.post("/Users", user(n))).status).toBe(201);
      const names = async (order: string) =>
        (await org.scim.get(`/Users?sortBy=userName&sortOrder=${order}`)).body.Resources.map(
          (u: { userName: string }) => u.userName,
        );
      expect(await names("ascending")).toEqual(["alice", "bob", "Carol", "Dave"]);
      expect(await names("descending")).toEqual(["Dave", "Carol", "bob", "alice"]);
    });

    test("concurrent POST /Users with one userName: one 201, the rest 409 uniqueness, never a 500", async () => {
      const org = await newOrganization(s());
      const rs = await Promise.all(
        ["race@example.com", "RACE@example.com", "race@example.com", "Race@Example.com"].map((n) =>
          org.scim.post("/Users", user(n)),
        ),
      );
      expect(rs.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
      for (const r of rs.filter((r) => r.status === 409)) expect(r.body.scimType).toBe("uniqueness");
      const list = await org.scim.get(`/Users?filter=${encodeURIComponent('userName eq "race@example.com"')}`);
      expect(list.body.totalResults).toBe(1);
    });

    test("concurrent renames to one userName: one 200, the other 409", async () => {
      const org = await newOrganization(s());
      const a = (await org.scim.post("/Users", user("first"))).body.id;
      const b = (await org.scim.post("/Users", user("second"))).body.id;
      const rs = await Promise.all(
        [a, b].map((id) => org.scim.patch(`/Users/${id}`, patchOp({ op: "replace", path: "userName", value: "Same" }))),
      );
      expect(rs.map((r) => r.status).sort()).toEqual([200, 409]);
    });

    test("concurrent PATCHes with one If-Match: one 200, the other 412 (the check runs under the lock)", async () => {
      const org = await newOrganization(s());
      const u = (await org.scim.post("/Users", user("etag-race"))).body;
      const rs = await Promise.all(
        ["One", "Two", "Three"].map((value) =>
          org.scim.request("PATCH", `/Users/${u.id}`, patchOp({ op: "replace", path: "displayName", value }), {
            "if-match": u.meta.version,
          }),
        ),
      );
      expect(rs.map((r) => r.status).sort()).toEqual([200, 412, 412]);
      const winner = rs.find((r) => r.status === 200);
      expect((await org.scim.get(`/Users/${u.id}`)).body.meta.version).toBe(winner?.body.meta.version);
    });

    test("a Group's version changes when a member is deactivated; Group names compare case-insensitively", async () => {
      const org = await newOrganization(s());
      const a = (await org.scim.post("/Users", user("member-a"))).body;
      const g = await org.scim.post("/Groups", {
        schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
        displayName: "Platform Team",
        members: [{ value: a.id }],
      });
      expect(g.status).toBe(201);
      const found = await org.scim.get(`/Groups?filter=${encodeURIComponent('displayName eq "PLATFORM team"')}`);
      expect(found.body.Resources.map((r: { id: string }) => r.id)).toEqual([g.body.id]);
      expect((await org.scim.get(`/Groups/${g.body.id}`, { "if-none-match": g.body.meta.version })).status).toBe(304);
      await org.scim.patch(`/Users/${a.id}`, patchOp({ op: "replace", path: "active", value: false }));
      const after = await org.scim.get(`/Groups/${g.body.id}`, { "if-none-match": g.body.meta.version });
      expect(after.status).toBe(200);
      expect(after.body.members ?? []).toEqual([]);
      const stale = await org.scim.request("DELETE", `/Groups/${g.body.id}`, undefined, {
        "if-match": g.body.meta.version,
      });
      expect(stale.status).toBe(412);
      const ok = await org.scim.request("DELETE", `/Groups/${g.body.id}`, undefined, {
        "if-match": after.body.meta.version,
      });
      expect(ok.status).toBe(204);
    });

    test("/Bulk: bulkIds resolve (a Group's member), each operation in its own transaction, another organization's ids 404", async () => {
      const org = await newOrganization(s());
      const other = await newOrganization(s());
      const foreign = (await other.scim.post("/Users", user("bulk-foreign"))).body.id;
      const res = await org.scim.post("/Bulk", {
        schemas: ["urn:ietf:params:scim:api:messages:2.0:BulkRequest"],
        Operations: [
          {
            method: "POST",
            path: "/Groups",
            bulkId: "g",
            data: { displayName: "Bulk Team", members: [{ value: "bulkId:u" }] },
          },
          { method: "POST", path: "/Users", bulkId: "u", data: user("bulk-ada") },
          // Same userName in another case: 409, no second account.
          { method: "POST", path: "/Users", bulkId: "dup", data: user("BULK-ADA") },
          // A member of another organization: 400, and no team half-made.
          {
            method: "POST",
            path: "/Groups",
            bulkId: "bad",
            data: { displayName: "Bad", members: [{ value: foreign }] },
          },
          { method: "DELETE", path: `/Users/${foreign}` },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.Operations.map((o: { bulkId?: string; status: string }) => [o.bulkId, o.status])).toEqual([
        ["u", "201"],
        ["g", "201"],
        ["dup", "409"],
        ["bad", "400"],
        [undefined, "404"],
      ]);
      const groups = await org.scim.get("/Groups");
      expect(groups.body.Resources.map((g: { displayName: string }) => g.displayName)).toEqual(["Bulk Team"]);
      const uId = res.body.Operations[0].location.split("/").pop();
      expect(groups.body.Resources[0].members.map((m: { value: string }) => m.value)).toEqual([uId]);
      expect((await org.scim.get("/Users")).body.totalResults).toBe(1);
      expect((await other.scim.get(`/Users/${foreign}`)).status).toBe(200);
    });

    test("another organization's token reaches none of these users", async () => {
      const org = await newOrganization(s());
      const other = await newOrganization(s());
      const id = (await org.scim.post("/Users", user("mine@example.com"))).body.id;
      expect((await other.scim.get(`/Users/${id}`)).status).toBe(404);
      expect(
        (await other.scim.patch(`/Users/${id}`, patchOp({ op: "replace", path: "active", value: false }))).status,
      ).toBe(404);
      expect((await other.scim.delete(`/Users/${id}`)).status).toBe(404);
      const list = await other.scim.get(`/Users?filter=${encodeURIComponent('userName eq "mine@example.com"')}`);
      expect(list.body.totalResults).toBe(0);
    });
  });
}
