import { type AuthContext, definePlugin } from "@gatehouse-auth/core";
import { type TokenSessionRow, endSessionsAtClients, tokenSessionRows } from "./backchannel-logout.js";
import { findJwtSigner } from "@gatehouse-auth/jwt";
import { createClientStore } from "./oauth-client.js";
import { oauthCleanupRules } from "./cleanup-rules.js";
import { grantsSchema } from "./grants-schema.js";
import { OAUTH_PROVIDER_ERRORS } from "./oauth-provider-errors.js";
import {
  OAUTH_PROVIDER_OPTION_KEYS,
  type OAuthProviderOptions,
  resolveOAuthProviderOptions,
} from "./oauth-provider-options.js";
import { OAUTH_MODELS, oauthSchema } from "./oauth-schema.js";
import { DEVICE_ERRORS } from "./device-errors.js";
import {
  adminCanManageClients,
  adminCreateClient,
  adminDeleteClient,
  adminGetClient,
  adminListClients,
  adminRotateClientSecret,
  adminSetClientDisabled,
  adminUpdateClient,
} from "./routes/admin-clients.js";
import { approveDevice } from "./routes/approve-device.js";
import {
  deleteClientConfiguration,
  readClientConfiguration,
  updateClientConfiguration,
} from "./routes/client-configuration.js";
import { authorize } from "./routes/authorize.js";
import { denyDevice } from "./routes/deny-device.js";
import { deviceAuthorization } from "./routes/device-authorization.js";
import { pushAuthorizationRequest } from "./routes/push-authorization-request.js";
import { getDevice } from "./routes/get-device.js";
import { consent } from "./routes/consent.js";
import { consentDetails } from "./routes/consent-details.js";
import { createOAuthClient } from "./routes/create-oauth-client.js";
import { endSession } from "./routes/end-session.js";
import { getAuthorizationServerMetadata } from "./routes/get-authorization-server-metadata.js";
import { getOpenIdConfiguration } from "./routes/get-openid-configuration.js";
import { introspect } from "./routes/introspect.js";
import { listAuthorizedApps } from "./routes/list-authorized-apps.js";
import { registerClient } from "./routes/register-client.js";
import { revoke } from "./routes/revoke.js";
import { revokeAuthorizedApp } from "./routes/revoke-authorized-app.js";
import { token } from "./routes/token.js";
import { userinfo } from "./routes/userinfo.js";

/**
 * The OAuth 2.1 authorization server and OpenID Connect provider: other apps sign their users in
 * through this one. Needs the `jwt()` plugin, whose keys sign the ID tokens and JWT access tokens and
 * whose /jwks publishes them.
 */
export const oauthProvider = (options: OAuthProviderOptions = {}) => {
  const o = resolveOAuthProviderOptions(options);
  const clients = createClientStore(o);
  // The auth context, known from init on: onSessionsEnded needs its database, keys and background runner.
  let auth: AuthContext | null = null;
  // Per deleted user, until its onSessionsEnded (right after the commit): see onUserSessionsEnded.
  const beforeDeletion = new Map<string, TokenSessionRow[]>();
  return definePlugin({
    id: "oauth-provider",
    optionKeys: { given: options, keys: OAUTH_PROVIDER_OPTION_KEYS },
    schema: { ...oauthSchema, ...grantsSchema },
    cleanup: oauthCleanupRules(o),
    errors: { ...OAUTH_PROVIDER_ERRORS, ...DEVICE_ERRORS },
    endpoints: {
      getOpenIdConfiguration: getOpenIdConfiguration(o),
      getAuthorizationServerMetadata: getAuthorizationServerMetadata(o),
      oauth2Authorize: authorize(o, clients),
      oauth2Consent: consent(o, clients),
      oauth2ConsentDetails: consentDetails(clients),
      oauth2Token: token(o, clients),
      oauth2Userinfo: userinfo(clients),
      oauth2Introspect: introspect(o, clients),
      oauth2Revoke: revoke(clients),
      oauth2Register: registerClient(o, clients),
      createOAuthClient: createOAuthClient(clients),
      oauth2DeviceAuthorization: deviceAuthorization(o, clients),
      oauth2PushAuthorizationRequest: pushAuthorizationRequest(o, clients),
      getDevice: getDevice(clients),
      approveDevice,
      denyDevice,
      listAuthorizedApps: listAuthorizedApps(clients),
      revokeAuthorizedApp,
      oauth2EndSession: endSession(o, clients),
      oauth2ReadClientConfiguration: readClientConfiguration(clients),
      oauth2UpdateClientConfiguration: updateClientConfiguration(o, clients),
      oauth2DeleteClientConfiguration: deleteClientConfiguration(clients),
      oauth2AdminCanManageClients: adminCanManageClients(o),
      oauth2AdminListClients: adminListClients(o),
      oauth2AdminGetClient: adminGetClient(o),
      oauth2AdminCreateClient: adminCreateClient(o, clients),
      oauth2AdminUpdateClient: adminUpdateClient(o, clients),
      oauth2AdminRotateClientSecret: adminRotateClientSecret(o, clients),
      oauth2AdminDisableClient: adminSetClientDisabled(o, clients, true),
      oauth2AdminEnableClient: adminSetClientDisabled(o, clients, false),
      oauth2AdminDeleteClient: adminDeleteClient(o, clients),
    },
    init(ctx) {
      if (!findJwtSigner(ctx)) throw new Error("Gatehouse oauthProvider needs the jwt() plugin: add jwt() to plugins");
      auth = ctx;
    },
    // OIDC Back-Channel Logout: any session ending (sign-out, one revoked, all of a user's) revokes the
    // tokens issued in it and tells the clients that got them, in the background.
    async onSessionsEnded(notice) {
      const remembered = beforeDeletion.get(notice.userId) ?? [];
      beforeDeletion.delete(notice.userId);
      if (auth) await endSessionsAtClients(auth, o, clients, notice, remembered);
    },
    // Tokens already die with their session (every use checks it); this also marks them revoked, so
    // introspection and audits say so even if a session with the same id could ever come back.
    async onUserSessionsEnded({ userId, reason, db }) {
      // A deleted user's token rows go with the user row (cascade) before onSessionsEnded hears of it:
      // remember which clients got tokens in which sessions while they are still there.
      if (reason === "user-deleted" && beforeDeletion.size < 10_000)
        beforeDeletion.set(userId, await tokenSessionRows(db, [{ field: "userId", value: userId }]));
      await db.updateMany({
        model: OAUTH_MODELS.token,
        where: [
          { field: "userId", value: userId },
          { field: "revokedAt", value: null },
        ],
        update: { revokedAt: new Date() },
      });
    },
  });
};
