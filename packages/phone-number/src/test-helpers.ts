// Shared by the *.test.ts files of this package: an auth with the plugin, a texted-code outbox and an
// injectable clock.
import type { AuthOptions } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import { phoneNumber } from "./phone-number-plugin.js";
import type { PhoneNumberOptions } from "./phone-number-options.js";

/** One texted code, as the plugin handed it to the app. */
export interface Sms {
  kind: "otp" | "reset";
  phoneNumber: string;
  code: string;
}

/** An auth with the plugin (reset by phone on); `clock.now` drives the auth's time, `sms` collects texts. */
export function makePhoneAuth(options: Partial<PhoneNumberOptions> = {}, extra: Partial<AuthOptions> = {}) {
  const clock = { now: Date.now() };
  const sms: Sms[] = [];
  const auth = makeTestAuth({
    emailAndPassword: { enabled: true },
    advanced: { now: () => clock.now },
    ...extra,
    plugins: [
      phoneNumber({
        sendOTP: ({ phoneNumber, code }) => void sms.push({ kind: "otp", phoneNumber, code }),
        sendPasswordResetOTP: ({ phoneNumber, code }) => void sms.push({ kind: "reset", phoneNumber, code }),
        ...options,
      }),
      ...(extra.plugins ?? []),
    ],
  });
  /** The latest code texted to `phone` of `kind`. */
  const lastCode = (phone: string, kind: Sms["kind"] = "otp") => {
    const found = sms.filter((m) => m.phoneNumber === phone && m.kind === kind).at(-1);
    if (!found) throw new Error(`no ${kind} text to ${phone}`);
    return found.code;
  };
  return { auth, clock, sms, lastCode };
}

let seq = 0;
/** A fresh, possible North American number in E.164 (+1 555 0…). */
export const newPhone = () => `+1555${String(++seq).padStart(7, "0")}`;

/** Asks for a code for `phone` as `client` and returns it (asserts the request succeeded). */
export async function codeFor(client: Pick<TestClient, "post">, lastCode: (p: string) => string, phone: string) {
  const r = await client.post("/phone-number/send-otp", { phoneNumber: phone });
  if (r.status !== 200) throw new Error(`send-otp failed: ${r.status} ${r.text}`);
  return lastCode(phone);
}

/** A signed-up user who attached and verified `phone`. */
export async function userWithPhone(env: ReturnType<typeof makePhoneAuth>, phone = newPhone()) {
  const u = await signUpUser(env.auth);
  const code = await codeFor(u.client, env.lastCode, phone);
  const r = await u.client.post("/phone-number/verify", { phoneNumber: phone, code, updatePhoneNumber: true });
  if (r.status !== 200) throw new Error(`attach failed: ${r.status} ${r.text}`);
  return { ...u, phone };
}

export { createTestClient, signUpUser };
