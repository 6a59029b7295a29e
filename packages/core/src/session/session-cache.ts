import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import { constantTimeEqual, hmacSha256Base64Url } from "../crypto/index.js";
import type { SessionWithUser } from "../schema/model-types.js";
import { reviveDates, sessionDateFields } from "../schema/session-date-fields.js";

type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;

/** Browsers drop cookies over 4096 bytes; name, attributes and value must fit (SPEC.md §9). */
export const SESSION_CACHE_LIMIT = 4093;

/**
 * Writes the signed session-data cookie: get-session can then answer from it with no query, at the
 * price of seeing a revocation up to `cookieCache.maxAge` late. Too-large data is logged and not cached.
 */
export function setSessionCacheCookie(ctx: Ctx, data: SessionWithUser, persistent: boolean): void {
  const { options, cookies, secret } = ctx.auth;
  const { maxAge } = options.session.cookieCache;
  const dates = sessionDateFields(ctx.auth.schema);
  const cached = {
    session: withTimes(data.session, dates.session),
    user: withTimes(data.user, dates.user),
    cachedUntil: ctx.auth.now() + maxAge * 1000,
  };
  const payload = Buffer.from(JSON.stringify(cached)).toString("base64url");
  const value = `${payload}.${hmacSha256Base64Url(secret, payload)}`;
  if (value.length > SESSION_CACHE_LIMIT) {
    options.logger.error(
      `Gatehouse: session data is ${value.length} characters, over the ${SESSION_CACHE_LIMIT}-character cookie cache limit: disable session.cookieCache or reduce session data`,
    );
    return;
  }
  ctx.setCookie(cookies.sessionData, value, { ...cookies.attributes, maxAge: persistent ? maxAge : undefined });
}

/** The cached session when the data cookie is authentic, unexpired and belongs to `token`. */
export function readSessionCache(ctx: Ctx, token: string): SessionWithUser | null {
  const raw = ctx.getCookie(ctx.auth.cookies.sessionData);
  if (!raw) return null;
  const dot = raw.lastIndexOf(".");
  if (dot < 0 || !constantTimeEqual(hmacSha256Base64Url(ctx.auth.secret, raw.slice(0, dot)), raw.slice(dot + 1)))
    return null;
  let parsed: SessionWithUser & { cachedUntil: number };
  try {
    parsed = JSON.parse(Buffer.from(raw.slice(0, dot), "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const { session, user } = parsed;
  if (!(parsed.cachedUntil > ctx.auth.now()) || !session || !user || session.token !== token) return null;
  // Dates travel as milliseconds (text in cookies written before: `new Date` reads both); callers of
  // auth.api get Dates, as from the database — every date field of the schema, the app's included.
  const dates = sessionDateFields(ctx.auth.schema);
  reviveDates(session, dates.session);
  reviveDates(user, dates.user);
  if (!(session.expiresAt instanceof Date && session.expiresAt.getTime() > ctx.auth.now())) return null;
  return { session, user };
}

/** A copy of `row` with its Dates as milliseconds: shorter in the cookie and cheaper to read back than ISO text. */
function withTimes<T extends object>(row: T, fields: readonly string[]): T {
  const copy = { ...row } as Record<string, unknown>;
  for (const f of fields) {
    const value = copy[f];
    if (value instanceof Date) copy[f] = value.getTime();
  }
  return copy as T;
}
