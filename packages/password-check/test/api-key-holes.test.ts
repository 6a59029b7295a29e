// Issue 26: a leaked API key must not become a full, permanent account. Each hole below let a key's
// reader add a sign-in method, move the address, or read session tokens; each now answers 403
// CREDENTIAL_NOT_ALLOWED through HTTP and changes nothing.
import { admin } from "@gatehouse-auth/admin";
import { apiKey } from "@gatehouse-auth/api-key";
import { bearer } from "@gatehouse-auth/bearer";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import { passkey } from "@gatehouse-auth/passkey";
import { phoneNumber } from "@gatehouse-auth/phone-number";
import { describe, expect, it } from "vitest";

const REFUSED = { code: "CREDENTIAL_NOT_ALLOWED", message: "This endpoint cannot be called with an API key" };

function setUp() {
  const codes = new Map<string, string>();
  const mails: string[] = [];
  const auth = makeTestAuth({
    user: { changeEmail: { enabled: true } },
    emailVerification: { sendVerificationEmail: async ({ user }) => void mails.push(user.email) },
    plugins: [
      admin(),
      apiKey(),
      bearer(),
      passkey(),
      phoneNumber({ sendOTP: ({ phoneNumber: n, code }) => void codes.set(n, code) }),
    ],
  });
  return { auth, codes, mails };
}

async function ownerWithKey(auth: ReturnType<typeof setUp>["auth"]) {
  const owner = await signUpUser(auth);
  const created = await owner.client.post("/api-key/create", { name: "ci" });
  expect(created.status).toBe(200);
  const attacker = createTestClient(auth);
  const withKey = { headers: { "x-api-key": created.body.key as string } };
  return { owner, attacker, withKey };
}

describe("a leaked API key cannot take the account over", () => {
  it("cannot register a passkey (a second, permanent sign-in that bypasses two-factor)", async () => {
    const { auth } = setUp();
    const { owner, attacker, withKey } = await ownerWithKey(auth);
    const options = await attacker.post("/passkey/generate-register-options", {}, withKey);
    expect([options.status, options.body]).toEqual([403, REFUSED]);
    const verify = await attacker.post("/passkey/verify-registration", { response: { id: "x" } }, withKey);
    expect([verify.status, verify.body]).toEqual([403, REFUSED]);
    expect(await auth.$context.adapter.count({ model: "passkey" })).toBe(0);
    expect((await owner.client.get("/passkey/list-user-passkeys")).body).toEqual([]);
  });

  it("cannot attach the attacker's phone number (a phone-code sign-in into the owner's account)", async () => {
    const { auth, codes } = setUp();
    const { owner, attacker, withKey } = await ownerWithKey(auth);
    const phone = "+15555550177";
    expect((await attacker.post("/phone-number/send-otp", { phoneNumber: phone })).status).toBe(200);
    const code = codes.get(phone)!;
    const verify = await attacker.post(
      "/phone-number/verify",
      { phoneNumber: phone, code, updatePhoneNumber: true },
      withKey,
    );
    expect([verify.status, verify.body]).toEqual([403, REFUSED]);
    const update = await attacker.post("/phone-number/update", { phoneNumber: phone, code }, withKey);
    expect([update.status, update.body]).toEqual([403, REFUSED]);
    const user = await auth.$context.users.findById(owner.userId);
    expect(user).toMatchObject({ id: owner.userId });
    expect((user as { phoneNumber?: string | null }).phoneNumber ?? null).toBeNull();
  });

  it("cannot move an unverified account's address to the attacker's (then reset the password)", async () => {
    const { auth, mails } = setUp();
    const { owner, attacker, withKey } = await ownerWithKey(auth);
    mails.length = 0;
    const r = await attacker.post("/change-email", { newEmail: "attacker@example.com" }, withKey);
    expect([r.status, r.body]).toEqual([403, REFUSED]);
    expect(mails).toEqual([]);
    expect((await auth.$context.users.findById(owner.userId))?.email).toBe(owner.email);
  });

  it("cannot read the owner's session tokens; the owner reads ids only", async () => {
    const { auth } = setUp();
    const { owner, attacker, withKey } = await ownerWithKey(auth);
    const r = await attacker.get("/list-sessions", withKey);
    expect([r.status, r.body]).toEqual([403, REFUSED]);
    expect(r.text).not.toContain(owner.token);
    const own = await owner.client.get("/list-sessions");
    expect(own.status).toBe(200);
    expect(own.text).not.toContain(owner.token);
    expect(own.body).toEqual([expect.objectContaining({ userId: owner.userId, current: true })]);
    // A key may still read whom it stands for (get-session), without any permission.
    const who = await attacker.get("/get-session", withKey);
    expect([who.status, who.body.user.id]).toEqual([200, owner.userId]);
  });
});
