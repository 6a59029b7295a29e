// Reset-token voiding on real databases: the one statement that deletes a user's outstanding reset
// links (identifier prefix + stored value) must match them, and only them, on every dialect.
import { createAuth } from "@gatehouse-auth/core";
import { createTestClient, signUpUser } from "@gatehouse-auth/core/testing";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

for (const [name, open] of testDatabases) {
  describe(`reset tokens on ${name}`, () => {
    const mails: { to: string; token: string }[] = [];
    const make = () =>
      createAuth({
        database: kyselyAdapter({ database: database() }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        logger: { error: () => {}, warn: () => {} },
        emailAndPassword: { sendResetPassword: ({ user, token }) => void mails.push({ to: user.email, token }) },
      });
    const { database, test } = useTestDatabase(`reset tokens on ${name}`, open, () =>
      make().$context.adapter.migrate!(),
    );

    const requestReset = async (auth: ReturnType<typeof make>, email: string) => {
      await createTestClient(auth).post("/request-password-reset", { email });
      return mails.filter((m) => m.to === email.toLowerCase()).at(-1)!.token;
    };
    const reset = (auth: ReturnType<typeof make>, token: string) =>
      createTestClient(auth).post("/reset-password", { newPassword: "new-password-1", token });

    test("a reset or a password change voids the user's other reset links, and no one else's", async () => {
      const auth = make();
      const a = await signUpUser(auth);
      const b = await signUpUser(auth);
      const [a1, a2, b1] = [
        await requestReset(auth, a.email),
        await requestReset(auth, a.email),
        await requestReset(auth, b.email),
      ];
      // A token for an unknown address (userId null) is no one's: no void touches it.
      await createTestClient(auth).post("/request-password-reset", { email: "nobody@example.com" });
      expect((await reset(auth, a1)).status).toBe(200);
      expect((await reset(auth, a2)).status).toBe(400);
      const a3 = await requestReset(auth, a.email);
      await b.client.post("/change-password", { currentPassword: b.password, newPassword: "password-456" });
      expect((await reset(auth, b1)).status).toBe(400);
      expect((await reset(auth, a3)).status).toBe(200);
      const left = await auth.$context.adapter.count({
        model: "verification",
        where: [{ field: "identifier", operator: "starts_with", value: "reset-password:" }],
      });
      expect(left).toBe(1); // the unknown address's decoy
    });
  });
}
