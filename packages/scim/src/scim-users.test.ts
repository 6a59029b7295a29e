import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOrganization, patchOp, scimClient, startScimServer } from "./test-helpers.js";

let server: Awaited<ReturnType<typeof startScimServer>>;
beforeAll(async () => {
  server = await startScimServer();
});
afterAll(() => server.close());

const user = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
  userName,
  name: { givenName: "Ada", familyName: "Lovelace" },
  emails: [{ value: userName, type: "work", primary: true }],
  active: true,
  ...extra,
});

const memberOf = (organizationId: string, userId: string) =>
  server.auth.$context.db.findOne({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "userId", value: userId },
    ],
  });

describe("SCIM Users", () => {
  it("creates a user: 201, Location = meta.location, scim+json, an account and a membership", async () => {
    const org = await newOrganization(server);
    const r = await org.scim.post("/Users", user("ada@acme.test", { externalId: "ext-1" }));
    expect(r.status).toBe(201);
    expect(r.headers.get("content-type")).toMatch(/^application\/scim\+json/);
    expect(r.headers.get("location")).toBe(r.body.meta.location);
    expect(r.body.meta.location).toBe(`${server.base}/Users/${r.body.id}`);
    expect(r.body).toMatchObject({ userName: "ada@acme.test", externalId: "ext-1", active: true });
    const got = await org.scim.get(`/Users/${r.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(r.body.id);
    const ctx = server.auth.$context;
    const account = await ctx.users.findByEmail("ada@acme.test");
    expect(account?.emailVerified).toBe(false);
    expect(await memberOf(org.organizationId, account?.id as string)).toMatchObject({ role: "member" });
  });

  it("refuses a duplicate userName (case-insensitive) and an address that already has an account: 409 uniqueness", async () => {
    const org = await newOrganization(server);
    expect((await org.scim.post("/Users", user("bob@acme.test"))).status).toBe(201);
    const dup = await org.scim.post("/Users", user("BOB@acme.test", { emails: [{ value: "bob2@acme.test" }] }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ scimType: "uniqueness", status: "409" });
    expect(dup.body.schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:Error"]);
    // The owner's own account: another directory may not take it over.
    const taken = await org.scim.post("/Users", user(org.owner.email));
    expect(taken.status).toBe(409);
    expect(taken.body.scimType).toBe("uniqueness");
  });

  it('filters with eq (case-insensitive userName), co, sw, pr, and, or, not and emails[type eq "work"]', async () => {
    const org = await newOrganization(server);
    await org.scim.post("/Users", user("carol@acme.test", { externalId: "c1", displayName: "Carol C" }));
    await org.scim.post("/Users", user("dave@acme.test", { externalId: "d1" }));
    await org.scim.post("/Users", user("erin@other.test"));
    const names = async (filter: string) => {
      const r = await org.scim.get(`/Users?filter=${encodeURIComponent(filter)}`);
      expect(r.status).toBe(200);
      return (r.body.Resources as { userName: string }[]).map((u) => u.userName).sort();
    };
    expect(await names('userName eq "CAROL@acme.test"')).toEqual(["carol@acme.test"]);
    expect(await names('externalId eq "d1"')).toEqual(["dave@acme.test"]);
    expect(await names('userName co "acme"')).toEqual(["carol@acme.test", "dave@acme.test"]);
    expect(await names('userName sw "er"')).toEqual(["erin@other.test"]);
    expect(await names("displayName pr")).toEqual(["carol@acme.test"]);
    expect(await names('userName sw "c" or userName sw "d"')).toEqual(["carol@acme.test", "dave@acme.test"]);
    expect(await names('userName co "acme" and externalId eq "c1"')).toEqual(["carol@acme.test"]);
    expect(await names('not (externalId eq "c1") and externalId pr')).toEqual(["dave@acme.test"]);
    expect(await names('emails[type eq "work" and value eq "dave@acme.test"]')).toEqual(["dave@acme.test"]);
    expect(await names('emails.value eq "ERIN@other.test"')).toEqual(["erin@other.test"]);
    // displayName, name.givenName, name.familyName and emails.type are caseExact false (RFC 7643 §8.7.1).
    expect(await names('displayName eq "carol c"')).toEqual(["carol@acme.test"]);
    expect(await names('displayName ne "CAROL C" and displayName pr')).toEqual([]);
    expect(await names('name.givenName eq "ADA" and name.familyName eq "lovelace"')).toHaveLength(3);
    expect(await names('emails[type eq "WORK" and value eq "dave@acme.test"]')).toEqual(["dave@acme.test"]);
    // externalId is caseExact true (RFC 7643 §3.1): a different case is a different id.
    expect(await names('externalId eq "D1"')).toEqual([]);
    // A row written before the key columns existed (keys null) is still found, on its original value.
    const legacy = await org.scim.post("/Users", user("legacy@acme.test", { displayName: "Legacy Name" }));
    await server.auth.$context.db.update({
      model: "scimUser",
      where: [{ field: "id", value: legacy.body.id }],
      update: { displayNameKey: null, givenNameKey: null, familyNameKey: null, emailTypeKey: null },
    });
    expect(await names('displayName eq "Legacy Name"')).toEqual(["legacy@acme.test"]);
    expect(await names("displayName pr")).toEqual(["carol@acme.test", "legacy@acme.test"]);
    expect(await names('displayName eq "carol c"')).toEqual(["carol@acme.test"]);
    for (const bad of [
      "userName eq",
      'password eq "x"',
      "(".repeat(50) + "userName pr" + ")".repeat(50),
      'userName eq "x"'.padEnd(2000, " "),
    ]) {
      const r = await org.scim.get(`/Users?filter=${encodeURIComponent(bad)}`);
      expect(r.status).toBe(400);
      expect(r.body.scimType).toBe("invalidFilter");
    }
  });

  it("pages with startIndex (1-based) and count, clamped, and sorts", async () => {
    const org = await newOrganization(server);
    for (const n of ["p3", "p1", "p2"]) await org.scim.post("/Users", user(`${n}@acme.test`));
    const page = await org.scim.get("/Users?sortBy=userName&startIndex=2&count=1");
    expect(page.body).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(page.body.Resources[0].userName).toBe("p2@acme.test");
    const desc = await org.scim.get("/Users?sortBy=userName&sortOrder=descending&count=1");
    expect(desc.body.Resources[0].userName).toBe("p3@acme.test");
    const clamped = await org.scim.get("/Users?count=100000&startIndex=-4");
    expect(clamped.body).toMatchObject({ startIndex: 1, itemsPerPage: 3 });
    expect((await org.scim.get("/Users?startIndex=99999999")).body.scimType).toBe("tooMany");
    expect((await org.scim.get("/Users?sortBy=password")).status).toBe(400);
    expect((await org.scim.get("/Users?count=abc")).status).toBe(400);
  });

  it("active false (PATCH, Entra's string \"False\") ends the user's sessions and membership at once; true restores the membership", async () => {
    const org = await newOrganization(server);
    const created = await org.scim.post("/Users", user("frank@acme.test"));
    const ctx = server.auth.$context;
    const account = await ctx.users.findByEmail("frank@acme.test");
    const userId = account?.id as string;
    await ctx.db.create({
      model: "session",
      data: {
        userId,
        token: "t-frank",
        expiresAt: new Date(Date.now() + 3600_000),
        activeOrganizationId: org.organizationId,
      },
    });
    const off = await org.scim.patch(
      `/Users/${created.body.id}`,
      patchOp({ op: "Replace", path: "active", value: "False" }),
    );
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(await ctx.db.count({ model: "session", where: [{ field: "userId", value: userId }] })).toBe(0);
    expect(await memberOf(org.organizationId, userId)).toBeNull();
    const on = await org.scim.patch(`/Users/${created.body.id}`, patchOp({ op: "replace", value: { active: true } }));
    expect(on.body.active).toBe(true);
    expect(await memberOf(org.organizationId, userId)).toMatchObject({ role: "member" });
    // [beyond] A deactivated account signs in nowhere; reactivated, it does again.
    await ctx.accounts.create({ userId, accountId: userId, providerId: "credential", password: "plain:password-123" });
    const signIn = () =>
      fetch(`${server.origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.origin },
        body: JSON.stringify({ email: "frank@acme.test", password: "password-123" }),
      });
    expect((await signIn()).status).toBe(200);
    const put = await org.scim.put(`/Users/${created.body.id}`, user("frank@acme.test", { active: false }));
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("USER_DEPROVISIONED");
    expect(put.body.active).toBe(false);
    expect(await memberOf(org.organizationId, userId)).toBeNull();
  });

  it('PATCH takes the path forms: name.givenName, emails[type eq "work"].value, no-path objects with dotted keys', async () => {
    const org = await newOrganization(server);
    const created = await org.scim.post("/Users", user("gina@acme.test"));
    const r = await org.scim.patch(
      `/Users/${created.body.id}`,
      patchOp(
        { op: "Replace", path: "name.givenName", value: "Georgina" },
        { op: "Replace", path: 'emails[type eq "work"].value', value: "georgina@acme.test" },
        { op: "Add", value: { "name.familyName": "Green", displayName: "G. Green", title: "CTO" } },
        { op: "Add", path: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department", value: "R&D" },
      ),
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: { givenName: "Georgina", familyName: "Green" },
      displayName: "G. Green",
      emails: [{ value: "georgina@acme.test", type: "work", primary: true }],
    });
    const ctx = server.auth.$context;
    expect(await ctx.users.findByEmail("georgina@acme.test")).toMatchObject({ name: "G. Green", emailVerified: false });
    for (const bad of [
      patchOp({ op: "replace", path: "userName[" }),
      patchOp({ op: "move", path: "userName", value: "x" }),
      patchOp({ op: "remove", path: "userName" }),
      patchOp({ op: "replace", path: "active", value: "maybe" }),
      { Operations: "nope" },
    ]) {
      const res = await org.scim.patch(`/Users/${created.body.id}`, bad);
      expect(res.status).toBe(400);
      expect(res.body.schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:Error"]);
      expect(res.body.scimType).toBeTruthy();
    }
  });

  it("DELETE answers 204, then 404; the account is gone", async () => {
    const org = await newOrganization(server);
    const created = await org.scim.post("/Users", user("hank@acme.test"));
    expect((await org.scim.delete(`/Users/${created.body.id}`)).status).toBe(204);
    expect((await org.scim.get(`/Users/${created.body.id}`)).status).toBe(404);
    expect((await org.scim.delete(`/Users/${created.body.id}`)).status).toBe(404);
    const ctx = server.auth.$context;
    expect(await ctx.users.findByEmail("hank@acme.test")).toBeNull();
  });

  it("a token of one organization never reaches another's users; no token, a bad token or a session cookie is 401", async () => {
    const a = await newOrganization(server);
    const b = await newOrganization(server);
    const created = await a.scim.post("/Users", user("ivy@acme.test"));
    const id = created.body.id;
    expect((await b.scim.get("/Users")).body.totalResults).toBe(0);
    expect(
      (await b.scim.get(`/Users?filter=${encodeURIComponent('userName eq "ivy@acme.test"')}`)).body.totalResults,
    ).toBe(0);
    expect((await b.scim.get(`/Users/${id}`)).status).toBe(404);
    expect((await b.scim.put(`/Users/${id}`, user("ivy@acme.test", { active: false }))).status).toBe(404);
    expect((await b.scim.patch(`/Users/${id}`, patchOp({ op: "replace", path: "active", value: false }))).status).toBe(
      404,
    );
    expect((await b.scim.delete(`/Users/${id}`)).status).toBe(404);
    expect((await a.scim.get(`/Users/${id}`)).body.active).toBe(true);
    for (const token of [null, "scim_nope", "not-a-scim-token", a.token.slice(0, -1)]) {
      const r = await scimClient(server.base, token).get("/Users");
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ status: "401", schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"] });
      expect(r.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    // The owner's real session cookie is no SCIM credential.
    const signIn = await fetch(`${server.origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.origin },
      body: JSON.stringify({ email: a.owner.email, password: a.owner.password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const withCookie = await fetch(`${server.base}/Users`, { headers: { cookie } });
    expect(withCookie.status).toBe(401);
  });

  it("an email change to an address another account holds is 409, and nothing is half-written", async () => {
    const org = await newOrganization(server);
    const created = await org.scim.post("/Users", user("jack@acme.test"));
    const r = await org.scim.patch(
      `/Users/${created.body.id}`,
      patchOp(
        { op: "replace", path: "displayName", value: "Changed" },
        { op: "replace", path: 'emails[type eq "work"].value', value: org.owner.email },
      ),
    );
    expect(r.status).toBe(409);
    expect(r.body.scimType).toBe("uniqueness");
    const after = await org.scim.get(`/Users/${created.body.id}`);
    expect(after.body.displayName).toBeUndefined();
    expect(after.body.emails[0].value).toBe("jack@acme.test");
  });
});

describe("rate limits", () => {
  it("an identity provider's burst stays under the SCIM routes' limit (1,200 / 60 s per address)", async () => {
    const limited = await startScimServer({}, { rateLimit: { enabled: true } });
    try {
      const org = await newOrganization(limited);
      const answers = await Promise.all(Array.from({ length: 150 }, () => org.scim.get("/Users?count=1")));
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
