// Bans: sessions end at once, every sign-in is refused with a "banned" 403, and bans lift.
import { describe, expect, it } from "vitest";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { MAX_DURATION_SECONDS } from "./duration-seconds.js";
import { makeAdminAuth, newAdmin, newUser, signIn, whoAmI } from "./test-helpers.js";

describe("ban-user and unban-user", () => {
  it("ends every session of the user and refuses email sign-in with 403 banned", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    const second = await signIn(auth, u.email, u.password);
    expect(second.r.status).toBe(200);
    const r = await boss.client.post("/admin/ban-user", { userId: u.userId, banReason: "spamming" });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ id: u.userId, banned: true, banReason: "spamming", banExpires: null });
    expect(await whoAmI(u.client)).toBeNull();
    expect(await whoAmI(second.client)).toBeNull();
    expect(await auth.$context.sessions.listByUser(u.userId)).toEqual([]);
    const refused = await signIn(auth, u.email, u.password);
    expect(refused.r.status).toBe(403);
    expect(refused.r.body.code).toBe("BANNED_USER");
    expect(refused.r.body.message).toContain("banned");
    expect(await auth.$context.sessions.listByUser(u.userId)).toEqual([]);
  });

  it("a wrong password still answers 401: the ban shows only to whoever knows the password", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    await boss.client.post("/admin/ban-user", { userId: u.userId });
    expect((await signIn(auth, u.email, "wrong-password-1")).r.status).toBe(401);
  });

  it("unban-user lets the user sign in again", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    await boss.client.post("/admin/ban-user", { userId: u.userId, banReason: "x" });
    const r = await boss.client.post("/admin/unban-user", { userId: u.userId });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    const back = await signIn(auth, u.email, u.password);
    expect(back.r.status).toBe(200);
    expect(await whoAmI(back.client)).toBe(u.userId);
  });

  it("banExpiresIn sets the end; an expired ban lifts itself at the next sign-in", async () => {
    let clock = Date.now();
    const auth = makeAdminAuth({}, { advanced: { now: () => clock } });
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    const r = await boss.client.post("/admin/ban-user", { userId: u.userId, banExpiresIn: 60 });
    expect(new Date(r.body.user.banExpires).getTime()).toBe(clock + 60_000);
    expect((await signIn(auth, u.email, u.password)).r.status).toBe(403);
    clock += 61_000;
    const back = await signIn(auth, u.email, u.password);
    expect(back.r.status).toBe(200);
    expect(back.r.body.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    expect(await auth.$context.users.findById(u.userId)).toMatchObject({ banned: false, banExpires: null });
  });

  it("uses defaultBanReason, defaultBanExpiresIn and bannedUserMessage", async () => {
    const auth = makeAdminAuth({
      defaultBanReason: "Terms of service",
      defaultBanExpiresIn: 3600,
      bannedUserMessage: "Your account is banned; write to support",
    });
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    const r = await boss.client.post("/admin/ban-user", { userId: u.userId });
    expect(r.body.user.banReason).toBe("Terms of service");
    expect(new Date(r.body.user.banExpires).getTime()).toBeGreaterThan(Date.now() + 3500_000);
    const refused = await signIn(auth, u.email, u.password);
    expect(refused.r.status).toBe(403);
    expect(refused.r.body.message).toBe("Your account is banned; write to support");
  });

  it("refuses banning yourself (400) and unknown users (404), and bad input (400)", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const self = await boss.client.post("/admin/ban-user", { userId: boss.userId });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: "CANNOT_BAN_YOURSELF", message: "You cannot ban yourself" });
    expect(await whoAmI(boss.client)).toBe(boss.userId);
    const unknown = await boss.client.post("/admin/ban-user", { userId: "nobody" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("User not found");
    expect((await boss.client.post("/admin/unban-user", { userId: "nobody" })).status).toBe(404);
    const negative = await boss.client.post("/admin/ban-user", { userId: "nobody", banExpiresIn: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.code).toBe("VALIDATION_ERROR");
  });

  it("banExpiresIn beyond 100 years, fractional or non-numeric is a 400, never an Invalid Date 500", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    for (const banExpiresIn of [1e15, MAX_DURATION_SECONDS + 1, Number.MAX_SAFE_INTEGER, 1.5, 0, "60"]) {
      const r = await boss.client.post("/admin/ban-user", { userId: u.userId, banExpiresIn });
      expect(r.status, String(banExpiresIn)).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    expect(await whoAmI(u.client)).toBe(u.userId);
    const longest = await boss.client.post("/admin/ban-user", { userId: u.userId, banExpiresIn: MAX_DURATION_SECONDS });
    expect(longest.status).toBe(200);
    expect(new Date(longest.body.user.banExpires).getTime()).toBeGreaterThan(Date.now() + 99 * 365 * 86400_000);
  });

  it("duration options outside 1 s to 100 years fail at startup", () => {
    for (const bad of [0, -1, 1.5, 1e15]) {
      expect(() => makeAdminAuth({ defaultBanExpiresIn: bad })).toThrow(/defaultBanExpiresIn/);
      expect(() => makeAdminAuth({ impersonationSessionDuration: bad })).toThrow(/impersonationSessionDuration/);
    }
  });
});

