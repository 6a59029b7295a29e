import { describe, expect, it } from "vitest";
import { UniqueConstraintError } from "../adapter/adapter-errors.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";

describe("accounts", () => {
  it("a provider account belongs to one row: a second insert of the same provider account is refused", async () => {
    const auth = makeTestAuth();
    const a = await signUpUser(auth);
    const b = await signUpUser(auth);
    await auth.$context.accounts.create({ userId: a.userId, providerId: "github", accountId: "gh-7" });
    await expect(
      auth.$context.accounts.create({ userId: b.userId, providerId: "github", accountId: "gh-7" }),
    ).rejects.toBeInstanceOf(UniqueConstraintError);
    // The same account id at another provider is another account.
    await auth.$context.accounts.create({ userId: b.userId, providerId: "gitlab", accountId: "gh-7" });
    expect((await b.client.get("/list-accounts")).body).toHaveLength(2);
  });

  it("list-accounts shows the credential account without secrets", async () => {
    const auth = makeTestAuth();
    const { client, userId } = await signUpUser(auth);
    const r = await client.get("/list-accounts");
    expect(r.body).toHaveLength(1);
    expect(r.body[0]).toMatchObject({ provider: "credential", accountId: userId, scopes: [] });
    expect(JSON.stringify(r.body)).not.toMatch(/password/i);
  });

  it("never unlinks the last account; unlinks another by provider account id or row id", async () => {
    const auth = makeTestAuth();
    const { client, userId } = await signUpUser(auth);
    const [credential] = (await client.get("/list-accounts")).body;
    const last = await client.post("/unlink-account", { providerId: "credential", accountId: credential.id });
    expect(last.body).toMatchObject({
      code: "CANNOT_UNLINK_LAST_ACCOUNT",
      message: "You can't unlink your last account",
    });
    await auth.$context.accounts.create({
      userId,
      providerId: "github",
      accountId: "gh-1",
      scope: "read:user,user:email",
    });
    const list = (await client.get("/list-accounts")).body;
    expect(list.find((a: { provider: string }) => a.provider === "github").scopes).toEqual(["read:user", "user:email"]);
    expect((await client.post("/unlink-account", { providerId: "github", accountId: "nope" })).body.message).toBe(
      "Account not found",
    );
    expect((await client.post("/unlink-account", { providerId: "github", accountId: "gh-1" })).body).toEqual({
      status: true,
    });
    expect((await client.get("/list-accounts")).body).toHaveLength(1);
  });

  it("two concurrent unlinks cannot remove every account", async () => {
    const auth = makeTestAuth();
    const { client, userId } = await signUpUser(auth);
    await auth.$context.accounts.create({ userId, providerId: "github", accountId: "gh-2" });
    const results = await Promise.all([
      client.post("/unlink-account", { providerId: "github" }),
      client.post("/unlink-account", { providerId: "credential" }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await client.get("/list-accounts")).body).toHaveLength(1);
  });
});
