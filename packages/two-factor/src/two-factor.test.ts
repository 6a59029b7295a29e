import { claimUnverifiedEmail, defineEndpoint, definePlugin, setSessionCookie } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  challenged,
  createTestClient,
  makeTwoFactorAuth,
  signUpUser,
  totpAt,
  userWithTwoFactor,
} from "./test-helpers.js";

const sessionCookieOf = (r: { headers: Headers }) =>
  r.headers.getSetCookie().filter((c) => c.startsWith("gatehouse.session_token=") && !/max-age=0/i.test(c));

describe("enabling", () => {
  it("returns an otpauth URI and 10 distinct backup codes; 2FA is on only once a code verifies", async () => {
    const env = makeTwoFactorAuth();
    const u = await signUpUser(env.auth);
    const r = await u.client.post("/two-factor/enable", { password: u.password });
    expect(r.status).toBe(200);
    const uri = new URL(r.body.totpURI);
    expect([uri.protocol, uri.host, uri.searchParams.get("issuer")]).toEqual(["otpauth:", "totp", "Test Issuer"]);
    expect(uri.searchParams.get("algorithm")).toBe("SHA1");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(decodeURIComponent(uri.pathname)).toContain(u.email);
    expect(new Set(r.body.backupCodes).size).toBe(10);
    // Not on yet: a password sign-in is plain.
    const before = await createTestClient(env.auth).post("/sign-in/email", { email: u.email, password: u.password });
    expect(before.body.token).toBeTypeOf("string");
    expect((await u.client.post("/two-factor/verify-totp", { code: totpAt(env, r.body.totpURI) })).status).toBe(200);
    expect((await u.client.get("/get-session")).body.user.twoFactorEnabled).toBe(true);
  });

  it("stores the secret encrypted and the backup codes hashed", async () => {
    const env = makeTwoFactorAuth();
    const u = await userWithTwoFactor(env);
    const row = await env.auth.$context.db.findOne<Record<string, string>>({
      model: "twoFactor",
      where: [{ field: "userId", value: u.userId }],
    });
    const secret = new URL(u.totpURI).searchParams.get("secret") ?? "";
    expect(secret.length).toBeGreaterThan(16);
    expect(row?.secret?.startsWith("v1.")).toBe(true);
    expect(row?.secret).not.toContain(secret);
    for (const code of u.backupCodes) expect(row?.backupCodes).not.toContain(code.replace("-", ""));
  });

  it("enable, disable and new backup codes refuse a wrong password with 400 and change nothing", async () => {
    const env = makeTwoFactorAuth();
    const u = await userWithTwoFactor(env);
    for (const path of ["/two-factor/enable", "/two-factor/disable", "/two-factor/generate-backup-codes"]) {
      const r = await u.client.post(path, { password: "wrong-password-1" });
      expect(r.status, path).toBe(400);
    }
    expect((await challenged(env, u.email)).cookies.size).toBeGreaterThan(0);
    expect((await u.client.post("/two-factor/disable", { password: u.password })).status).toBe(200);
    const after = await createTestClient(env.auth).post("/sign-in/email", { email: u.email, password: u.password });
    expect(after.body.token).toBeTypeOf("string");
  });
});

