import { EndpointResponse, type HookContext, sha256Base64Url } from "@gatehouse-auth/core";
import type { Mapped, PreCapture, Settled } from "./event-types.js";
import { asRecord, changedFields, pickDetails, str } from "./safe-details.js";

// The SSO (@gatehouse-auth/sso) and SCIM (@gatehouse-auth/scim) routes: sign-ins through a connection
// and their refusals, connection changes, domain verification, enforcement, and directory provisioning.
// Ids, names and reason codes only: no client secret, SCIM token, code, assertion or ID token reaches a
// detail (they are never read here).

/** The SSO plugin's model and the SCIM plugin's models (read by name: neither package is a dependency). */
const SSO_PROVIDER_MODEL = "ssoProvider";
const SCIM_TOKEN_MODEL = "scimToken";
const SCIM_USER_MODEL = "scimUser";

/** Where an identity provider sends the browser back: a SAML ACS and an OIDC redirect URI. */
export const SSO_SIGN_IN_PATHS: ReadonlySet<string> = new Set([
  "/sso/saml2/sp/acs/:providerId",
  "/sso/callback/:providerId",
]);

const SCIM_PREFIX = "/scim/v2/";

/** Paths whose events need the connection (or the SCIM token's organization) looked up first. */
export const SSO_CAPTURED: ReadonlySet<string> = new Set([
  ...SSO_SIGN_IN_PATHS,
  "/sso/delete-provider",
  "/sso/verify-domain",
  "/sso/request-domain-verification",
]);

/** Whether the before hook looks anything up for this path. */
export const isSsoCaptured = (path: string) => SSO_CAPTURED.has(path) || path.startsWith(SCIM_PREFIX);

const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]{1,200}=*)$/i;

/** The connection's organization and protocol, or the SCIM token's organization and the user an id names. */
export async function captureSso(ctx: HookContext): Promise<PreCapture | null> {
  const path = ctx.endpoint.config.path;
  const db = ctx.auth.db;
  if (path.startsWith(SCIM_PREFIX)) {
    // A read is no event: it costs the audit log no query.
    if (ctx.endpoint.config.method === "GET") return null;
    const presented = BEARER.exec((ctx.headers.get("authorization") ?? "").trim())?.[1];
    if (!presented) return null;
    const token = await db.findOne<{ organizationId: string }>({
      model: SCIM_TOKEN_MODEL,
      where: [{ field: "tokenHash", value: sha256Base64Url(presented) }],
    });
    if (!token) return null;
    const pre: PreCapture = { organizationId: token.organizationId };
    const id = ctx.params.id;
    if (path === "/scim/v2/Users/:id" && id && id.length <= 64) {
      const user = await db.findOne<{ userId: string; organizationId: string; active: boolean }>({
        model: SCIM_USER_MODEL,
        where: [{ field: "id", value: id }],
      });
      // Only the token's own directory: another organization's id names nobody here.
      if (user && user.organizationId === token.organizationId) {
        pre.userId = user.userId;
        pre.wasActive = user.active;
      }
    }
    return pre;
  }
  const providerId = ctx.params.providerId ?? str(asRecord(ctx.body).providerId);
  if (!providerId || providerId.length > 64) return null;
  const row = await db.findOne<{ organizationId: string; protocol: string }>({
    model: SSO_PROVIDER_MODEL,
    where: [{ field: "providerId", value: providerId }],
  });
  return row ? { organizationId: row.organizationId, protocol: row.protocol } : null;
}

/** The `error` code of a redirect the endpoint answered with, or null. */
function redirectError(s: Settled): string | null {
  const result = s.outcome.result;
  const location = result instanceof EndpointResponse ? (result.headers?.location ?? "") : "";
  const query = location.includes("?") ? location.slice(location.indexOf("?") + 1) : "";
  const code = new URLSearchParams(query).get("error");
  return code === null ? null : code.replace(/[^\w.-]/g, "_").slice(0, 64);
}

/**
 * A sign-in through a connection (the IdP's POST to the ACS, or its redirect to the OIDC callback):
 * `user.signed_in` with method `sso`, or `user.sign_in_failed` with the refusal's reason code.
 */
export function ssoSignInEvent(s: Settled): Mapped {
  const providerId = (s.ctx.params.providerId ?? "").slice(0, 64);
  const base = {
    organizationId: s.pre?.organizationId ?? null,
    details: { method: "sso", providerId, ...(s.pre?.protocol ? { protocol: s.pre.protocol } : {}) },
  };
  const reason = redirectError(s) ?? (s.outcome.ok ? null : "refused");
  if (s.ctx.newSession && reason === null) {
    const userId = s.ctx.newSession.user.id;
    return { ...base, type: "user.signed_in", userId, actorUserId: userId };
  }
  return {
    ...base,
    type: "user.sign_in_failed",
    userId: null,
    actorUserId: null,
    outcome: "failure",
    details: { ...base.details, reason: reason ?? "refused" },
  };
}

