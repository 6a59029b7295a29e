import type { HookContext } from "@gatehouse-auth/core";
import { EndpointResponse } from "@gatehouse-auth/core";
import { OAUTH_EVENT_RULES } from "./oauth-events.js";
import type { Mapped, Settled } from "./event-types.js";
import { DELETES_API_KEY_TAG, deletesApiKey } from "./pre-capture.js";
import { asRecord, changedFields, pickDetails, str } from "./safe-details.js";
import { SSO_EVENT_RULES, SSO_SIGN_IN_PATHS, ssoSignInEvent } from "./sso-events.js";

/** A rule: the event for an invocation, or null for none. */
type Rule = (s: Settled) => Mapped | null;

const sessionUserId = (s: Settled) => s.ctx.session?.user.id ?? null;
const newSessionUserId = (s: Settled) => s.ctx.newSession?.user.id ?? null;
const resultUserId = (s: Settled) =>
  str(s.result.userId) ?? str(asRecord(s.result.member).userId) ?? str(asRecord(s.result.user).id) ?? null;
const resultOrgId = (s: Settled) =>
  str(s.body.organizationId) ??
  str(s.result.organizationId) ??
  str(asRecord(s.result.member).organizationId) ??
  str(asRecord(s.result.invitation).organizationId) ??
  str(asRecord(s.ctx.session?.session).activeOrganizationId) ??
  null;

/** A user-targeted admin action: the subject is `body.userId`. */
const adminOn =
  (type: string, keys: readonly string[] = []) =>
  (s: Settled): Mapped => ({
    type,
    userId: str(s.body.userId) ?? resultUserId(s),
    details: pickDetails(s.body, keys),
  });

/** An organization action with the subject user taken from the answer when there is one. */
const orgEvent =
  (type: string, keys: readonly string[] = [], resultKeys: readonly string[] = []) =>
  (s: Settled): Mapped => ({
    type,
    userId: resultUserId(s),
    organizationId: resultOrgId(s),
    details: { ...pickDetails(s.body, keys), ...pickDetails(s.result, resultKeys) },
  });