describe("the pending sign-in", () => {
  it("a password sign-in answers the challenge with no session, no session cookie and no token", async () => {
    const env = makeTwoFactorAuth();
    const u = await userWithTwoFactor(env);
    const b = createTestClient(env.auth);
    const r = await b.post("/sign-in/email", { email: u.email, password: u.password });
    expect(r.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp", "otp"] });
    expect(sessionCookieOf(r)).toEqual([]);
    expect(r.headers.getSetCookie().some((c) => c.startsWith("gatehouse.two_factor=") && /Max-Age=600/.test(c))).toBe(
      true,
    );
    expect((await b.get("/get-session")).body).toBeNull();
    expect(await env.auth.$context.sessions.listByUser(u.userId)).toHaveLength(1); // the enabling one only
  });

  it("a TOTP code completes it once; the same code is refused on the next sign-in (no replay)", async () => {
    const env = makeTwoFactorAuth();
    const u = await userWithTwoFactor(env);
    const b = await challenged(env, u.email);
    const code = totpAt(env, u.totpURI);
    const v = await b.post("/two-factor/verify-totp", { code });
    expect(v.status).toBe(200);
    expect(sessionCookieOf(v)).toHaveLength(1);
    expect((await b.get("/get-session")).body.session.token).toBe(v.body.token);
    const again = await challenged(env, u.email);
    expect((await again.post("/two-factor/verify-totp", { code })).status).toBe(401);
    // An older code (the previous step, within the window) is refused too: steps only move forward.
    expect((await again.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI, -1) })).status).toBe(401);
    expect((await again.get("/get-session")).body).toBeNull();
  });

  it("the completed challenge cannot be used again, even with its cookie replayed", async () => {
    const env = makeTwoFactorAuth();
    const u = await userWithTwoFactor(env);
    const b = await challenged(env, u.email);
    const saved = new Map(b.cookies);
    expect((await b.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI) })).status).toBe(200);
    const thief = createTestClient(env.auth);
    for (const [k, v] of saved) thief.cookies.set(k, v);
    const r = await thief.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI, 1) });
    expect(r.status).toBe(401);
    expect(r.body.token).toBeUndefined();
  });

  it("dies after 5 wrong codes (TOTP and backup alike): the right one is then refused", async () => {
    const env = makeTwoFactorAuth();
    const u = await userWithTwoFactor(env);
    const b = await challenged(env, u.email);
    for (let i = 0; i < 3; i++) expect((await b.post("/two-factor/verify-totp", { code: "000000" })).status).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await b.post("/two-factor/verify-backup-code", { code: "AAAAA-AAAAA" })).status).toBe(401);
    const r = await b.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI) });
    expect(r.status).toBe(401);
    expect((await b.get("/get-session")).body).toBeNull();
    // A fresh sign-in still works with that code (it was never spent).
    const c = await challenged(env, u.email);
    expect((await c.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI) })).status).toBe(200);
  });

  it("parallel wrong guesses cannot exceed the limit", async () => {
    const env = makeTwoFactorAuth();
    const u = await userWithTwoFactor(env);
    const b = await challenged(env, u.email);
    const guesses = Array.from({ length: 20 }, (_, i) => String(100000 + i));
    const rs = await Promise.all(guesses.map((code) => b.post("/two-factor/verify-totp", { code })));
    // 401, or 429 when the account's own budget (per account, across sign-ins) refuses a code unchecked.
    expect(rs.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(rs.filter((r) => r.body.code === "INVALID_TWO_FACTOR_CODE").length).toBeLessThanOrEqual(5);
    expect((await b.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI) })).status).toBe(401);
  });

  it("expires after 10 minutes", async () => {
    const env = makeTwoFactorAuth();
    const u = await userWithTwoFactor(env);
    const b = await challenged(env, u.email);
    env.clock.now += 601_000;
    expect((await b.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI) })).status).toBe(401);
  });

  it("without a challenge or a session every verify route is 401", async () => {
    const env = makeTwoFactorAuth();
    const anon = createTestClient(env.auth);
    for (const path of ["/two-factor/verify-totp", "/two-factor/verify-backup-code", "/two-factor/verify-otp"]) {
      expect((await anon.post(path, { code: "123456" })).status, path).toBe(401);
    }
    expect((await anon.post("/two-factor/send-otp", {})).status).toBe(401);
  });
});

describe("backup codes", () => {
  it("a backup code works once, also under parallel use; regenerating voids the old ones", async () => {
    const env = makeTwoFactorAuth();
    const u = await userWithTwoFactor(env);
    const [b1, b2] = [await challenged(env, u.email), await challenged(env, u.email)];
    const code = u.backupCodes[0]?.toLowerCase();
    const rs = await Promise.all([b1, b2].map((b) => b.post("/two-factor/verify-backup-code", { code })));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 401]);
    const gen = await u.client.post("/two-factor/generate-backup-codes", { password: u.password });
    expect(gen.body.backupCodes).toHaveLength(10);
    const b3 = await challenged(env, u.email);
    expect((await b3.post("/two-factor/verify-backup-code", { code: u.backupCodes[1] })).status).toBe(401);
    expect((await b3.post("/two-factor/verify-backup-code", { code: gen.body.backupCodes[0] })).status).toBe(200);
  });
});

