import { defineErrors } from "@gatehouse-auth/core";

/**
 * The provider's catalogue for its JSON API (consent, client management). The protocol endpoints
 * (authorize, token, userinfo, introspection, revocation) answer RFC 6749 §5.2 `{error,
 * error_description}` instead, as OAuth clients expect (see oauth-error.ts).
 */
export const OAUTH_PROVIDER_ERRORS = defineErrors({
  INVALID_CONSENT_REQUEST: { status: 400, message: "The consent request is invalid or has expired" },
  INVALID_SCOPE: { status: 400, message: "The scope is not one the client asked for" },
  INVALID_CLIENT_METADATA: { status: 400, message: "Invalid client metadata" },
  CLIENT_NOT_FOUND: { status: 404, message: "Client not found" },
  AUTHORIZED_APP_NOT_FOUND: { status: 404, message: "You have not authorized this app" },
  NOT_ALLOWED_TO_MANAGE_CLIENTS: { status: 403, message: "You are not allowed to manage OAuth clients" },
  CONFIGURED_CLIENT_READ_ONLY: { status: 400, message: "A client from the configuration cannot be changed here" },
  PUBLIC_CLIENT_HAS_NO_SECRET: { status: 400, message: "A public client has no secret to rotate" },
  KEY_CLIENT_HAS_NO_SECRET: {
    status: 400,
    message: "A private_key_jwt client authenticates with its keys and has no secret to rotate",
  },
});
