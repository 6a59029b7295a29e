// The number parser is imported on first use (normalize-phone-number.ts): the first requests of a fresh
// process, arriving together, must wait for it and answer exactly as later ones do.
import { createTestClient } from "@gatehouse-auth/core/testing";
import { describe, expect, it } from "vitest";
import { normalizePhoneNumber } from "./normalize-phone-number.js";
import { makePhoneAuth } from "./test-helpers.js";

describe("the lazily imported number parser", () => {
  it("serves the first requests, good and bad, concurrently: 200 for numbers, 400 for the rest", async () => {
    const env = makePhoneAuth();
    const bodies = ["+1 (555) 000-1234", "not a number", "+1 555 000 1234 ext. 5", "+15550001235", "x".repeat(65)];
    const answers = await Promise.all(
      bodies.map((phoneNumber) => createTestClient(env.auth).post("/phone-number/send-otp", { phoneNumber })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 400, 400, 200, 400]);
    expect(answers[1]?.body.code).toBe("INVALID_PHONE_NUMBER");
    expect(answers[2]?.body.code).toBe("INVALID_PHONE_NUMBER");
    expect(env.sms.map((s) => s.phoneNumber).sort()).toEqual(["+15550001234", "+15550001235"]);
  });

  it("normalizePhoneNumber resolves every spelling of a number to one E.164 form, and null otherwise", async () => {
    const o = { numberCheck: "possible" as const, defaultCountry: "US" as const };
    const forms = await Promise.all(
      ["+1 555-000-1234", "(555) 000-1234", "555.000.1234"].map((s) => normalizePhoneNumber(s, o)),
    );
    expect(forms).toEqual(["+15550001234", "+15550001234", "+15550001234"]);
    expect(await normalizePhoneNumber("call me at +1 555 000 1234", o)).toBeNull();
    expect(await normalizePhoneNumber(42 as unknown as string, o)).toBeNull();
  });
});
