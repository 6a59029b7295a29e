import { username } from "@gatehouse-auth/username";
import { describe, expect, it, vi } from "vitest";
import { createTestClient, eventsOf, makeAuditAuth, newEmail } from "./test-helpers.js";

const PASSWORD = "password-123";

describe("sign-in by username", () => {
  it("records a refused sign-in against the account the name belongs to, in any case, and answers alike", async () => {
    const env = makeAuditAuth({}, { plugins: [username()] });
    const owner = createTestClient(env.auth);
    const up = await owner.post("/sign-up/email", {
      name: "A",
      email: newEmail(),
      password: PASSWORD,
      username: "Alice_1",
    });
    expect(up.status).toBe(200);
    const userId = up.body.user.id as string;

    const attacker = createTestClient(env.auth, undefined, "198.51.100.9");
    const wrong = await attacker.post("/sign-in/username", { username: "ALICE_1", password: "wrong-password" });
    const unknown = await attacker.post("/sign-in/username", { username: "nobody_here", password: "wrong-password" });
    // The audit log adds nothing to the answer: an existing and an unknown name are refused alike.
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(unknown.body);

    const failed = await eventsOf(env, "user.sign_in_failed");
    expect(failed.map((e) => e.userId)).toEqual([userId, null]);
    expect(failed[0]).toMatchObject({
      actorUserId: null,
      ipAddress: "198.51.100.9",
      outcome: "failure",
      details: { method: "username", status: 401, error: "INVALID_USERNAME_OR_PASSWORD" },
    });
    // Never the name tried or the password.
    expect(JSON.stringify(failed)).not.toMatch(/alice|nobody|wrong-password/i);

    // The owner sees the attempt in their own security log.
    const own = await owner.get("/list-security-events", { query: { type: "user.sign_in_failed" } });
    expect(own.body.events.map((e: { ipAddress: string }) => e.ipAddress)).toEqual(["198.51.100.9"]);
  });

  it("looks nothing up for a name that cannot exist", async () => {
    const env = makeAuditAuth({}, { plugins: [username()] });
    const findOne = vi.spyOn(env.auth.$context.db, "findOne");
    const r = await createTestClient(env.auth).post("/sign-in/username", {
      username: "no such name!",
      password: PASSWORD,
    });
    expect(r.status).toBe(422);
    const [failed] = await eventsOf(env, "user.sign_in_failed");
    expect(failed).toMatchObject({ userId: null, details: { status: 422, error: "UNPROCESSABLE_USERNAME" } });
    const userLookups = () => findOne.mock.calls.filter(([q]) => q.model === "user").length;
    expect(userLookups()).toBe(0);
    // Whereas a well-formed name is looked up twice: by the endpoint, then by the audit log.
    await createTestClient(env.auth).post("/sign-in/username", { username: "no_such_name", password: PASSWORD });
    await eventsOf(env, "user.sign_in_failed");
    expect(userLookups()).toBe(2);
  });
});
