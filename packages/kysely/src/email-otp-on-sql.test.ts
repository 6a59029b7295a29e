// The code rules on real databases, where parallel requests truly overlap (the memory adapter runs each
// operation alone): the attempt limit, single use and the per-address send limit must hold on SQLite,
// PostgreSQL and MySQL, whose compare-and-swap is an UPDATE … WHERE value = <what was read>.
// The plugin keeps an address's codes in one verification row whose identifier is a keyed hash of the
// address (internal to the plugin), so a test finds its row as the one its requests added.
import { createAuth } from "@gatehouse-auth/core";
import type { Auth } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { emailOTP } from "@gatehouse-auth/email-otp";
import type { EmailOtpType } from "@gatehouse-auth/email-otp";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

interface OtpMail {
  email: string;
  otp: string;
  type: EmailOtpType;
}

let counter = 0;
const newEmail = () => `sql-otp-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** The plugin's verification rows (identifier `email-otp:<keyed hash>`), by id. */
async function otpRows(auth: Auth): Promise<Map<string, { identifier: string; value: string }>> {
  const rows = await auth.$context.db.findMany<{ id: string; identifier: string; value: string }>({
    model: "verification",
    where: [{ field: "identifier", operator: "starts_with", value: "email-otp:" }],
  });
  return new Map(rows.map((r) => [r.id, r]));
}

/** The rows that are not in `before`: those the test's own requests created. */
async function newOtpRows(auth: Auth, before: Map<string, unknown>) {
  return [...(await otpRows(auth)).entries()].filter(([id]) => !before.has(id)).map(([, row]) => row);
}

for (const [name, open] of testDatabases) {
  describe(`email OTP on ${name}`, () => {
    const mails: OtpMail[] = [];
    const make = (): Auth =>
      createAuth({
        database: kyselyAdapter({ database: database() }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        logger: { error: () => {}, warn: () => {} },
        emailAndPassword: { enabled: true },
        plugins: [
          emailOTP({
            sendVerificationOTP: ({ email, otp, type }) => void mails.push({ email, otp, type }),
            sendLimit: { window: 600, max: 3 },
          }),
        ],
      });
    const { database, test } = useTestDatabase(`email OTP on ${name}`, open, () => make().$context.adapter.migrate!());
    const send = (auth: Auth, email: string) =>
      createTestClient(auth).post("/email-otp/send-verification-otp", { email, type: "sign-in" });
    const lastOtp = async (email: string) => {
      await flush();
      const m = mails.filter((x) => x.email === email).at(-1);
      if (!m) throw new Error(`no code to ${email}`);
      return m.otp;
    };

    test("parallel wrong guesses count exactly up to the limit; the right code is then dead", async () => {
      const auth = make();
      const email = newEmail();
      const before = await otpRows(auth);
      expect((await send(auth, email)).status).toBe(200);
      const otp = await lastOtp(email);
      const guesses = Array.from({ length: 12 }, (_, i) => String((Number(otp) + 1 + i) % 1e6).padStart(6, "0"));
      const answers = await Promise.all(
        guesses.map((g) => createTestClient(auth).post("/sign-in/email-otp", { email, otp: g })),
      );
      expect(answers.every((a) => a.status === 400 || a.status === 403)).toBe(true);
      // A guess that kept losing its compare-and-swap is refused uncounted; never more than 3 count.
      expect(answers.filter((a) => a.status === 400).length).toBeLessThanOrEqual(3);
      const rows = await newOtpRows(auth, before);
      expect(rows).toHaveLength(1);
      // The table names no address: the identifier is a keyed hash.
      expect(rows[0]?.identifier).not.toContain(email);
      expect(JSON.parse(rows[0]?.value ?? "{}").codes["sign-in"].attempts).toBeLessThanOrEqual(3);
      // Whatever lost, a few more wrong guesses kill the code for sure.
      for (let i = 0; i < 3; i++) await createTestClient(auth).post("/sign-in/email-otp", { email, otp: guesses[0] });
      expect((await createTestClient(auth).post("/sign-in/email-otp", { email, otp })).status).toBe(403);
    });

    test("parallel right guesses use a code once", async () => {
      const auth = make();
      const email = newEmail();
      expect((await send(auth, email)).status).toBe(200);
      const otp = await lastOtp(email);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => createTestClient(auth).post("/sign-in/email-otp", { email, otp })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.every((a) => a.status === 200 || a.status === 400)).toBe(true);
      expect(await auth.$context.db.count({ model: "user", where: [{ field: "email", value: email }] })).toBe(1);
    });

    test("parallel sends cannot exceed the per-address limit", async () => {
      const auth = make();
      const email = newEmail();
      const before = await otpRows(auth);
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(auth, email)));
      await flush();
      expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
      const sent = mails.filter((m) => m.email === email).length;
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThanOrEqual(3);
      // Racing first requests collide on the row id: one row per address, whatever the race.
      expect(await newOtpRows(auth, before)).toHaveLength(1);
    });
  });
}