describe("a banned user signing in by email", () => {
  it("gets the admin catalogue's 403 from the email-verification auto sign-in; no session is made", async () => {
    const mails: { to: string; token: string }[] = [];
    const auth = makeAdminAuth(
      {},
      {
        emailVerification: {
          sendOnSignUp: true,
          autoSignInAfterVerification: true,
          sendVerificationEmail: ({ user, token }) => void mails.push({ to: user.email, token }),
        },
      },
    );
    const boss = await newAdmin(auth);
    const u = await newUser(auth, "unverified");
    await boss.client.post("/admin/ban-user", { userId: u.userId, banReason: "spam" });
    const token = mails.find((m) => m.to === u.email)?.token;
    expect(token).toBeDefined();
    const fresh = createTestClient(auth);
    const r = await fresh.get("/verify-email", { query: { token: token! } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: "BANNED_USER", message: "You have been banned from this application" });
    expect(r.headers.getSetCookie()).toEqual([]);
    expect(await whoAmI(fresh)).toBeNull();
    expect(await auth.$context.sessions.listByUser(u.userId)).toEqual([]);

    // Following the link in a browser (with a callbackURL): back to the app with the refusal's code.
    const v = await newUser(auth, "unverified");
    await boss.client.post("/admin/ban-user", { userId: v.userId });
    const linkToken = mails.find((m) => m.to === v.email)?.token;
    const followed = await fresh.get("/verify-email", { query: { token: linkToken!, callbackURL: "/welcome" } });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/welcome?error=banned_user");
    expect(followed.headers.getSetCookie()).toEqual([]);
    expect((await auth.$context.users.findById(v.userId))?.emailVerified).toBe(true);
  });

  it("a session created while the ban was being written is refused at its next use", async () => {
    const auth = makeAdminAuth();
    const u = await newUser(auth);
    // The ban lands without ban-user's session sweep, as when it commits between a sign-in's
    // password check and its session insert.
    await auth.$context.users.update(u.userId, { banned: true });
    const r = await u.client.get("/get-session");
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("BANNED_USER");
    expect((await u.client.post("/update-user", { name: "Still here" })).status).toBe(403);
    expect((await auth.$context.users.findById(u.userId))?.name).not.toBe("Still here");
  });
});

describe("a banned user signing in through a provider", () => {
  it("is sent to the error page with error=banned_user and gets no session", async () => {
    const { startFakeOAuthServer } = await import("@gatehouse-auth/core/testing");
    const idp = await startFakeOAuthServer({
      "POST /token": () => ({ json: { access_token: "at-1", token_type: "Bearer", expires_in: 3600 } }),
      "GET /userinfo": () => ({ json: { sub: "kim-1", email: "kim@example.com", email_verified: true } }),
    });
    try {
      const auth = makeAdminAuth(
        {},
        {
          socialProviders: {
            acme: {
              clientId: "acme-client",
              clientSecret: "acme-secret",
              endpoints: {
                authorization: `${idp.url}/authorize`,
                token: `${idp.url}/token`,
                userInfo: `${idp.url}/userinfo`,
              },
            },
          },
        },
      );
      const boss = await newAdmin(auth);
      const kim = createTestClient(auth);
      const signInWithAcme = async () => {
        const start = await kim.post("/sign-in/social", { provider: "acme", callbackURL: "/home" });
        expect(start.status, start.text).toBe(200);
        const state = new URL(start.body.url).searchParams.get("state") ?? "";
        const back = await kim.get("/callback/acme", { query: { code: "c-1", state } });
        expect(back.status).toBe(302);
        return new URL(back.headers.get("location") ?? "", "http://localhost:3000");
      };
      expect((await signInWithAcme()).pathname).toBe("/home");
      const kimId = (await kim.get("/get-session")).body.user.id;
      expect((await boss.client.post("/admin/ban-user", { userId: kimId })).status).toBe(200);

      const refused = await signInWithAcme();
      expect(refused.pathname).toBe("/api/auth/error");
      expect(refused.searchParams.get("error")).toBe("banned_user");
      expect(await auth.$context.sessions.listByUser(kimId)).toEqual([]);
    } finally {
      await idp.close();
    }
  });
});
