import type { HookContext } from "@gatehouse/core";
import { normalizeEmail } from "@gatehouse/core";
import { asRecord, str } from "./safe-details.js";

// The username plugin's rule (ASCII letters, digits, "_" and "."; stored lower-case): anything else
// cannot name an account, so it costs no query.
const USERNAME = /^[A-Za-z0-9_.]{1,255}$/;

/**
 * The id of the account a refused sign-in tried to get into — by `body.email`, or by `body.username` on
 * `/sign-in/username` — so its owner sees the attempt in their security log; null when none exists.
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
  const username = str(body.username);
  if (ctx.endpoint.config.path !== "/sign-in/username" || !username || !USERNAME.test(username)) return null;
  const found = await ctx.auth.db.findOne<{ id?: unknown }>({
    model: "user",
    where: [{ field: "username", value: username.toLowerCase() }],
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
