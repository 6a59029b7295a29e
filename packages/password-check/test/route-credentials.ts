// Issue 26: which credential kinds each session-reading route must accept, written down by hand here —
// not read from the routes' own config — so the credential matrix fails when a route's declaration
// changes. A new route that reads the session has no row yet, and the completeness test fails until one
// is added: whoever adds a route decides here who may call it.

/**
 * - `own-session`: only the user's own real session (cookie or bearer); keys, impersonation refused.
 * - `user` (no declaration): the user's sessions and impersonation; an API key only with `permission`.
 * - `any`: every kind, a key without permissions too.
 */
export interface RouteCredentials {
  accepts: "own-session" | "user" | "any";
  /** `resource:action` an API key must hold (only with `user`). */
  permission?: string;
}

const own: RouteCredentials = { accepts: "own-session" };
const user: RouteCredentials = { accepts: "user" };
const orgRead: RouteCredentials = { accepts: "user", permission: "organization:read" };

/** `METHOD /path` (as the routes table spells it) → who may call it. */
export const ROUTE_CREDENTIALS: Readonly<Record<string, RouteCredentials>> = {
  // core: sessions, credentials, the account
  "GET /get-session": { accepts: "any" },
  "GET /list-sessions": own,
  "POST /revoke-session": own,
  "POST /revoke-sessions": own,
  "POST /revoke-other-sessions": own,
  "POST /update-user": user,
  "POST /change-password": own,
  "POST /send-verification-email": user,
  "GET /verify-email": user,
  "POST /change-email": own,
  "POST /delete-user": own,
  "GET /delete-user/callback": user,
  "GET /list-accounts": user,
  "POST /unlink-account": own,
  "POST /link-social": own,
  "POST /get-access-token": own,
  "POST /refresh-token": own,
  "GET,POST /account-info": user,
  // admin: the admin plugin's own role checks decide the rest
  "POST /admin/create-user": user,
  "GET /admin/list-users": user,
  "GET /admin/get-user": user,
  "POST /admin/update-user": user,
  "POST /admin/set-role": user,
  "POST /admin/ban-user": user,
  "POST /admin/unban-user": user,
  "POST /admin/list-user-sessions": user,
  "POST /admin/revoke-user-session": user,
  "POST /admin/revoke-user-sessions": user,
  "POST /admin/impersonate-user": user,
  "POST /admin/stop-impersonating": user,
  "POST /admin/remove-user": user,
  "POST /admin/set-user-password": own,
  "POST /admin/has-permission": user,
  // api-key
  "POST /api-key/create": own,
  "GET /api-key/get": user,
  "GET /api-key/list": user,
  "POST /api-key/update": own,
  "POST /api-key/delete": own,
  "POST /api-key/delete-all-expired-api-keys": user,
  // email-otp, jwt, multi-session
  "POST /email-otp/verify-email": user,
  "GET /token": own,
  "GET /multi-session/list-device-sessions": own,
  "POST /multi-session/set-active": own,
  "POST /multi-session/revoke": own,
  // audit-log: readers are checked by the plugin (own events, admin role, organization role)
  "GET /list-security-events": user,
  "GET /admin/audit-log": user,
  "GET /organization/audit-log": user,
  // oauth-provider: a code or a consent is a grant for the user, so only their own real session
  "GET /oauth2/authorize": own,
  "POST /oauth2/consent": own,
  "GET /oauth2/consent-details": own,
  "GET /device": own,
  "POST /device/approve": own,
  "POST /device/deny": own,
  // scim: a SCIM token is a credential; the /scim/v2 routes read no session (their bearer token is the SCIM token)
  "POST /scim/generate-token": own,
  // sso: connections are an organization's way in; changing them is the owner's or admin's own act
  "GET /sso/providers": user,
  "POST /sso/register": own,
  "POST /sso/update-provider": own,
  "POST /sso/delete-provider": own,
  "POST /sso/request-domain-verification": own,
  "POST /sso/verify-domain": own,
  "GET /oauth2/authorized-apps": own,
  "POST /oauth2/revoke-authorized-app": own,
  "GET,POST /oauth2/end-session": own,
  // oauth-provider's admin client API: app admins read with any of their sessions (impersonation too,
  // then as the impersonated user's role); every change needs the admin's own real session.
  "GET /oauth2/admin/can-manage-clients": user,
  "GET /oauth2/admin/list-clients": user,
  "GET /oauth2/admin/get-client": user,
  "POST /oauth2/admin/create-client": own,
  "POST /oauth2/admin/update-client": own,
  "POST /oauth2/admin/rotate-client-secret": own,
  "POST /oauth2/admin/disable-client": own,
  "POST /oauth2/admin/enable-client": own,
  "POST /oauth2/admin/delete-client": own,
  // organization: reads open to keys holding organization:read
  "POST /organization/create": user,
  "POST /organization/check-slug": user,
  "POST /organization/update": user,
  "POST /organization/delete": user,
  "GET /organization/list": orgRead,
  "GET /organization/get-full-organization": orgRead,
  "POST /organization/set-active": user,
  "GET /organization/get-active-member": orgRead,
  "GET /organization/get-active-member-role": orgRead,
  "POST /organization/leave": user,
  "POST /organization/has-permission": orgRead,
  "POST /organization/remove-member": user,
  "POST /organization/update-member-role": user,
  "GET /organization/list-members": orgRead,
  "POST /organization/invite-member": user,
  "GET /organization/get-invitation": user,
  "GET /organization/list-invitations": user,
  "GET /organization/list-user-invitations": user,
  "POST /organization/accept-invitation": user,
  "POST /organization/reject-invitation": user,
  "POST /organization/cancel-invitation": user,
  // passkey, phone-number, two-factor
  "POST /passkey/generate-register-options": own,
  "POST /passkey/verify-registration": own,
  "GET /passkey/list-user-passkeys": user,
  "POST /passkey/update-passkey": own,
  "POST /passkey/delete-passkey": own,
  "POST /phone-number/verify": own,
  "POST /phone-number/update": own,
  "POST /two-factor/enable": own,
  "POST /two-factor/disable": own,
  "POST /two-factor/verify-totp": own,
  "POST /two-factor/generate-backup-codes": own,
};