/** The answer's status (SCIM answers an EndpointResponse with 200, 201 or 204). */
function statusOf(s: Settled): number {
  const r = s.outcome.result;
  return r instanceof EndpointResponse ? r.status : s.outcome.status;
}

/** The answer's JSON body. */
function bodyOf(s: Settled): Record<string, unknown> {
  const r = s.outcome.result;
  return r instanceof EndpointResponse ? asRecord(r.body) : asRecord(r);
}

const method = (s: Settled) => s.ctx.endpoint.config.method;

/** Whether a PUT or PATCH body sets `active` (PATCH: an operation whose path or value names it). */
function touchesActive(body: Record<string, unknown>): boolean {
  if (Object.hasOwn(body, "active")) return true;
  const ops = Array.isArray(body.Operations) ? body.Operations : [];
  return ops.some((op) => {
    const o = asRecord(op);
    return /^active$/i.test(str(o.path) ?? "") || Object.hasOwn(asRecord(o.value), "active");
  });
}

/** The Gatehouse user behind a SCIM user of the token's organization (a primary-key read), or null. */
async function provisionedUserId(s: Settled, scimUserId: string): Promise<string | null> {
  if (scimUserId.length > 64) return null;
  const row = await s.ctx.auth.db.findOne<{ userId: string; organizationId: string }>({
    model: SCIM_USER_MODEL,
    where: [{ field: "id", value: scimUserId }],
    select: ["userId", "organizationId"],
  });
  return row && row.organizationId === s.pre?.organizationId ? row.userId : null;
}

/** A SCIM change the directory made: nobody signed in, the organization is the token's. */
const scim = (s: Settled, type: string, extra: Partial<Mapped> = {}): Mapped | null =>
  s.outcome.ok && statusOf(s) < 300
    ? { type, userId: null, actorUserId: null, organizationId: s.pre?.organizationId ?? null, ...extra }
    : null;

/** Most operations of one /Bulk answer mapped to events (the scim plugin allows 100 by default). */
const MAX_BULK_EVENTS = 1000;

/**
 * A SCIM /Bulk request's events: one per completed operation, made by the rule of the operation's single
 * route with what that request's pre-capture would have learned. The scim plugin carries the operations
 * on its answer as `settledOperations` (never part of the JSON), each with its route pattern, method,
 * params, body, status, resource and subject (the account and whether it was active before): facts read
 * inside the bulk as each operation ran, since one look before the request cannot see what an earlier
 * operation of it changed. Null for any other route.
 */
export function scimBulkEvents(s: Settled): Mapped[] | null {
  if (s.ctx.endpoint.config.path !== "/scim/v2/Bulk") return null;
  const carried = (s.outcome.result as { settledOperations?: unknown } | undefined)?.settledOperations;
  if (!s.outcome.ok || !Array.isArray(carried)) return [];
  const events: Mapped[] = [];
  for (const raw of carried.slice(0, MAX_BULK_EVENTS)) {
    const op = asRecord(raw);
    const path = str(op.path);
    const verb = str(op.method);
    const rule = path?.startsWith(SCIM_PREFIX) ? SSO_EVENT_RULES[path] : undefined;
    if (!path || !rule || !verb) continue;
    const subject = asRecord(op.subject);
    const subjectUserId = str(subject.userId);
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(asRecord(op.params))) if (typeof v === "string") params[k] = v;
    const status = typeof op.status === "number" ? op.status : 200;
    const config = { ...s.ctx.endpoint.config, path, method: verb } as typeof s.ctx.endpoint.config;
    const mapped = rule({
      ctx: { ...s.ctx, params, endpoint: { ...s.ctx.endpoint, config } } as HookContext,
      outcome: { ok: true, status, result: new EndpointResponse(status, op.result ?? null) },
      pre: {
        ...(s.pre?.organizationId ? { organizationId: s.pre.organizationId } : {}),
        ...(subjectUserId ? { userId: subjectUserId } : {}),
        ...(typeof subject.wasActive === "boolean" ? { wasActive: subject.wasActive } : {}),
      },
      body: asRecord(op.body),
      result: asRecord(op.result),
    });
    if (!mapped) continue;
    // A user the bulk created and a later operation deleted: the operation itself named the account.
    const named = path.startsWith("/scim/v2/Users") && !mapped.userId ? subjectUserId : undefined;
    events.push(named ? { ...mapped, userId: named, findUserId: undefined } : mapped);
  }
  return events;
}