describe("codes by email or SMS", () => {
  it("send-otp sends a 6-digit code that completes the sign-in; a wrong one is 401", async () => {
    const env = makeTwoFactorAuth();
    const u = await userWithTwoFactor(env);
    const b = await challenged(env, u.email);
    expect((await b.post("/two-factor/send-otp", {})).status).toBe(200);
    const code = env.lastOtp(u.email);
    expect(code).toMatch(/^\d{6}$/);
    expect((await b.post("/two-factor/verify-otp", { code: code === "000000" ? "111111" : "000000" })).status).toBe(
      401,
    );
    expect((await b.post("/two-factor/verify-otp", { code })).status).toBe(200);
    expect((await b.get("/get-session")).body.user.id).toBe(u.userId);
  });

  it("a code expires after 3 minutes; a pending sign-in may ask for 3 codes", async () => {
    const env = makeTwoFactorAuth();
    const u = await userWithTwoFactor(env);
    const b = await challenged(env, u.email);
    await b.post("/two-factor/send-otp", {});
    const code = env.lastOtp(u.email);
    env.clock.now += 181_000;
    expect((await b.post("/two-factor/verify-otp", { code })).body.code).toBe("TWO_FACTOR_OTP_EXPIRED");
    expect((await b.post("/two-factor/send-otp", {})).status).toBe(200);
    expect((await b.post("/two-factor/send-otp", {})).status).toBe(200);
    expect((await b.post("/two-factor/send-otp", {})).status).toBe(429);
    expect((await b.post("/two-factor/verify-otp", { code: env.lastOtp(u.email) })).status).toBe(200);
  });
});

describe("every first factor leads to the pending state", () => {
  // Stands in for magic-link / email-OTP plugins: a sign-in that creates its session through core, in a
  // transaction that also spends something.
  const linkSignIn = definePlugin({
    id: "link-sign-in",
    endpoints: {
      linkSignIn: defineEndpoint(
        { method: "POST", path: "/link/sign-in", body: z.object({ email: z.string() }), tags: ["creates-session"] },
        async (ctx) => {
          const user = await ctx.auth.users.findByEmail(ctx.body.email);
          if (!user) throw new Error("no user");
          const data = await ctx.auth.sessions.create(ctx.auth.db, user, {});
          setSessionCookie(ctx, data);
          return { token: data.session.token, user: data.user };
        },
      ),
    },
  });

  it("a plugin's own sign-in path is held too, with no session row written", async () => {
    const env = makeTwoFactorAuth({}, { plugins: [linkSignIn] });
    const u = await userWithTwoFactor(env);
    const b = createTestClient(env.auth);
    const r = await b.post("/link/sign-in", { email: u.email });
    expect(r.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp", "otp"] });
    expect(sessionCookieOf(r)).toEqual([]);
    expect(await env.auth.$context.sessions.listByUser(u.userId)).toHaveLength(1);
    expect((await b.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI) })).status).toBe(200);
  });

  it("the sign-in after email verification (a GET link) redirects to the two-factor page, no session", async () => {
    let token = "";
    const env = makeTwoFactorAuth(
      { twoFactorPage: "http://localhost:3000/two-factor" },
      {
        emailVerification: {
          autoSignInAfterVerification: true,
          sendVerificationEmail: (m: { token: string }) => {
            token = m.token;
          },
        },
      },
    );
    const u = await userWithTwoFactor(env);
    expect((await u.client.post("/send-verification-email", { email: u.email })).status).toBe(200);
    const b = createTestClient(env.auth);
    const r = await b.get("/verify-email", { query: { token } });
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("http://localhost:3000/two-factor?twoFactorRedirect=true");
    expect(sessionCookieOf(r)).toEqual([]);
    expect((await b.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI) })).status).toBe(200);
  });
});

