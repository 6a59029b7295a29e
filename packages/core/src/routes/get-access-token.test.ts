import { describe, expect, it } from "vitest";
import { driveSocialFlow } from "../testing/drive-social-flow.js";
import { signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";
import { authWithAcme, startFakeOidc } from "./fake-oidc.test-helper.js";

const kim = { sub: "kim-1", email: "kim@example.com", email_verified: true };

describe("get-access-token and refresh-token with userId", () => {
  it("server code names the user in-process through auth.api", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake);
    const { client } = await driveSocialFlow(auth, "acme", fake.codeFor(kim));
    const userId = (await client.get("/get-session")).body.user.id as string;

    const token = await auth.api.getAccessToken({ body: { providerId: "acme", userId } });
    expect(token).toMatchObject({ accessToken: expect.stringMatching(/^at\./), scopes: [] });
    const refreshed = await auth.api.refreshToken({ body: { providerId: "acme", userId } });
    expect(refreshed).toMatchObject({ accessToken: "at.refreshed.1", refreshToken: expect.stringMatching(/^rt\./) });
    expect((await auth.api.getAccessToken({ body: { providerId: "acme", userId } })).accessToken).toBe(
      "at.refreshed.1",
    );

    await expect(auth.api.getAccessToken({ body: { providerId: "acme" } })).rejects.toMatchObject({
      code: "USER_ID_OR_SESSION_REQUIRED",
      message: "Either userId or session is required",
    });
  });

  it("over HTTP userId is ignored: anonymous callers get 401, signed-in callers only their own accounts", async () => {
    const fake = await startFakeOidc();
    const auth = authWithAcme(fake);
    const { client } = await driveSocialFlow(auth, "acme", fake.codeFor(kim));
    const userId = (await client.get("/get-session")).body.user.id as string;

    for (const path of ["/get-access-token", "/refresh-token"]) {
      const anonymous = await createTestClient(auth).post(path, { providerId: "acme", userId });
      expect(anonymous.status, path).toBe(401);
      const stranger = await signUpUser(auth);
      const r = await stranger.client.post(path, { providerId: "acme", userId });
      expect(r.status, path).toBe(400);
      expect(r.body.code, path).toBe("ACCOUNT_NOT_FOUND");
    }
    expect(fake.idp.requestsTo("/token").filter((t) => t.form?.get("grant_type") === "refresh_token")).toHaveLength(0);
  });
});
