import { createTestClient } from "@gatehouse-auth/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOrganization, patchOp, startScimServer } from "./test-helpers.js";

const resetTokens: string[] = [];
let server: Awaited<ReturnType<typeof startScimServer>>;
beforeAll(async () => {
  server = await startScimServer(
    {},
    {
      emailAndPassword: {
        enabled: true,
        password: {
          hash: async (p) => `plain:${p}`,
          verify: async ({ hash, password }) => hash === `plain:${password}`,
        },
        sendResetPassword: ({ token }) => void resetTokens.push(token),
      },
    },
  );
});
afterAll(() => server.close());

describe("an email change by the directory", () => {
  it("leaves the new address unverified and voids reset links mailed to the old one", async () => {
    const org = await newOrganization(server);
    const created = await org.scim.post("/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: "kate@acme.test",
      emails: [{ value: "kate@acme.test", primary: true }],
    });
    const anon = createTestClient(server.auth);
    await anon.post("/request-password-reset", { email: "kate@acme.test" });
    const token = resetTokens.at(-1) as string;
    expect(token).toBeTruthy();
    const changed = await org.scim.patch(
      `/Users/${created.body.id}`,
      patchOp({ op: "Replace", path: 'emails[type eq "work"].value', value: "kate.new@acme.test" }),
    );
    expect(changed.status).toBe(200);
    const account = await server.auth.$context.users.findByEmail("kate.new@acme.test");
    expect(account?.emailVerified).toBe(false);
    const reset = await anon.post("/reset-password", { token, newPassword: "a-new-password-1" });
    expect(reset.status).toBe(400);
  });
});
