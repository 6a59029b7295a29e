import { EndpointResponse } from "@gatehouse-auth/core";
import type { Mapped, Settled } from "./event-types.js";
import { asRecord, str } from "./safe-details.js";

// The OAuth provider's (@gatehouse-auth/oauth-provider) routes: grants, refusals, revocations and
// registrations. Ids and grant names only: no code, token, secret or ID token reaches a detail.

const cut = (v: string | undefined, n = 200) => (v === undefined ? undefined : v.slice(0, n));

/** The answer's status and JSON body (the protocol endpoints answer an EndpointResponse). */
function answer(s: Settled): { status: number; body: Record<string, unknown> } {
  const r = s.outcome.result;
  if (r instanceof EndpointResponse) return { status: r.status, body: asRecord(r.body) };
  return { status: s.outcome.status, body: asRecord(r) };
}

/** The client a token-endpoint call authenticated as: Basic's user part, else `client_id` in the form. */
function clientIdOf(s: Settled): string | undefined {
  const header = s.ctx.headers.get("authorization") ?? "";
  const basic = /^Basic ([A-Za-z0-9+/=]{1,2048})$/i.exec(header.trim());
  if (basic) {
    let decoded: string;
    try {
      decoded = new TextDecoder().decode(Uint8Array.from(atob(basic[1] as string), (c) => c.charCodeAt(0)));
    } catch {
      return undefined;
    }
    const id = decoded.slice(0, Math.max(decoded.indexOf(":"), 0));
    try {
      return cut(decodeURIComponent(id), 255) || undefined;
    } catch {
      return undefined;
    }
  }
  return cut(str(s.body.client_id), 255);
}

const details = (entries: Record<string, string | undefined>) => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(entries)) if (v !== undefined) out[k] = v;
  return out;
};

export const OAUTH_EVENT_RULES: Record<string, (s: Settled) => Mapped | null> = {
  // The user's answer on the consent page: the client comes from the signed query.
  "/oauth2/consent": (s) => {
    const query = new URLSearchParams(str(s.body.oauth_query) ?? "");
    const accepted = s.body.accept === true;
    return {
      type: accepted ? "oauth.consent_granted" : "oauth.consent_denied",
      details: details({
        clientId: cut(query.get("client_id") ?? undefined, 255),
        scope: accepted ? cut(str(s.body.scope) ?? query.get("scope") ?? undefined) : undefined,
      }),
    };
  },
  "/oauth2/revoke-authorized-app": (s) => ({
    type: "oauth.app_revoked",
    details: details({ clientId: cut(str(s.body.clientId), 255) }),
  }),
  // Every grant and every refusal at the token endpoint; the subject is not in the answer, the client is.
  "/oauth2/token": (s) => {
    const { status, body } = answer(s);
    const ok = s.outcome.ok && status === 200;
    return {
      type: ok ? "oauth.token_granted" : "oauth.token_refused",
      outcome: ok ? "success" : "failure",
      userId: null,
      actorUserId: null,
      details: details({
        clientId: clientIdOf(s),
        grantType: cut(str(s.body.grant_type), 100),
        scope: ok ? cut(str(body.scope)) : undefined,
        error: ok ? undefined : cut(str(body.error), 100),
      }),
    };
  },
  "/oauth2/revoke": (s) => ({
    type: "oauth.token_revoked",
    userId: null,
    actorUserId: null,
    details: details({ clientId: clientIdOf(s) }),
  }),
  "/oauth2/register": (s) => {
    const { status, body } = answer(s);
    return {
      type: status === 201 ? "oauth.client_registered" : "oauth.client_registration_refused",
      outcome: status === 201 ? "success" : "failure",
      userId: null,
      details: details({
        clientId: cut(str(body.client_id), 255),
        clientName: cut(str(s.body.client_name)),
        error: status === 201 ? undefined : cut(str(body.error), 100),
      }),
    };
  },
  // RFC 7592: a registered client changing or deleting itself with its registration access token.
  "/oauth2/register/:clientId": (s) => {
    const method = s.ctx.endpoint.config.method;
    if (method !== "PUT" && method !== "DELETE") return null;
    const { status, body } = answer(s);
    const ok = s.outcome.ok && status < 300;
    return {
      type: method === "PUT" ? "oauth.client_updated" : "oauth.client_deleted",
      outcome: ok ? "success" : "failure",
      userId: null,
      actorUserId: null,
      details: details({
        clientId: cut(s.ctx.params.clientId, 255),
        via: "registration_access_token",
        error: ok ? undefined : cut(str(body.error), 100),
      }),
    };
  },
  // An app admin managing clients (oauth-provider's admin API).
  "/oauth2/admin/create-client": (s) => ({
    type: "oauth.client_created",
    userId: null,
    details: details({
      clientId: cut(str(asRecord(s.result.client).clientId), 255),
      clientName: cut(str(s.body.name)),
    }),
  }),
  "/oauth2/admin/update-client": (s) => adminClientEvent(s, "oauth.client_updated"),
  "/oauth2/admin/rotate-client-secret": (s) => adminClientEvent(s, "oauth.client_secret_rotated"),
  "/oauth2/admin/disable-client": (s) => adminClientEvent(s, "oauth.client_disabled"),
  "/oauth2/admin/enable-client": (s) => adminClientEvent(s, "oauth.client_enabled"),
  "/oauth2/admin/delete-client": (s) => adminClientEvent(s, "oauth.client_deleted"),
};

function adminClientEvent(s: Settled, type: string): Mapped {
  return { type, userId: null, details: details({ clientId: cut(str(s.body.clientId), 255), via: "admin" }) };
}
