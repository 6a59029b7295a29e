import { generateRandomString, sha256Base64Url, signCookieValue, unsignCookieValue } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";

/**
 * A pending ceremony: the challenge the server issued, what it is for, and (registration) whose it is.
 * It lives in one verification row named by the SHA-256 of a random token that only this browser's
 * signed, HttpOnly cookie carries — so the challenge is never taken from the client, a second browser
 * cannot complete it, and a database leak yields no usable cookie.
 */
export interface CeremonyState {
  kind: "registration" | "authentication";
  challenge: string;
  /** The signed-in user a registration is for; null for a sign-in. */
  userId: string | null;
}

const COOKIE = "passkey_challenge";
const identifierOf = (token: string) => `passkey-challenge:${sha256Base64Url(token)}`;
const cookieName = (ctx: HookContext) => ctx.auth.cookies.named(COOKIE);

/** Stores a ceremony for this browser and sets its cookie (replacing any earlier one of this browser). */
export async function startCeremony(ctx: HookContext, state: CeremonyState, expiresIn: number): Promise<void> {
  const previous = tokenOf(ctx);
  if (previous)
    await ctx.auth.db.deleteMany({
      model: "verification",
      where: [{ field: "identifier", value: identifierOf(previous) }],
    });
  const token = generateRandomString(32);
  await ctx.auth.verifications.create({
    identifier: identifierOf(token),
    value: JSON.stringify(state),
    expiresAt: new Date(ctx.auth.now() + expiresIn * 1000),
  });
  ctx.setCookie(cookieName(ctx), signCookieValue(ctx.auth.secret, token), {
    ...ctx.auth.cookies.attributes,
    maxAge: expiresIn,
  });
}

function tokenOf(ctx: HookContext): string | null {
  const raw = ctx.getCookie(cookieName(ctx));
  if (!raw) return null;
  try {
    return unsignCookieValue(ctx.auth.secret, decodeURIComponent(raw));
  } catch {
    return null;
  }
}

function parse(value: string): CeremonyState | null {
  try {
    const s = JSON.parse(value) as Partial<CeremonyState>;
    if (s.kind !== "registration" && s.kind !== "authentication") return null;
    if (typeof s.challenge !== "string") return null;
    return { kind: s.kind, challenge: s.challenge, userId: typeof s.userId === "string" ? s.userId : null };
  } catch {
    return null;
  }
}

/**
 * Spends this browser's ceremony of `kind`: the row is deleted before anything is checked, and only the
 * request whose delete removed it gets the state — so a challenge is answered at most once, even by
 * parallel requests, and a failed verification leaves nothing to retry against. The cookie is cleared.
 * Null when there is no live ceremony of that kind (no or forged cookie, spent, expired, other kind).
 */
export async function takeCeremony(ctx: HookContext, kind: CeremonyState["kind"]): Promise<CeremonyState | null> {
  const token = tokenOf(ctx);
  if (!token) return null;
  ctx.setCookie(cookieName(ctx), "", { ...ctx.auth.cookies.attributes, maxAge: 0 });
  const row = await ctx.auth.verifications.find(identifierOf(token));
  if (!row) return null;
  const deleted = await ctx.auth.db.deleteMany({ model: "verification", where: [{ field: "id", value: row.id }] });
  if (deleted !== 1 || row.expiresAt.getTime() <= ctx.auth.now()) return null;
  const state = parse(row.value);
  return state?.kind === kind ? state : null;
}