describe("trusted devices", () => {
  it("trustDevice skips the second factor on that browser until the sessions are revoked", async () => {
    const env = makeTwoFactorAuth();
    const u = await userWithTwoFactor(env);
    const b = await challenged(env, u.email);
    expect((await b.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI), trustDevice: true })).status).toBe(
      200,
    );
    const direct = await b.post("/sign-in/email", { email: u.email, password: u.password });
    expect(direct.body.token).toBeTypeOf("string");
    // Another browser is still challenged.
    await challenged(env, u.email);
    expect((await u.client.post("/revoke-sessions", {})).status).toBe(200);
    const after = await b.post("/sign-in/email", { email: u.email, password: u.password });
    expect(after.body.twoFactorRedirect).toBe(true);
  });

  it("a password reset by mailed link (no session to hang a hook on) revokes the trust too", async () => {
    const links: string[] = [];
    const env = makeTwoFactorAuth(
      {},
      { emailAndPassword: { enabled: true, sendResetPassword: ({ token }) => void links.push(token) } },
    );
    const u = await userWithTwoFactor(env);
    const b = await challenged(env, u.email);
    await b.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI), trustDevice: true });
    expect((await b.post("/sign-in/email", { email: u.email, password: u.password })).body.token).toBeTypeOf("string");
    const stranger = createTestClient(env.auth);
    await stranger.post("/request-password-reset", { email: u.email });
    const token = links.at(-1) ?? "";
    expect((await stranger.post("/reset-password", { token, newPassword: "new-password-456" })).status).toBe(200);
    const after = await b.post("/sign-in/email", { email: u.email, password: "new-password-456" });
    expect(after.body.twoFactorRedirect).toBe(true);
  });

  it("when the real owner claims an unverified address, the squatter's secret and trust are gone", async () => {
    const env = makeTwoFactorAuth();
    const u = await userWithTwoFactor(env);
    const b = await challenged(env, u.email);
    await b.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI), trustDevice: true });
    const ctx = env.auth.$context;
    const user = await ctx.users.findById(u.userId);
    if (!user) throw new Error("no user");
    const claimed = await ctx.transaction((tx) => claimUnverifiedEmail(tx, user));
    expect(claimed).toMatchObject({ emailVerified: true, twoFactorEnabled: false });
    const row = await ctx.db.findOne<{ secret: string; backupCodes: string }>({
      model: "twoFactor",
      where: [{ field: "userId", value: u.userId }],
    });
    expect(row).toMatchObject({ secret: "", backupCodes: "[]" });
    // The squatter's old TOTP code and backup codes are no second factor any more.
    expect((await b.post("/two-factor/verify-backup-code", { code: u.backupCodes[0] })).status).not.toBe(200);
  });

  it("the trust expires after its max age", async () => {
    const env = makeTwoFactorAuth({ trustDevice: { maxAge: 3600 } });
    const u = await userWithTwoFactor(env);
    const b = await challenged(env, u.email);
    await b.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI), trustDevice: true });
    env.clock.now += 3601_000;
    // The test jar keeps expired cookies; the server must still refuse the stale trust.
    const r = await b.post("/sign-in/email", { email: u.email, password: u.password });
    expect(r.body.twoFactorRedirect).toBe(true);
  });
});

describe("password-less accounts", () => {
  // Signs a user in by id: stands in for social or link sign-in (no password on the account).
  const signInById = definePlugin({
    id: "sign-in-by-id",
    endpoints: {
      signInById: defineEndpoint(
        { method: "POST", path: "/test/sign-in-by-id", body: z.object({ id: z.string() }), tags: ["creates-session"] },
        async (ctx) => {
          const user = await ctx.auth.users.findById(ctx.body.id);
          if (!user) throw new Error("no user");
          setSessionCookie(ctx, await ctx.auth.sessions.create(ctx.auth.db, user, {}));
          return { status: true };
        },
      ),
    },
  });

  it("enable and disable need a fresh session instead of the password", async () => {
    const env = makeTwoFactorAuth({}, { plugins: [signInById] });
    const user = await env.auth.$context.users.create({ name: "S", email: "social@example.com", emailVerified: true });
    const b = createTestClient(env.auth);
    expect((await b.post("/test/sign-in-by-id", { id: user.id })).status).toBe(200);
    const r = await b.post("/two-factor/enable", {});
    expect(r.status).toBe(200);
    expect((await b.post("/two-factor/verify-totp", { code: totpAt(env, r.body.totpURI) })).status).toBe(200);
    env.clock.now += 2 * 86400_000; // past the 1-day fresh window (and a TOTP step on)
    expect((await b.post("/two-factor/disable", {})).status).toBe(403);
    // A new sign-in is held, and completing it gives a fresh session that may disable.
    const again = await b.post("/test/sign-in-by-id", { id: user.id });
    expect(again.body.twoFactorRedirect).toBe(true);
    expect((await b.post("/two-factor/verify-totp", { code: totpAt(env, r.body.totpURI) })).status).toBe(200);
    expect((await b.post("/two-factor/disable", {})).status).toBe(200);
  });
});

describe("code sending limits", () => {
  it("a user is sent at most otp.sendLimit codes per window, however many sign-ins ask", async () => {
    const env = makeTwoFactorAuth({
      otp: { sendOTP: () => {}, sendLimit: { window: 3600, max: 4 } },
    });
    const u = await userWithTwoFactor(env);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const b = await challenged(env, u.email);
      for (let j = 0; j < 2; j++) statuses.push((await b.post("/two-factor/send-otp", {})).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    env.clock.now += 3601_000;
    const later = await challenged(env, u.email);
    expect((await later.post("/two-factor/send-otp", {})).status).toBe(200);
  });
});
