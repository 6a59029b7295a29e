import { describe, expect, it } from "vitest";
import { createTestClient } from "../testing/test-client.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";

describe("change-password and set-password", () => {
  it("changes the password, optionally ending other sessions with a new token", async () => {
    const auth = makeTestAuth();
    const u = await signUpUser(auth);
    const other = createTestClient(auth);
    await other.post("/sign-in/email", { email: u.email, password: u.password });
    const r = await u.client.post("/change-password", {
      currentPassword: u.password,
      newPassword: "new-password-1",
      revokeOtherSessions: true,
    });
    expect(r.status).toBe(200);
    expect(r.body.token).not.toBe(u.token);
    expect((await other.get("/get-session")).body).toBeNull();
    expect((await u.client.get("/get-session")).body.session.token).toBe(r.body.token);
    const old = await createTestClient(auth).post("/sign-in/email", { email: u.email, password: u.password });
    expect(old.status).toBe(401);
  });

  it("refuses a wrong current password and bad lengths", async () => {
    const auth = makeTestAuth();
    const u = await signUpUser(auth);
    expect(
      (await u.client.post("/change-password", { currentPassword: "nope-nope", newPassword: "new-password-1" })).body
        .code,
    ).toBe("INVALID_PASSWORD");
    expect(
      (await u.client.post("/change-password", { currentPassword: u.password, newPassword: "short" })).body.code,
    ).toBe("PASSWORD_TOO_SHORT");
  });

  it("set-password exists only on the server API and only when no password exists", async () => {
    const auth = makeTestAuth();
    const u = await signUpUser(auth);
    expect((await u.client.post("/set-password", { newPassword: "another-pass" })).status).toBe(404);
    const headers = { cookie: [...u.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
    await expect(auth.api.setPassword({ body: { newPassword: "another-pass" }, headers })).rejects.toMatchObject({
      code: "USER_ALREADY_HAS_PASSWORD",
      status: 400,
    });
    // a user with only a social account may get a password
    await auth.$context.adapter.deleteMany({ model: "account", where: [{ field: "userId", value: u.userId }] });
    expect(await auth.api.setPassword({ body: { newPassword: "another-pass" }, headers })).toEqual({ status: true });
    expect(
      (await createTestClient(auth).post("/sign-in/email", { email: u.email, password: "another-pass" })).status,
    ).toBe(200);
  });
});
