// ETags (RFC 7644 §3.14): meta.version and the ETag header on Users and Groups, If-None-Match on reads,
// If-Match on PUT, PATCH and DELETE, over HTTP as an identity provider sends them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOrganization, patchOp, startScimServer } from "./test-helpers.js";

let server: Awaited<ReturnType<typeof startScimServer>>;
beforeAll(async () => {
  server = await startScimServer();
});
afterAll(() => server.close());

let n = 0;
const userBody = (extra: Record<string, unknown> = {}) => {
  const userName = `etag-${++n}-${Math.random().toString(36).slice(2)}@acme.test`;
  return {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
    userName,
    emails: [{ value: userName, primary: true }],
    ...extra,
  };
};
const groupBody = (displayName: string, members: string[] = []) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
  displayName,
  members: members.map((value) => ({ value })),
});
const rename = (givenName: string) => patchOp({ op: "replace", path: "name.givenName", value: givenName });

describe("SCIM ETags (RFC 7644 §3.14)", () => {
  it("every User answer carries meta.version as a weak ETag, and each write changes it", async () => {
    const org = await newOrganization(server);
    const created = await org.scim.post("/Users", userBody());
    expect(created.status).toBe(201);
    const v1 = created.body.meta.version;
    expect(v1).toMatch(/^W\/"[^"]+"$/);
    expect(created.headers.get("etag")).toBe(v1);
    const read = await org.scim.get(`/Users/${created.body.id}`);
    expect(read.headers.get("etag")).toBe(v1);
    expect(read.body.meta.version).toBe(v1);
    const listed = await org.scim.get("/Users");
    expect(listed.body.Resources[0].meta.version).toBe(v1);
    // Two writes back to back (same millisecond or not) give two new versions.
    const p1 = await org.scim.patch(`/Users/${created.body.id}`, rename("A"));
    const p2 = await org.scim.patch(`/Users/${created.body.id}`, rename("B"));
    expect(p1.headers.get("etag")).toBe(p1.body.meta.version);
    expect(new Set([v1, p1.body.meta.version, p2.body.meta.version]).size).toBe(3);
    const put = await org.scim.put(`/Users/${created.body.id}`, { ...userBody(), userName: created.body.userName });
    expect(put.status).toBe(200);
    expect(put.headers.get("etag")).toBe(put.body.meta.version);
    expect(put.body.meta.version).not.toBe(p2.body.meta.version);
  });

  it("GET with If-None-Match naming the current version is 304 with no body; a stale one reads the user", async () => {
    const org = await newOrganization(server);
    const u = (await org.scim.post("/Users", userBody())).body;
    const path = `/Users/${u.id}`;
    const fresh = await org.scim.get(path, { "if-none-match": u.meta.version });
    expect(fresh).toMatchObject({ status: 304, body: null });
    expect(fresh.headers.get("etag")).toBe(u.meta.version);
    // Weak comparison: the same opaque tag without W/ matches too; so does a list holding it, and *.
    expect((await org.scim.get(path, { "if-none-match": u.meta.version.slice(2) })).status).toBe(304);
    expect((await org.scim.get(path, { "if-none-match": `"other", ${u.meta.version}` })).status).toBe(304);
    expect((await org.scim.get(path, { "if-none-match": "*" })).status).toBe(304);
    await org.scim.patch(path, rename("Changed"));
    const stale = await org.scim.get(path, { "if-none-match": u.meta.version });
    expect(stale.status).toBe(200);
    expect(stale.body.name.givenName).toBe("Changed");
    expect(stale.headers.get("etag")).not.toBe(u.meta.version);
  });

  it("PUT, PATCH and DELETE with a stale If-Match are 412 and change nothing; the current one goes through", async () => {
    const org = await newOrganization(server);
    const u = (await org.scim.post("/Users", userBody({ name: { givenName: "Orig" } }))).body;
    const path = `/Users/${u.id}`;
    const current = (await org.scim.patch(path, rename("Second"))).body.meta.version;
    const stale = { "if-match": u.meta.version };
    for (const [method, body] of [
      ["PATCH", rename("Lost")],
      ["PUT", { ...userBody({ name: { givenName: "Lost" } }), userName: u.userName }],
      ["DELETE", undefined],
    ] as const) {
      const r = await org.scim.request(method, path, body, stale);
      expect({ method, status: r.status }).toEqual({ method, status: 412 });
      expect(r.body).toMatchObject({
        schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
        status: "412",
        code: "PRECONDITION_FAILED",
      });
    }
    // A forged tag fails the same way.
    expect((await org.scim.request("PATCH", path, rename("Lost"), { "if-match": 'W/"forged"' })).status).toBe(412);
    const after = await org.scim.get(path);
    expect(after.body.name.givenName).toBe("Second");
    expect(after.body.meta.version).toBe(current);
    const ok = await org.scim.request("PATCH", path, rename("Third"), { "if-match": current });
    expect(ok.status).toBe(200);
    const okPut = await org.scim.request(
      "PUT",
      path,
      { ...userBody({ name: { givenName: "Fourth" } }), userName: u.userName },
      { "if-match": ok.body.meta.version },
    );
    expect(okPut.status).toBe(200);
    expect((await org.scim.request("DELETE", path, undefined, { "if-match": okPut.body.meta.version })).status).toBe(
      204,
    );
    expect((await org.scim.get(path)).status).toBe(404);
  });

  it("If-Match: * writes an existing resource; another organization's id is 404 whatever the tag", async () => {
    const org = await newOrganization(server);
    const other = await newOrganization(server);
    const u = (await org.scim.post("/Users", userBody())).body;
    const path = `/Users/${u.id}`;
    expect((await org.scim.request("PATCH", path, rename("Star"), { "if-match": "*" })).status).toBe(200);
    // Neither a matching nor a non-matching tag tells another organization the user exists (no 412, no 304).
    const latest = (await org.scim.get(path)).body.meta.version;
    for (const tag of ["*", latest, 'W/"nope"']) {
      expect((await other.scim.request("PATCH", path, rename("X"), { "if-match": tag })).status).toBe(404);
      expect((await other.scim.request("DELETE", path, undefined, { "if-match": tag })).status).toBe(404);
      expect((await other.scim.get(path, { "if-none-match": tag })).status).toBe(404);
    }
    expect((await org.scim.get(path)).body.meta.version).toBe(latest);
  });

  it("malformed If-Match and If-None-Match are 400 invalidSyntax, never ignored", async () => {
    const org = await newOrganization(server);
    const u = (await org.scim.post("/Users", userBody())).body;
    const path = `/Users/${u.id}`;
    const bare = u.meta.version.slice(3, -1);
    for (const value of [
      bare,
      'W/"unterminated',
      '"a" "b"',
      "W/",
      '"a",,"b"',
      `"${"x".repeat(3000)}"`,
      '"with"quote"',
    ]) {
      for (const [method, header] of [
        ["PATCH", "if-match"],
        ["DELETE", "if-match"],
        ["GET", "if-none-match"],
      ] as const) {
        const r = await org.scim.request(method, path, method === "PATCH" ? rename("Bad") : undefined, {
          [header]: value,
        });
        expect({ value: value.slice(0, 20), method, status: r.status, scimType: r.body?.scimType }).toEqual({
          value: value.slice(0, 20),
          method,
          status: 400,
          scimType: "invalidSyntax",
        });
      }
    }
    expect((await org.scim.get(path)).body.meta.version).toBe(u.meta.version);
  });

  it("two PATCHes with the same If-Match: one 200, the other 412 (no lost update)", async () => {
    const org = await newOrganization(server);
    const u = (await org.scim.post("/Users", userBody())).body;
    const rs = await Promise.all(
      ["One", "Two"].map((name) =>
        org.scim.request("PATCH", `/Users/${u.id}`, rename(name), { "if-match": u.meta.version }),
      ),
    );
    expect(rs.map((r) => r.status).sort()).toEqual([200, 412]);
  });

  it("Groups: versions change with renames and members, a member's deactivation included", async () => {
    const org = await newOrganization(server);
    const a = (await org.scim.post("/Users", userBody())).body;
    const b = (await org.scim.post("/Users", userBody())).body;
    const g = await org.scim.post("/Groups", groupBody("Etag team", [a.id, b.id]));
    expect(g.status).toBe(201);
    expect(g.headers.get("etag")).toBe(g.body.meta.version);
    const path = `/Groups/${g.body.id}`;
    expect((await org.scim.get(path, { "if-none-match": g.body.meta.version })).status).toBe(304);
    expect((await org.scim.get(`${path}?excludedAttributes=members`)).headers.get("etag")).toBe(g.body.meta.version);
    // The directory deactivates a member: the team loses them, so the Group is a new version.
    await org.scim.patch(`/Users/${a.id}`, patchOp({ op: "replace", path: "active", value: false }));
    const afterDeactivation = await org.scim.get(path, { "if-none-match": g.body.meta.version });
    expect(afterDeactivation.status).toBe(200);
    expect(afterDeactivation.body.members.map((m: { value: string }) => m.value)).toEqual([b.id]);
    const stale = await org.scim.request(
      "PATCH",
      path,
      patchOp({ op: "replace", path: "displayName", value: "Stale rename" }),
      { "if-match": g.body.meta.version },
    );
    expect(stale).toMatchObject({ status: 412, body: { status: "412" } });
    const v2 = afterDeactivation.body.meta.version;
    const renamed = await org.scim.request(
      "PATCH",
      path,
      patchOp({ op: "replace", path: "displayName", value: "Renamed" }),
      { "if-match": v2 },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get("etag")).not.toBe(v2);
    expect((await org.scim.request("PUT", path, groupBody("Put"), { "if-match": v2 })).status).toBe(412);
    expect((await org.scim.request("DELETE", path, undefined, { "if-match": v2 })).status).toBe(412);
    const put = await org.scim.request("PUT", path, groupBody("Put", [b.id]), {
      "if-match": renamed.body.meta.version,
    });
    expect(put.status).toBe(200);
    expect((await org.scim.request("DELETE", path, undefined, { "if-match": put.body.meta.version })).status).toBe(204);
  });
});