/**
 * Words in a path or tag that say a route changes a credential, a way to sign in, or a session. A route
 * that reads the session and matches must declare `credentials` (or be reviewed below).
 */
export const CREDENTIAL_WORDS =
  /password|email|phone|passkey|two-factor|api-key|session|account|delete-user|token|link|username|revoke/i;

/**
 * Routes that match `CREDENTIAL_WORDS` and read the session but deliberately declare nothing: each
 * changes no credential, or proves something else than the session (an emailed token).
 */
export const REVIEWED_WITHOUT_DECLARATION: Readonly<Record<string, string>> = {
  "POST /send-verification-email": "sends a mail to the address on file; changes nothing",
  "GET /verify-email": "the emailed token is the proof; the session only picks the cookie to set",
  "GET /delete-user/callback": "the emailed deletion token is the proof",
  "GET /list-accounts": "reads the linked providers, no token",
  "GET,POST /account-info": "reads the provider's profile, no token",
  "GET /api-key/get": "reads a key's metadata, never the key",
  "GET /api-key/list": "reads keys' metadata, never the keys",
  "POST /api-key/delete-all-expired-api-keys": "deletes only keys that no longer work",
  "POST /email-otp/verify-email": "the emailed code is the proof",
  "GET /passkey/list-user-passkeys": "reads passkeys' names, no secret",
  "POST /admin/list-user-sessions": "admin-only (role checked); answers ids, no tokens",
  "POST /admin/revoke-user-session": "admin-only (role checked): ending sessions takes nothing from anyone",
  "POST /admin/revoke-user-sessions": "admin-only (role checked): ending sessions takes nothing from anyone",
  "POST /organization/accept-invitation": "joins an organization; no credential",
};
