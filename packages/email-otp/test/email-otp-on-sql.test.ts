// The code rules on real databases, where parallel requests truly overlap (the memory adapter runs each
// operation alone): the attempt limit, single use and the per-address send limit must hold on SQLite,
// PostgreSQL and MySQL, whose compare-and-swap is an UPDATE … WHERE value = <what was read>.
// The kysely adapter and its test databases are imported from the sibling package's sources (a test-only
// reach: @gatehouse/email-otp does not depend on @gatehouse/kysely).
import { createAuth } from "@gatehouse/core";
import type { Auth } from "@gatehouse/core";
import { createTestClient } from "@gatehouse/core/testing";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "../../kysely/src/kysely-adapter.js";
import { testDatabases, useTestDatabase } from "../../kysely/src/test-databases.js";
import { emailOTP } from "../src/email-otp-plugin.js";
import { emailOtpIdentifier } from "../src/email-otp-store.js";
import type { OtpMail } from "../src/test-helpers.js";

let counter = 0;
const newEmail = () => `sql-otp-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const flush = () => new Promise((resolve) => setImmediate(resolve));

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
      expect((await send(auth, email)).status).toBe(200);
      const otp = await lastOtp(email);
      const guesses = Array.from({ length: 12 }, (_, i) => String((Number(otp) + 1 + i) % 1e6).padStart(6, "0"));
      const answers = await Promise.all(
        guesses.map((g) => createTestClient(auth).post("/sign-in/email-otp", { email, otp: g })),
      );
      expect(answers.every((a) => a.status === 400 || a.status === 403)).toBe(true);
      // A guess that kept losing its compare-and-swap is refused uncounted; never more than 3 count.
      expect(answers.filter((a) => a.status === 400).length).toBeLessThanOrEqual(3);
      const rows = await auth.$context.db.findMany<{ value: string }>({
        model: "verification",
        where: [{ field: "identifier", value: emailOtpIdentifier(auth.$context, email) }],
      });
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
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(auth, email)));
      await flush();
      expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
      const sent = mails.filter((m) => m.email === email).length;
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThanOrEqual(3);
      // Racing first requests collide on the row id: one row per address, whatever the race.
      const identifier = emailOtpIdentifier(auth.$context, email);
      expect(
        await auth.$context.db.count({ model: "verification", where: [{ field: "identifier", value: identifier }] }),
      ).toBe(1);
    });
  });
}
