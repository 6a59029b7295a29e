import { generateRandomString, sha256Base64Url, signCookieValue, unsignCookieValue } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";

/** A sent AuthnRequest (SAML) or authorization request (OIDC), bound to the browser that started it. */
export interface SamlRequestState {
  requestId: string;
  /** When the request was sent (ms since the epoch). */
  issuedAt: number;
  providerId: string;
  callbackURL: string;
  errorCallbackURL: string | null;
  newUserCallbackURL: string | null;
  /** OIDC connections: the state, nonce and PKCE verifier the authorization request carried. */
  oidc?: { state: string; nonce: string; codeVerifier: string };
}

const COOKIE = "sso_state";
const identifierOf = (token: string) => `sso-request:${sha256Base64Url(token)}`;

/**
 * Stores the request under the hash of a random token only this browser's signed cookie carries. The
 * IdP's POST is cross-site, so on https the cookie is SameSite=None (still HttpOnly, Secure); the
 * request it names is the only InResponseTo the ACS accepts from this browser.
 */
export async function saveRequestState(ctx: HookContext, state: SamlRequestState, lifetime: number): Promise<void> {
  const token = generateRandomString(32);
  await ctx.auth.verifications.create({
    identifier: identifierOf(token),
    value: JSON.stringify(state),
    expiresAt: new Date(ctx.auth.now() + lifetime * 1000),
  });
  const attributes = ctx.auth.cookies.attributes;
  ctx.setCookie(ctx.auth.cookies.named(COOKIE), signCookieValue(ctx.auth.secret, token), {
    ...attributes,
    ...(attributes.secure ? { sameSite: "None" as const } : {}),
    maxAge: lifetime,
  });
}

/**
 * Spends this browser's pending request: the row is deleted first and only the request whose delete
 * removed it gets the state, so one AuthnRequest is answered at most once. Null without a live one.
 */
export async function takeRequestState(ctx: HookContext): Promise<SamlRequestState | null> {
  const raw = ctx.getCookie(ctx.auth.cookies.named(COOKIE));
  if (!raw) return null;
  let token: string | null;
  try {
    token = unsignCookieValue(ctx.auth.secret, decodeURIComponent(raw));
  } catch {
    return null;
  }
  if (!token) return null;
  const where = [{ field: "identifier", value: identifierOf(token) }];
  const row = await ctx.auth.db.findOne<{ value: string; expiresAt: Date }>({ model: "verification", where });
  if (!row) return null;
  const deleted = await ctx.auth.db.deleteMany({ model: "verification", where });
  if (deleted < 1 || new Date(row.expiresAt).getTime() <= ctx.auth.now()) return null;
  ctx.setCookie(ctx.auth.cookies.named(COOKIE), "", { ...ctx.auth.cookies.attributes, maxAge: 0 });
  try {
    return JSON.parse(row.value) as SamlRequestState;
  } catch {
    return null;
  }
}
