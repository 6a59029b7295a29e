// The two-factor limits on real databases, where requests truly overlap (the memory adapter runs one at a
// time): parallel wrong guesses cannot exceed the attempt limit, one TOTP code or backup code completes
// one sign-in only.
import { createHmac } from "node:crypto";
import { createAuth } from "@gatehouse-auth/core";
import type { Auth } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { twoFactor } from "@gatehouse-auth/two-factor";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

const PASSWORD = "password-123";
let counter = 0;

/** The code an authenticator app shows for `uri` in 30-second step `step` (RFC 6238: SHA-1, 6 digits). */
function totpAt(uri: string, step: number): string {
  const secret = (new URL(uri).searchParams.get("secret") ?? "").replace(/=+$/, "").toUpperCase();
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of secret) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counterBytes = Buffer.alloc(8);
  counterBytes.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", key).update(counterBytes).digest();
  const offset = (mac.at(-1) ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

for (const [name, open] of testDatabases) {
  describe(`two-factor on ${name}`, () => {
    const make = (): Auth =>
      createAuth({
        database: kyselyAdapter({ database: database() }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        emailAndPassword: { enabled: true },
        logger: { error: () => {}, warn: () => {} },
        plugins: [twoFactor()],
      });
    const { database, test } = useTestDatabase(`two-factor on ${name}`, open, () => make().$context.adapter.migrate!());

    async function userWithTwoFactor(auth: Auth) {
      const client = createTestClient(auth);
      const email = `tf-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      expect((await client.post("/sign-up/email", { name: "T", email, password: PASSWORD })).status).toBe(200);
      const r = await client.post("/two-factor/enable", { password: PASSWORD });
      const uri = r.body.totpURI as string;
      const step = Math.floor(Date.now() / 30_000);
      const codeAt = (s: number) => totpAt(uri, s);
      expect((await client.post("/two-factor/verify-totp", { code: codeAt(step - 1) })).status).toBe(200);
      return { email, codeAt, step, backupCodes: r.body.backupCodes as string[] };
    }
    const challenged = async (auth: Auth, email: string) => {
      const b = createTestClient(auth);
      expect((await b.post("/sign-in/email", { email, password: PASSWORD })).body.twoFactorRedirect).toBe(true);
      return b;
    };

    test("parallel wrong guesses on one pending sign-in: at most 5 counted, then it is dead", async () => {
      const auth = make();
      const u = await userWithTwoFactor(auth);
      const b = await challenged(auth, u.email);
      const rs = await Promise.all(
        Array.from({ length: 15 }, (_, i) => b.post("/two-factor/verify-totp", { code: String(200000 + i) })),
      );
      // 401, or 429 when the account's own budget (across sign-ins) refuses a code unchecked.
      expect(rs.every((r) => r.status === 401 || r.status === 429)).toBe(true);
      expect(rs.filter((r) => r.body.code === "INVALID_TWO_FACTOR_CODE").length).toBeLessThanOrEqual(5);
      expect((await b.post("/two-factor/verify-totp", { code: u.codeAt(u.step) })).status).toBe(401);
    });

    test("one TOTP code, two pending sign-ins in parallel: exactly one session", async () => {
      const auth = make();
      const u = await userWithTwoFactor(auth);
      const [b1, b2] = [await challenged(auth, u.email), await challenged(auth, u.email)];
      const code = u.codeAt(u.step);
      const rs = await Promise.all([b1, b2].map((b) => b.post("/two-factor/verify-totp", { code })));
      expect(rs.map((r) => r.status).sort()).toEqual([200, 401]);
    });

    test("one backup code, three pending sign-ins in parallel: exactly one session", async () => {
      const auth = make();
      const u = await userWithTwoFactor(auth);
      const bs = [await challenged(auth, u.email), await challenged(auth, u.email), await challenged(auth, u.email)];
      const rs = await Promise.all(bs.map((b) => b.post("/two-factor/verify-backup-code", { code: u.backupCodes[0] })));
      expect(rs.map((r) => r.status).sort()).toEqual([200, 401, 401]);
    });

    test("one pending sign-in completed twice in parallel (TOTP and backup code): one session", async () => {
      const auth = make();
      const u = await userWithTwoFactor(auth);
      const b = await challenged(auth, u.email);
      const rs = await Promise.all([
        b.post("/two-factor/verify-totp", { code: u.codeAt(u.step) }),
        b.post("/two-factor/verify-backup-code", { code: u.backupCodes[1] }),
      ]);
      expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
    });
  });
}
