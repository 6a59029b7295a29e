import type { HookContext } from "@gatehouse-auth/core";
import { normalizeEmail } from "@gatehouse-auth/core";
import { asRecord, str } from "./safe-details.js";

// The username plugin's rule (ASCII letters, digits, "_" and "."; stored lower-case): anything else
// cannot name an account, so it costs no query.
const USERNAME = /^[A-Za-z0-9_.]{1,255}$/;

// The phone-number plugin stores numbers in E.164 (`+`, then 7–15 digits). A number sent in that form,
// give or take spaces, dashes, dots and brackets, names its account with one query; any other spelling
// (a national number with the plugin's default country) would need the plugin's parser
// (libphonenumber), which this plugin does not load, so it names none.
const E164 = /^\+[1-9]\d{6,14}$/;
const PHONE_SEPARATORS = /[\s().-]/g;

/**
 * The id of the account a refused sign-in tried to get into — by `body.email`, by `body.username` on
 * `/sign-in/username`, or by an E.164 `body.phoneNumber` on `/sign-in/phone-number` — so its owner sees
 * the attempt in their security log; null when none exists.
 * It runs after the answer is sent (from `onEndpointSettled`), so it can change nothing the caller sees,
 * and only inside this plugin: without the audit log, a refused sign-in costs no extra query.
 */
export async function findAttemptedAccount(ctx: HookContext): Promise<string | null> {
  const body = asRecord(ctx.body);
  const email = str(body.email);
  if (email) {
    const address = validAddress(email);
    return address ? ((await ctx.auth.users.findByEmail(address))?.id ?? null) : null;
  }
  const path = ctx.endpoint.config.path;
  if (path === "/sign-in/username") {
    const username = str(body.username);
    return username && USERNAME.test(username) ? userIdWhere(ctx, "username", username.toLowerCase()) : null;
  }
  if (path === "/sign-in/phone-number") {
    const phone = str(body.phoneNumber)?.slice(0, 64).replace(PHONE_SEPARATORS, "");
    return phone && E164.test(phone) ? userIdWhere(ctx, "phoneNumber", phone) : null;
  }
  return null;
}

async function userIdWhere(ctx: HookContext, field: string, value: string): Promise<string | null> {
  const found = await ctx.auth.db.findOne<{ id?: unknown }>({
    model: "user",
    where: [{ field, value }],
    select: ["id"],
  });
  return str(found?.id) ?? null;
}

/** The stored form of `email`, or null when it is no address (so no account has it, and no query is due). */
function validAddress(email: string): string | null {
  try {
    return normalizeEmail(email);
  } catch {
    return null;
  }
}
