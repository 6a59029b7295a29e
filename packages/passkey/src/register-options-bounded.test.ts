// generate-register-options reads a bounded number of the user's passkeys (the newest 100) for WebAuthn's
// excludeCredentials, however many are stored; an older authenticator past them is refused at verify.
import { describe, expect, it } from "vitest";
import { EXCLUDED_PASSKEYS_MAX } from "./passkey-record.js";
import { SoftAuthenticator, makePasskeyAuth, register, signUpUser } from "./test-helpers.js";

describe("registration options with many passkeys", () => {
  it("exclude the newest 100; the oldest authenticator registering again gets a 409, not a second row", async () => {
    const env = makePasskeyAuth();
    const u = await signUpUser(env.auth);
    const oldest = new SoftAuthenticator();
    const first = await register(u.client, oldest);
    expect(first.status).toBe(200);
    for (let i = 0; i < EXCLUDED_PASSKEYS_MAX + 20; i++) {
      await env.auth.$context.db.create({
        model: "passkey",
        data: {
          userId: u.userId,
          publicKey: "AQID",
          credentialID: `cred-${i}`,
          deviceType: "singleDevice",
          createdAt: new Date(env.clock.now + (i + 1) * 1000),
        },
      });
    }
    const options = await u.client.post("/passkey/generate-register-options", {});
    expect(options.status).toBe(200);
    const excluded = (options.body.excludeCredentials as { id: string }[]).map((c) => c.id);
    expect(excluded).toHaveLength(EXCLUDED_PASSKEYS_MAX);
    expect(new Set(excluded)).toEqual(new Set(Array.from({ length: 100 }, (_, i) => `cred-${i + 20}`)));
    const again = oldest.register(options.body, { credential: oldest.credentials[0] });
    const r = await u.client.post("/passkey/verify-registration", { response: again });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("PASSKEY_ALREADY_REGISTERED");
    const rows = await env.auth.$context.db.findMany({
      model: "passkey",
      where: [{ field: "userId", value: u.userId }],
    });
    expect(rows).toHaveLength(EXCLUDED_PASSKEYS_MAX + 21);
  });
});
