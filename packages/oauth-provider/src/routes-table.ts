import type { RouteEntry } from "@gatehouse-auth/core/routes";

/**
 * The plugin's HTTP routes: client call path → method and path. Browser-safe; the server's endpoints
 * are tested against it (routes-table.test.ts). `oauth2.consent`, `oauth2.consentDetails` and the authorized-apps pair are meant for the app's own pages;
 * the others are the protocol endpoints OAuth clients call. RFC 7592's client configuration endpoint
 * (GET, PUT, DELETE /oauth2/register/:clientId) is not here: a registered client calls it with its own
 * Bearer token, never through the app's typed client (which speaks GET and POST only).
 */
export const OAUTH_PROVIDER_ROUTES = {
  "oauth2.openidConfiguration": { method: "GET", path: "/.well-known/openid-configuration" },
  "oauth2.authorizationServerMetadata": { method: "GET", path: "/.well-known/oauth-authorization-server" },
  "oauth2.authorize": { method: "GET", path: "/oauth2/authorize" },
  "oauth2.consent": { method: "POST", path: "/oauth2/consent" },
  "oauth2.consentDetails": { method: "GET", path: "/oauth2/consent-details" },
  "oauth2.token": { method: "POST", path: "/oauth2/token" },
  "oauth2.userinfo": { method: "GET", path: "/oauth2/userinfo" },
  "oauth2.userinfoPost": { method: "POST", path: "/oauth2/userinfo" },
  "oauth2.introspect": { method: "POST", path: "/oauth2/introspect" },
  "oauth2.revoke": { method: "POST", path: "/oauth2/revoke" },
  "oauth2.register": { method: "POST", path: "/oauth2/register" },
  "oauth2.deviceAuthorization": { method: "POST", path: "/oauth2/device_authorization" },
  "oauth2.par": { method: "POST", path: "/oauth2/par" },
  "device.get": { method: "GET", path: "/device" },
  "device.approve": { method: "POST", path: "/device/approve" },
  "device.deny": { method: "POST", path: "/device/deny" },
  "oauth2.listAuthorizedApps": { method: "GET", path: "/oauth2/authorized-apps" },
  "oauth2.revokeAuthorizedApp": { method: "POST", path: "/oauth2/revoke-authorized-app" },
  "oauth2.endSession": { method: "GET", path: "/oauth2/end-session" },
  "oauth2.endSessionPost": { method: "POST", path: "/oauth2/end-session" },
  "oauth2.admin.canManageClients": { method: "GET", path: "/oauth2/admin/can-manage-clients" },
  "oauth2.admin.listClients": { method: "GET", path: "/oauth2/admin/list-clients" },
  "oauth2.admin.getClient": { method: "GET", path: "/oauth2/admin/get-client" },
  "oauth2.admin.createClient": { method: "POST", path: "/oauth2/admin/create-client" },
  "oauth2.admin.updateClient": { method: "POST", path: "/oauth2/admin/update-client" },
  "oauth2.admin.rotateClientSecret": { method: "POST", path: "/oauth2/admin/rotate-client-secret" },
  "oauth2.admin.disableClient": { method: "POST", path: "/oauth2/admin/disable-client" },
  "oauth2.admin.enableClient": { method: "POST", path: "/oauth2/admin/enable-client" },
  "oauth2.admin.deleteClient": { method: "POST", path: "/oauth2/admin/delete-client" },
} as const satisfies Record<string, RouteEntry>;
