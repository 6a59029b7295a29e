// The per-account limit on wrong second-factor codes, through HTTP as a guesser holding the password
// would call it: new sign-ins buy no new guesses, parallel guesses cannot pass the budget, the owner's
// trusted browser still gets in, and the owner is told once per lockout.
import { describe, expect, it } from "vitest";
import type { TwoFactorLockout } from "../two-factor-options.js";
import type { TestClient } from "@gatehouse-auth/core/testing";
import {
  type Env,
  challenged,
  createTestClient,
  makeTwoFactorAuth,
  totpAt,
  userWithTwoFactor,
} from "../test-helpers.js";

/** A code that is not the current one (nor, but for a 3-in-a-million chance, an adjacent step's). */
const wrongCode = (env: Env, uri: string) => String((Number(totpAt(env, uri)) + 500_000) % 1_000_000).padStart(6, "0");
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Ten wrong codes over two sign-ins (each challenge takes 5), waiting out every delay. */
async function guessTen(env: Env, email: string, wrong: (b: TestClient) => Promise<{ status: number }>) {
  for (let signIn = 0; signIn < 2; signIn++) {
    const b = await challenged(env, email);
    for (let i = 0; i < 5; i++) {
      expect((await wrong(b)).status).toBeGreaterThanOrEqual(400);
      env.clock.now += 60_000;
    }
  }
}

function lockoutEnv() {
  const lockouts: TwoFactorLockout[] = [];
  const env = makeTwoFactorAuth({ onTooManyFailedAttempts: (l) => void lockouts.push(l) });
  return { env, lockouts };
}

describe("wrong codes are counted per account", { timeout: 120_000 }, () => {
  it("a patient guesser across 8 sign-ins gets 10 codes checked, waits 2, 4, 8, 16 s, then is locked out", async () => {
    const { env, lockouts } = lockoutEnv();
    const u = await userWithTwoFactor(env);
    const answers: (number | string)[] = [];
    const waits: number[] = [];
    let b = await challenged(env, u.email);
    // A dead challenge (5 wrong codes, TARGET.md) is no obstacle: the guesser signs in again.
    const guess = async () => {
      let r = await b.post("/two-factor/verify-totp", { code: wrongCode(env, u.totpURI) });
      if (r.status === 401 && r.body.code !== "INVALID_TWO_FACTOR_CODE") {
        b = await challenged(env, u.email);
        r = await b.post("/two-factor/verify-totp", { code: wrongCode(env, u.totpURI) });
      }
      return r;
    };
    // Guesses back to back; a delay refuses the code unchecked (429 + Retry-After) and the guesser waits it out.
    for (let i = 0; i < 40; i++) {
      const r = await guess();
      if (r.body.code === "TWO_FACTOR_SLOW_DOWN") {
        const wait = Number(r.headers.get("retry-after"));
        waits.push(wait);
        env.clock.now += wait * 1000;
        continue;
      }
      answers.push(r.status === 429 ? r.body.code : r.status);
      if (r.body.code === "TWO_FACTOR_LOCKED") break;
    }
    expect(answers).toEqual([...Array(9).fill(401), "TWO_FACTOR_LOCKED"]);
    expect(waits).toEqual([2, 4, 8, 16]);

    // The right code from a new sign-in is refused too, and so is a backup code, until the window ends.
    const owner = await challenged(env, u.email);
    const right = await owner.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI) });
    expect([right.status, right.body.code]).toEqual([429, "TWO_FACTOR_LOCKED"]);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(3500);
    const backup = await owner.post("/two-factor/verify-backup-code", { code: u.backupCodes[0] });
    expect(backup.body.code).toBe("TWO_FACTOR_LOCKED");
    expect((await owner.get("/get-session")).body).toBeNull();

    await settle();
    expect(lockouts.map((l) => [l.user.email, l.failures])).toEqual([[u.email, 10]]);
    expect(lockouts[0]?.lockedUntil.getTime()).toBe(env.clock.now + 3600_000);

    // After the lockout, a new sign-in with the right code works and clears the count.
    env.clock.now += 3600_000 + 1000;
    const later = await challenged(env, u.email);
    expect((await later.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI) })).status).toBe(200);
    const next = await challenged(env, u.email);
    expect((await next.post("/two-factor/verify-totp", { code: wrongCode(env, u.totpURI) })).status).toBe(401);
    expect(lockouts).toHaveLength(1);
  });

  it("30 parallel wrong codes over 6 sign-ins get at most the budget checked; the right one is then refused", async () => {
    const lockouts: TwoFactorLockout[] = [];
    const env = makeTwoFactorAuth({
      failedAttempts: { free: 9, max: 10 },
      onTooManyFailedAttempts: (l) => void lockouts.push(l),
    });
    const u = await userWithTwoFactor(env);
    const browsers = await Promise.all(Array.from({ length: 6 }, () => challenged(env, u.email)));
    const rs = await Promise.all(
      browsers.flatMap((b, i) =>
        [0, 1, 2, 3, 4].map((k) =>
          b.post(k === 4 ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp", {
            code: k === 4 ? `wrong-${i}-backup` : String(100000 + i * 5 + k),
          }),
        ),
      ),
    );
    const checked = rs.filter((r) => r.body.code === "INVALID_TWO_FACTOR_CODE").length;
    expect(checked).toBeLessThanOrEqual(9);
    expect(rs.filter((r) => r.status !== 401 && r.status !== 429).map((r) => r.text)).toEqual([]);
    const owner = await challenged(env, u.email);
    const right = await owner.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI) });
    expect(right.body.code).toBe("TWO_FACTOR_LOCKED");
    await settle();
    expect(lockouts).toHaveLength(1);
  });

  it("the owner's trusted browser still signs in during a lockout; another account is not affected", async () => {
    const { env } = lockoutEnv();
    const u = await userWithTwoFactor(env);
    const other = await userWithTwoFactor(env);
    const trusted = await challenged(env, u.email);
    const t = await trusted.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI), trustDevice: true });
    expect(t.status).toBe(200);
    expect((await trusted.post("/sign-out", {})).status).toBe(200);
    env.clock.now += 30_000;

    await guessTen(env, u.email, (b) => b.post("/two-factor/verify-totp", { code: wrongCode(env, u.totpURI) }));
    const locked = await challenged(env, u.email);
    expect((await locked.post("/two-factor/verify-totp", { code: totpAt(env, u.totpURI) })).body.code).toBe(
      "TWO_FACTOR_LOCKED",
    );

    const back = await trusted.post("/sign-in/email", { email: u.email, password: u.password });
    expect(back.status).toBe(200);
    expect(back.body.token).toBeTypeOf("string");
    expect((await trusted.get("/get-session")).body.user.email).toBe(u.email);

    const b = await challenged(env, other.email);
    expect((await b.post("/two-factor/verify-totp", { code: totpAt(env, other.totpURI) })).status).toBe(200);
  });

  it("emailed codes share the budget: guessing them after the lockout is refused unchecked", async () => {
    const { env } = lockoutEnv();
    const u = await userWithTwoFactor(env);
    await guessTen(env, u.email, (b) => b.post("/two-factor/verify-backup-code", { code: "not-a-backup-code" }));
    const b = await challenged(env, u.email);
    expect((await b.post("/two-factor/send-otp", {})).status).toBe(200);
    const r = await b.post("/two-factor/verify-otp", { code: env.lastOtp(u.email) });
    expect([r.status, r.body.code]).toEqual([429, "TWO_FACTOR_LOCKED"]);
    expect((await createTestClient(env.auth).get("/get-session")).body).toBeNull();
  });
});