/** The SAML SP key settings an event may name (booleans and key kinds). */
const SAML_KEY_FLAGS = [
  "signAuthnRequests",
  "encryptAssertions",
  "requireEncryptedAssertions",
  "rotateSpKeys",
  "promoteSpSigningKey",
];

export const SSO_EVENT_RULES: Record<string, (s: Settled) => Mapped | null> = {
  "/sso/register": (s) => ({
    type: "sso.connection_created",
    userId: null,
    organizationId: str(s.body.organizationId) ?? null,
    details: {
      ...pickDetails(s.body, ["providerId", "domain", "enforceSSO"]),
      ...pickDetails(asRecord(s.body.samlConfig), SAML_KEY_FLAGS),
      ...pickDetails(s.result, ["protocol"]),
    },
  }),
  // Enforcement (and its break-glass owners) is its own event: it changes how everyone of the domain signs in.
  "/sso/update-provider": (s) => {
    const enforcement = Object.hasOwn(s.body, "enforceSSO") || Object.hasOwn(s.body, "breakGlassUserIds");
    const breakGlass: Record<string, number> = Array.isArray(s.body.breakGlassUserIds)
      ? { breakGlassUsers: s.body.breakGlassUserIds.length }
      : {};
    return {
      type: enforcement ? "sso.enforcement_changed" : "sso.connection_updated",
      userId: null,
      organizationId: str(s.result.organizationId) ?? null,
      details: {
        ...pickDetails(s.body, ["providerId", "enforceSSO", "disabled"]),
        // SAML SP key settings and rotations: flags and key kinds only, never a supplied key.
        ...pickDetails(asRecord(s.body.samlConfig), SAML_KEY_FLAGS),
        ...breakGlass,
        fields: changedFields(Object.fromEntries(Object.entries(s.body).filter(([k]) => k !== "providerId"))),
      },
    };
  },
  "/sso/delete-provider": (s) => ({
    type: "sso.connection_deleted",
    userId: null,
    organizationId: s.pre?.organizationId ?? null,
    details: pickDetails(s.body, ["providerId"]),
  }),
  "/sso/verify-domain": (s) => ({
    type: "sso.domain_verified",
    userId: null,
    organizationId: s.pre?.organizationId ?? null,
    details: pickDetails(s.body, ["providerId"]),
  }),
  "/scim/generate-token": (s) => ({
    type: "scim.token_generated",
    userId: null,
    organizationId: str(s.body.organizationId) ?? str(s.result.organizationId) ?? null,
    // The token's row id and label only; the token itself is in the answer and never read here.
    details: { ...pickDetails(s.result, ["id"]), ...pickDetails(s.body, ["providerId"]) },
  }),
  "/scim/v2/Users": (s) => {
    if (method(s) !== "POST") return null;
    const scimUserId = str(bodyOf(s).id);
    return scim(s, "scim.user_created", {
      // The account the directory provisioned: its SCIM row (the id this answer just named) says which.
      findUserId: async () => (scimUserId ? provisionedUserId(s, scimUserId) : null),
      details: pickDetails({ scimUserId }, ["scimUserId"]),
    });
  },
  "/scim/v2/Users/:id": (s) => {
    const verb = method(s);
    const details = pickDetails({ scimUserId: s.ctx.params.id }, ["scimUserId"]);
    const userId = s.pre?.userId ?? null;
    if (verb === "DELETE") return scim(s, "scim.user_deleted", { userId, details });
    if (verb !== "PUT" && verb !== "PATCH") return null;
    const active = bodyOf(s).active;
    const deactivated = touchesActive(s.body) && active === false && s.pre?.wasActive !== false;
    return scim(s, deactivated ? "scim.user_deactivated" : "scim.user_updated", {
      userId,
      details: { ...details, ...(typeof active === "boolean" ? { active } : {}) },
    });
  },
  "/scim/v2/Groups": (s) =>
    method(s) === "POST"
      ? scim(s, "scim.group_created", {
          details: pickDetails({ groupId: bodyOf(s).id, displayName: bodyOf(s).displayName }, [
            "groupId",
            "displayName",
          ]),
        })
      : null,
  "/scim/v2/Groups/:id": (s) => {
    const verb = method(s);
    const details = pickDetails({ groupId: s.ctx.params.id }, ["groupId"]);
    if (verb === "DELETE") return scim(s, "scim.group_deleted", { details });
    if (verb === "PUT" || verb === "PATCH") return scim(s, "scim.group_updated", { details });
    return null;
  },
};
