import { AuthError, generateRandomString, sha256Base64Url } from "@gatehouse-auth/core";
import type { AuthContext } from "@gatehouse-auth/core";
import { MAGIC_LINK_ERRORS } from "./magic-link-errors.js";
import type { ResolvedMagicLinkOptions } from "./magic-link-options.js";

/** What a link's row stores: who it is for, and the name to give a user it creates. */
export interface MagicLinkPayload {
  email: string;
  name?: string;
}

/** The outcome of spending a link. */
export type MagicLinkLookup = { status: "valid"; payload: MagicLinkPayload } | { status: "expired" | "invalid" };

/** 32 characters of [A-Za-z0-9]: about 190 bits, nothing to guess within a link's minutes. */
const TOKEN_LENGTH = 32;
const MAX_TOKEN_LENGTH = 256;
const TOKEN_PREFIX = "magic-link:";
const SEND_PREFIX = "magic-link-send:";

// Stored as SHA-256, as session tokens are: a leaked verification table signs nobody in. A plain hash
// suffices (unlike a 6-digit code) because the token itself has ~190 bits.
const tokenIdentifier = (token: string) => `${TOKEN_PREFIX}${sha256Base64Url(token)}`;
// The address is hashed too: the table need not list who asked for links.
const sendIdentifier = (email: string) => `${SEND_PREFIX}${sha256Base64Url(email)}`;

/**
 * Counts a link for `email` against `sendLimit` (per address, whoever asks) and throws
 * MAGIC_LINK_SEND_LIMIT past it. Insert first, then count: of concurrent requests each sees at least
 * its own row and every earlier one, so together they never exceed the limit (at worst a racing request
 * is refused that could have passed). A refused request withdraws its row, so a flood does not extend
 * the lock-out. Rows expire with their window; core sweeps expired verification rows.
 */
async function countSend(auth: AuthContext, o: ResolvedMagicLinkOptions, email: string): Promise<void> {
  const identifier = sendIdentifier(email);
  const now = auth.now();
  const mine = await auth.verifications.create({
    identifier,
    value: "1",
    expiresAt: new Date(now + o.sendLimit.window * 1000),
  });
  const live = await auth.db.count({
    model: "verification",
    where: [
      { field: "identifier", value: identifier },
      { field: "expiresAt", operator: "gt", value: new Date(now) },
    ],
  });
  if (live <= o.sendLimit.max) return;
  await auth.db.deleteMany({ model: "verification", where: [{ field: "id", value: mine.id }] });
  throw new AuthError(MAGIC_LINK_ERRORS.MAGIC_LINK_SEND_LIMIT);
}

/** Issues a link token for `payload.email` (after counting it against the send limit) and returns it. */
export async function issueMagicLink(
  auth: AuthContext,
  o: ResolvedMagicLinkOptions,
  payload: MagicLinkPayload,
): Promise<string> {
  await countSend(auth, o, payload.email);
  const token = generateRandomString(TOKEN_LENGTH);
  await auth.verifications.create({
    identifier: tokenIdentifier(token),
    value: JSON.stringify(payload),
    expiresAt: new Date(auth.now() + o.expiresIn * 1000),
  });
  return token;
}

/**
 * Spends a link: of concurrent callers with one token exactly one gets `valid` (the row is deleted and
 * only the caller whose delete removed it wins). An expired link is removed too.
 */
export async function consumeMagicLink(auth: AuthContext, token: string): Promise<MagicLinkLookup> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return { status: "invalid" };
  const row = await auth.verifications.consume(tokenIdentifier(token));
  if (!row) return { status: "invalid" };
  if (row.expiresAt.getTime() <= auth.now()) return { status: "expired" };
  try {
    const payload = JSON.parse(row.value) as MagicLinkPayload;
    return typeof payload?.email === "string" ? { status: "valid", payload } : { status: "invalid" };
  } catch {
    return { status: "invalid" };
  }
}