/** The sign-in method an endpoint stands for: `email`, `social:github`, `magic-link`, `two-factor/verify-totp`. */
export function signInMethod(ctx: HookContext): string {
  const path = ctx.endpoint.config.path;
  if (path === "/callback/:id") return `social:${ctx.params.id ?? "unknown"}`;
  if (path.startsWith("/sign-in/")) return path.slice("/sign-in/".length);
  if (path === "/verify-email") return "email-verification";
  return path.replace(/^\//, "").replace(/\/verify$/, "");
}

/**
 * Endpoint path → event. Only these endpoints (and every other sign-in, see `mapEvent`) are recorded;
 * details come from allow-listed, non-secret fields only.
 */
export const EVENT_RULES: Record<string, Rule> = {
  "/sign-up/email": (s) => {
    if (!s.outcome.ok) return null;
    const userId = newSessionUserId(s) ?? resultUserId(s);
    return { type: "user.signed_up", userId, actorUserId: userId, details: { method: "email" } };
  },
  "/sign-out": (s) => ({ type: "user.signed_out", userId: s.pre?.userId ?? null, actorUserId: s.pre?.userId ?? null }),
  "/revoke-session": () => ({ type: "session.revoked", details: { scope: "one" } }),
  "/revoke-sessions": () => ({ type: "session.revoked", details: { scope: "all" } }),
  "/revoke-other-sessions": () => ({ type: "session.revoked", details: { scope: "others" } }),
  "/change-password": (s) => ({ type: "password.changed", details: pickDetails(s.body, ["revokeOtherSessions"]) }),
  "/set-password": () => ({ type: "password.changed", details: { initial: true } }),
  "/reset-password": (s) => ({
    type: "password.reset",
    userId: s.pre?.userId ?? null,
    actorUserId: s.pre?.userId ?? null,
  }),
  "/change-email": (s) => ({ type: "email.change_requested", details: pickDetails(s.body, ["newEmail"]) }),
  "/verify-email": (s) => {
    const userId = s.pre?.userId ?? newSessionUserId(s) ?? sessionUserId(s);
    const action = s.pre?.emailAction;
    const type =
      action === "confirm-change" ? "email.change_confirmed" : action === "change" ? "email.changed" : "email.verified";
    // A link with no readable token is noise (a bot, a double click), not an event about anyone.
    return userId ? { type, userId, actorUserId: userId } : null;
  },
  // With an ID token the link is made at once; otherwise at the provider's callback (see mapEvent).
  "/link-social": (s) =>
    s.outcome.ok && s.result.redirect !== false
      ? null
      : { type: "account.linked", details: pickDetails({ providerId: s.body.provider }, ["providerId"]) },
  "/unlink-account": (s) => ({ type: "account.unlinked", details: pickDetails(s.body, ["providerId"]) }),
  "/update-user": (s) => ({ type: "user.updated", details: { fields: changedFields(s.body) } }),
  "/delete-user": (s) => ({
    // Without a password the deletion waits for a mailed confirmation (then /delete-user/callback).
    type: s.result.message === "Verification email sent" ? "user.deletion_requested" : "user.deleted",
  }),
  "/delete-user/callback": () => ({ type: "user.deleted" }),
  // Admin plugin.
  "/admin/create-user": (s) => ({
    type: "user.created",
    userId: resultUserId(s),
    details: pickDetails(s.body, ["role"]),
  }),
  "/admin/update-user": (s) => ({
    type: "user.updated",
    userId: str(s.body.userId) ?? null,
    details: { fields: changedFields(asRecord(s.body.data)) },
  }),
  "/admin/remove-user": adminOn("user.deleted"),
  "/admin/set-role": adminOn("user.role_changed", ["role"]),
  "/admin/ban-user": adminOn("user.banned", ["banReason", "banExpiresIn"]),
  "/admin/unban-user": adminOn("user.unbanned"),
  "/admin/set-user-password": adminOn("password.changed"),
  "/admin/revoke-user-session": (s) => ({
    type: "session.revoked",
    userId: s.pre?.userId ?? null,
    details: { scope: "one" },
  }),
  "/admin/revoke-user-sessions": (s) => ({ ...adminOn("session.revoked")(s), details: { scope: "all" } }),
  "/admin/impersonate-user": (s) => ({ type: "impersonation.started", userId: str(s.body.userId) ?? null }),
  "/admin/stop-impersonating": (s) => ({ type: "impersonation.stopped", userId: sessionUserId(s) }),
  // API keys.
  // An organization's key is also recorded under its organization (its audit log lists it).
  "/api-key/create": (s) => ({
    type: "api_key.created",
    userId: str(s.result.userId) ?? str(s.body.userId) ?? sessionUserId(s),
    organizationId: str(s.result.organizationId) ?? str(s.body.organizationId) ?? null,
    details: pickDetails(s.result, ["id", "name", "prefix"]),
  }),
  "/api-key/update": (s) => ({
    type: "api_key.updated",
    userId: str(s.body.userId) ?? sessionUserId(s),
    organizationId: str(s.result.organizationId) ?? null,
    details: { ...pickDetails(s.body, ["keyId", "name", "enabled"]), fields: changedFields(s.body) },
  }),
  "/api-key/delete": (s) => ({
    type: "api_key.deleted",
    userId: str(s.body.userId) ?? sessionUserId(s),
    organizationId: s.pre?.organizationId ?? null,
    details: pickDetails(s.body, ["keyId"]),
  }),
  // Two-factor: enabling completes when the first code is verified (or at once when verification is skipped).
  "/two-factor/enable": (s) =>
    s.pre?.twoFactorWasEnabled || !s.outcome.ok ? null : { type: "two_factor.setup_started" },
  "/two-factor/disable": () => ({ type: "two_factor.disabled" }),
  // Organizations.
  "/organization/create": (s) => ({
    type: "organization.created",
    userId: sessionUserId(s),
    organizationId: str(s.result.id) ?? null,
    details: pickDetails(s.result, ["slug", "name"]),
  }),
  "/organization/update": (s) => ({
    ...orgEvent("organization.updated")(s),
    userId: sessionUserId(s),
    details: { fields: changedFields(asRecord(s.body.data)) },
  }),
  "/organization/delete": (s) => ({
    type: "organization.deleted",
    userId: sessionUserId(s),
    organizationId: str(s.body.organizationId) ?? null,
  }),
  "/organization/add-member": orgEvent("organization.member_added", ["role"]),
  "/organization/remove-member": orgEvent("organization.member_removed", [], []),
  "/organization/leave": (s) => ({
    ...orgEvent("organization.member_removed")(s),
    userId: sessionUserId(s),
    details: { left: true },
  }),
  "/organization/update-member-role": orgEvent("organization.member_role_changed", ["role", "memberId"]),
  "/organization/invite-member": (s) => ({
    type: "invitation.sent",
    userId: null,
    organizationId: resultOrgId(s),
    details: { ...pickDetails(s.body, ["email", "role"]), ...pickDetails(s.result, ["id"]) },
  }),
  "/organization/accept-invitation": orgEvent("invitation.accepted", ["invitationId"]),
  "/organization/reject-invitation": (s) => ({
    ...orgEvent("invitation.rejected", ["invitationId"])(s),
    userId: sessionUserId(s),
  }),
  "/organization/cancel-invitation": (s) => ({
    ...orgEvent("invitation.canceled", ["invitationId"], ["email"])(s),
    userId: null,
  }),
  ...OAUTH_EVENT_RULES,
  ...SSO_EVENT_RULES,
};

/** What the rules read of an endpoint: its route pattern and tags. */
export interface RouteConfig {
  path: string;
  tags?: readonly string[];
}

/** Endpoints that sign in (the tag core and plugins put on them), for the generic sign-in events. */
export function isSignIn({ path, tags }: RouteConfig): boolean {
  if (path === "/sign-up/email" || path === "/admin/impersonate-user") return false;
  return path.startsWith("/sign-in/") || (tags ?? []).includes("creates-session");
}

/** Whether calls to this endpoint are recorded at all: a sign-in, a rule's path, or a tagged endpoint. */
export function isRecordedRoute(config: RouteConfig): boolean {
  return (
    isSignIn(config) || Object.hasOwn(EVENT_RULES, config.path) || (config.tags ?? []).includes(DELETES_API_KEY_TAG)
  );
}

/**
 * The event for one settled invocation, or null. Sign-ins of every method (core's and any plugin's)
 * are recognised by the `creates-session` tag; everything else comes from `EVENT_RULES`.
 */
export function mapEvent(s: Settled): Mapped | null {
  const { ctx, outcome } = s;
  const path = ctx.endpoint.config.path;
  if (path === "/two-factor/verify-totp" && ctx.session && !ctx.newSession) {
    // Verifying a code while signed in is what turns two-factor on.
    return outcome.ok && s.pre?.twoFactorWasEnabled === false ? { type: "two_factor.enabled" } : null;
  }
  if (path === "/callback/:id" && s.pre?.linking) {
    // The provider came back to link an account, not to sign in. A refusal is a redirect carrying ?error=.
    const location = outcome.result instanceof EndpointResponse ? (outcome.result.headers?.location ?? "") : "";
    const refused = !outcome.ok || /[?&]error=/.test(location);
    const userId = s.pre.userId ?? null;
    return {
      type: "account.linked",
      userId,
      actorUserId: userId,
      details: { providerId: ctx.params.id ?? "unknown", ...(refused && { refused: true }) },
    };
  }
  // A sign-in through an SSO connection always answers a redirect: refusals carry `error=<reason>`.
  if (SSO_SIGN_IN_PATHS.has(path)) return ssoSignInEvent(s);
  if (path !== "/verify-email" && isSignIn(ctx.endpoint.config)) {
    const method = signInMethod(ctx);
    if (ctx.newSession) {
      const userId = ctx.newSession.user.id;
      return { type: "user.signed_in", userId, actorUserId: userId, details: { method } };
    }
    // Answered without a session: a second-factor challenge, a link mailed, a provider redirect. A 429
    // is recorded apart, sampled (see the recorder).
    if (outcome.ok || outcome.status >= 500 || outcome.status === 429) return null;
    return { type: "user.sign_in_failed", userId: null, actorUserId: null, details: { method } };
  }
  if (deletesApiKey(ctx)) {
    // Another user's key, deleted by an admin (the dashboard): the subject is the key's owner.
    return {
      type: "api_key.deleted",
      userId: s.pre?.userId ?? null,
      details: { ...pickDetails({ keyId: s.body.id }, ["keyId"]), byAdmin: true },
    };
  }
  const rule = EVENT_RULES[path];
  return rule ? rule(s) : null;
}
