import { describe, expect, it, vi } from "vitest";
import { createTestClient, makeTestAuth, signUpUser } from "../testing.js";
import { claimUnverifiedEmail } from "./claim-unverified-email.js";

describe("claimUnverifiedEmail", () => {
  it("verifies an unverified user and removes its sessions, accounts and pending links", async () => {
    const mails: string[] = [];
    const auth = makeTestAuth({
      emailAndPassword: { enabled: true, sendResetPassword: ({ url }) => void mails.push(url) },
      emailVerification: { sendVerificationEmail: ({ url }) => void mails.push(url) },
    });
    const u = await signUpUser(auth);
    await createTestClient(auth).post("/request-password-reset", { email: u.email });
    await createTestClient(auth).post("/send-verification-email", { email: u.email });
    // Signed out, the link is made and mailed after the answer.
    await vi.waitFor(() => expect(mails).toHaveLength(2));
    const ctx = auth.$context;
    const before = await ctx.db.count({ model: "verification" });
    expect(before).toBeGreaterThanOrEqual(2);
    const user = await ctx.users.findById(u.userId);
    const claimed = await ctx.transaction((tx) => claimUnverifiedEmail(tx, user!));
    expect(claimed?.emailVerified).toBe(true);
    expect((await u.client.get("/get-session")).body).toBeNull();
    expect(await ctx.db.count({ model: "account", where: [{ field: "userId", value: u.userId }] })).toBe(0);
    expect(await ctx.db.count({ model: "verification" })).toBe(0);
  });

  it("leaves a verified user as it is", async () => {
    const auth = makeTestAuth({ emailAndPassword: { enabled: true } });
    const u = await signUpUser(auth);
    const ctx = auth.$context;
    await ctx.users.update(u.userId, { emailVerified: true });
    const user = await ctx.users.findById(u.userId);
    await ctx.transaction((tx) => claimUnverifiedEmail(tx, user!));
    expect((await u.client.get("/get-session")).body.user.id).toBe(u.userId);
    expect(await ctx.db.count({ model: "account", where: [{ field: "userId", value: u.userId }] })).toBe(1);
  });
});
