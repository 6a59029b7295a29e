import {
  type AuthContext,
  type Db,
  type SessionsEndedNotice,
  type Where,
  authUrl,
  generateId,
} from "@gatehouse-auth/core";
import { findJwtSigner } from "@gatehouse-auth/jwt";
import { isAcceptableBackchannelLogoutUri } from "./backchannel-logout-uri.js";
import type { ClientStore, OAuthClient } from "./oauth-client.js";
import type { ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";
import { OAUTH_MODELS } from "./oauth-schema.js";
import { OutboundRefusedError, requestPinned } from "./request-pinned.js";
import { sessionSid } from "./session-sid.js";
import { subjectFor } from "./subject.js";

/** OIDC Back-Channel Logout §2.4: the event a logout token carries. */
export const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";
// A logout token is acted on at once; two minutes covers clock skew, not storage.
const TOKEN_LIFETIME_S = 120;
const TIMEOUT_MS = 5000;
// The answer is not used: a relying party's page is read only this far.
const MAX_BYTES = 16 * 1024;
// Attempts per logout token: a network failure or a 5xx is tried again after a pause, a 4xx (the relying
// party refused the token, §2.8) or a redirect never.
const ATTEMPTS = 3;
const PAUSE_MS = [1000, 3000];
const CHUNK = 500;

/** Which client got tokens in which session of which user. */
export interface TokenSessionRow {
  clientId: string;
  sessionId: string;
  userId: string;
}

/**
 * The (client, session, user) of the token rows `where` matches; client_credentials rows left out. Only
 * rows not rotated away: each refresh adds a row to its family, and the newest one says the same, so a
 * long session's history is not read.
 */
export async function tokenSessionRows(db: Db, where: Where[]): Promise<TokenSessionRow[]> {
  const rows = await db.findMany({
    model: OAUTH_MODELS.token,
    where: [...where, { field: "rotatedAt", value: null }],
    select: ["clientId", "sessionId", "userId"],
  });
  return rows.flatMap((r) =>
    r.sessionId == null || r.userId == null
      ? []
      : [{ clientId: String(r.clientId), sessionId: String(r.sessionId), userId: String(r.userId) }],
  );
}

/** One logout token to send: the client and what it is told about the ended session. */
interface Delivery {
  client: OAuthClient & { backchannelLogoutUri: string };
  userId: string;
  sessionId: string;
}

/**
 * What `onSessionsEnded` does: revokes every token issued in those sessions (refresh tokens included,
 * one row holds both), then, for each client with a `backchannel_logout_uri` that got tokens in one of
 * them, starts a logout token's delivery on the background runner. Only database work is awaited: the
 * sign-out never waits for a relying party.
 */
export async function endSessionsAtClients(
  auth: AuthContext,
  o: ResolvedOAuthProviderOptions,
  clients: ClientStore,
  notice: SessionsEndedNotice,
  /** Rows read before a deleted user's tokens went with it (the foreign key cascades before the notice). */
  remembered: readonly TokenSessionRow[] = [],
): Promise<void> {
  const ended = new Set(notice.sessionIds);
  const rows: TokenSessionRow[] = remembered.filter((r) => ended.has(r.sessionId));
  // A user with many sessions (revoke-sessions): bounded `in` lists, on the sessionId index.
  const ids = [...ended];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const found = await tokenSessionRows(auth.db, [{ field: "sessionId", operator: "in", value: part }]);
    if (found.length === 0) continue;
    rows.push(...found);
    await auth.db.updateMany({
      model: OAUTH_MODELS.token,
      where: [
        { field: "sessionId", operator: "in", value: part },
        { field: "revokedAt", value: null },
      ],
      update: { revokedAt: new Date(auth.now()) },
    });
  }
  if (rows.length === 0) return;
  const found = await clients.findMany(
    auth,
    rows.map((r) => String(r.clientId)),
  );
  // One token per client and session; a client told only `sub` (no sid) needs just one for them all.
  const deliveries = new Map<string, Delivery>();
  for (const row of rows) {
    const client = found.get(String(row.clientId));
    if (!client?.backchannelLogoutUri || client.disabled) continue;
    const key = client.backchannelLogoutSessionRequired ? `${client.clientId} ${row.sessionId}` : client.clientId;
    deliveries.set(key, {
      client: client as Delivery["client"],
      userId: row.userId,
      sessionId: row.sessionId,
    });
  }
  if (deliveries.size === 0) return;
  const issuer =
    o.issuer ?? (auth.options.baseURL ? authUrl({ auth, headers: new Headers() }, "").replace(/\/+$/, "") : null);
  if (issuer === null) {
    auth.options.logger.warn("Gatehouse oauthProvider: back-channel logout needs `issuer` or `baseURL`; none sent");
    return;
  }
  for (const d of deliveries.values())
    auth.background.run(`back-channel logout to client ${d.client.clientId}`, () => deliver(auth, o, issuer, d));
}

/** Signs the logout token (§2.4): iss, aud, iat, exp, jti, events, sub and — when asked — sid; never a nonce. */
async function logoutToken(auth: AuthContext, issuer: string, d: Delivery): Promise<string> {
  const signer = findJwtSigner(auth);
  if (!signer) throw new Error("Gatehouse oauthProvider needs the jwt() plugin to sign logout tokens");
  const iat = Math.floor(auth.now() / 1000);
  const claims: Record<string, unknown> = {
    iss: issuer,
    aud: d.client.clientId,
    iat,
    exp: iat + TOKEN_LIFETIME_S,
    jti: generateId(),
    sub: subjectFor(auth, d.client, d.userId),
    events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
  };
  if (d.client.backchannelLogoutSessionRequired) claims.sid = sessionSid(auth, d.sessionId);
  return signer.sign(auth, claims, { typ: "logout+jwt" });
}

/** POSTs the logout token (§2.5): form-encoded, 5 s per attempt, no redirect followed, a few attempts. */
async function deliver(auth: AuthContext, o: ResolvedOAuthProviderOptions, issuer: string, d: Delivery) {
  const uri = d.client.backchannelLogoutUri;
  // The registration rule again (the options may have changed since); the addresses are checked per attempt.
  if (!isAcceptableBackchannelLogoutUri(uri, o.allowPrivateBackchannelLogoutHosts))
    throw new Error(`backchannel_logout_uri ${uri} names a host this provider does not post to`);
  const body = new URLSearchParams({ logout_token: await logoutToken(auth, issuer, d) }).toString();
  let last = "";
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((done) => setTimeout(done, PAUSE_MS[attempt - 1]));
    try {
      // Resolved, checked and connected to the checked address (request-pinned.ts): no DNS rebinding.
      const response = await requestPinned(uri, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "cache-control": "no-store" },
        body,
        allowPrivateHosts: o.allowPrivateBackchannelLogoutHosts,
        dnsServers: o.outboundDnsServers,
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_BYTES,
      });
      if (response.status >= 200 && response.status <= 299) return;
      last = `HTTP ${response.status}`;
      // A refusal or a redirect will not change on a second try.
      if (response.status < 500) break;
    } catch (error) {
      if (error instanceof OutboundRefusedError)
        throw new Error(`backchannel_logout_uri ${uri} names a host this provider does not post to (${error.message})`);
      last = error instanceof Error ? error.message : String(error);
    }
  }
  throw new Error(`the relying party did not take the logout token (${last})`);
}
