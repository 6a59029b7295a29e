import { describe, expect, it } from "vitest";
import { driveSocialFlow } from "../testing/drive-social-flow.js";
import { createTestClient } from "../testing/test-client.js";
import { authWithAcme, startFakeOidc } from "./fake-oidc.test-helper.js";

describe("GET and POST /account-info", () => {
  it("answers the provider's profile of one of the caller's accounts, by provider account id or row id", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake);
    const kim = { sub: "kim-1", email: "kim@example.com", email_verified: true, name: "Kim" };
    const { client } = await driveSocialFlow(auth, "acme", fake.codeFor(kim));
    const profile = { id: "kim-1", email: "kim@example.com", emailVerified: true, name: "Kim", image: null };

    const byAccountId = await client.post("/account-info", { accountId: "kim-1" });
    expect(byAccountId.status, byAccountId.text).toBe(200);
    // `data` is better-auth's field for the provider's profile: the same one here.
    expect(byAccountId.body).toEqual({ user: profile, data: profile });
    const [row] = (await client.get("/list-accounts")).body;
    expect((await client.post("/account-info", { accountId: row.id })).body).toEqual({ user: profile, data: profile });
    // better-auth's client sends GET ?accountId=: the same answer.
    const byGet = await client.get("/account-info", { query: { accountId: "kim-1" } });
    expect(byGet.status, byGet.text).toBe(200);
    expect(byGet.body).toEqual({ user: profile, data: profile });
    expect((await client.get("/account-info", { query: { accountId: row.id } })).body.user).toEqual(profile);
  });

  it("refuses a provider account id that two of the caller's accounts share; their row ids still work", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake);
    const kim = { sub: "42", email: "kim@example.com", email_verified: true, name: "Kim" };
    const { client } = await driveSocialFlow(auth, "acme", fake.codeFor(kim));
    const userId = (await client.get("/get-session")).body.user.id;
    // Another provider numbering its users the same way.
    await auth.$context.adapter.create({
      model: "account",
      data: {
        id: "other-account-row",
        userId,
        providerId: "other",
        accountId: "42",
        createdAt: new Date(),
        updatedAt: new Date(),
      },
    });
    const ambiguous = await client.post("/account-info", { accountId: "42" });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.code).toBe("AMBIGUOUS_ACCOUNT_ID");
    const rows = (await client.get("/list-accounts")).body as { id: string; provider: string }[];
    const acme = rows.find((a) => a.provider === "acme");
    const byRow = await client.post("/account-info", { accountId: acme?.id });
    expect(byRow.status, byRow.text).toBe(200);
    expect(byRow.body.user.id).toBe("42");
  });

  it("refuses unknown accounts, someone else's account, and anonymous callers", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake);
    const kim = await driveSocialFlow(auth, "acme", fake.codeFor({ sub: "kim-1", email: "kim@example.com" }));
    await driveSocialFlow(auth, "acme", fake.codeFor({ sub: "lee-1", email: "lee@example.com" }));

    const unknown = await kim.client.post("/account-info", { accountId: "nobody" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: "ACCOUNT_NOT_FOUND", message: "Account not found" });
    const others = await kim.client.post("/account-info", { accountId: "lee-1" });
    expect(others.status).toBe(400);
    expect(others.body.code).toBe("ACCOUNT_NOT_FOUND");
    expect((await createTestClient(auth).post("/account-info", { accountId: "kim-1" })).status).toBe(401);
  });

  it("GET needs accountId in the query, POST in the body; unknown keys and other people's accounts are refused", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake);
    const kim = await driveSocialFlow(auth, "acme", fake.codeFor({ sub: "kim-1", email: "kim@example.com" }));
    await driveSocialFlow(auth, "acme", fake.codeFor({ sub: "lee-1", email: "lee@example.com" }));
    for (const r of [
      await kim.client.get("/account-info"),
      await kim.client.get("/account-info", { query: { accountId: "" } }),
      await kim.client.post("/account-info", {}),
      await kim.client.post("/account-info", { accountId: "kim-1", extra: 1 }),
    ]) {
      expect(r.status, r.text).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    const others = await kim.client.get("/account-info", { query: { accountId: "lee-1" } });
    expect(others.status).toBe(400);
    expect(others.body.code).toBe("ACCOUNT_NOT_FOUND");
    const anonymous = await createTestClient(auth).get("/account-info", { query: { accountId: "kim-1" } });
    expect(anonymous.status).toBe(401);
    // A POST still meets the origin check. The GET only reads (refreshing the stored access token at
    // most, as any use of it does), and a cross-site page cannot read its answer.
    const crossSite = await kim.client.post(
      "/account-info",
      { accountId: "kim-1" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(crossSite.status).toBe(403);
  });
});
