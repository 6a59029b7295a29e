import { phoneNumber } from "@gatehouse-auth/phone-number";
import { describe, expect, it, vi } from "vitest";
import { createTestClient, eventsOf, makeAuditAuth, newEmail } from "./test-helpers.js";

const PASSWORD = "password-123";
const NUMBER = "+15555550123"; // stored as the phone-number plugin stores numbers: E.164

describe("sign-in by phone number", () => {
  it("records a refused sign-in against the account an E.164 number belongs to, separators or not", async () => {
    const env = makeAuditAuth({}, { plugins: [phoneNumber({ sendOTP: () => {} })] });
    const owner = createTestClient(env.auth);
    const up = await owner.post("/sign-up/email", { name: "P", email: newEmail(), password: PASSWORD });
    const userId = up.body.user.id as string;
    await env.auth.$context.users.update(userId, { phoneNumber: NUMBER, phoneNumberVerified: true });

    const attacker = createTestClient(env.auth, undefined, "198.51.100.7");
    const tries = ["+15555550123", "+1 (555) 555-0123", "+1.555.555.0123", "+15555550199"];
    for (const number of tries) {
      const r = await attacker.post("/sign-in/phone-number", { phoneNumber: number, password: "wrong-password" });
      expect(r.status).toBe(401);
    }
    const failed = await eventsOf(env, "user.sign_in_failed");
    expect(failed.map((e) => e.userId)).toEqual([userId, userId, userId, null]);
    expect(failed[0]).toMatchObject({ actorUserId: null, ipAddress: "198.51.100.7", outcome: "failure" });
    // Never the number tried or the password.
    expect(JSON.stringify(failed)).not.toMatch(/555|wrong-password/);

    const own = await owner.get("/list-security-events", { query: { type: "user.sign_in_failed" } });
    expect(own.body.events).toHaveLength(3);
  });

  it("looks nothing up for a number not in international form (it would need the plugin's parser)", async () => {
    const env = makeAuditAuth({}, { plugins: [phoneNumber({ sendOTP: () => {}, defaultCountry: "US" })] });
    const findOne = vi.spyOn(env.auth.$context.db, "findOne");
    const userLookups = () =>
      findOne.mock.calls.filter(
        ([q]) => q.model === "user" && q.where?.some((w) => "field" in w && w.field === "phoneNumber"),
      ).length;
    for (const number of ["(555) 555-0123", "+0123456789", "+1 555", `+1${"5".repeat(40)}`]) {
      await createTestClient(env.auth).post("/sign-in/phone-number", { phoneNumber: number, password: PASSWORD });
    }
    const failed = await eventsOf(env, "user.sign_in_failed");
    expect(failed).toHaveLength(4);
    expect(failed.every((e) => e.userId === null)).toBe(true);
    // The endpoint itself looked the national number up (its parser knows the default country); the audit log did not.
    expect(userLookups()).toBe(1);
  });
});
