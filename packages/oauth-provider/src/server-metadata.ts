import type { EndpointContext, SessionRequirement } from "@gatehouse-auth/core";
import { findJwtSigner } from "@gatehouse-auth/jwt";
import { ASSERTION_ALGORITHMS } from "./client-assertion.js";
import { DPOP_ALGORITHMS } from "./dpop-proof.js";
import { endpointUrl, issuerOf } from "./issuer-of.js";
import { DEVICE_CODE_GRANT, type ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";

type Ctx = Pick<EndpointContext<unknown, unknown, SessionRequirement>, "auth" | "headers">;

/**
 * The authorization server metadata (RFC 8414 §2), which is also the OpenID Provider metadata (OIDC
 * Discovery §3): one document, served at both well-known locations. It lists only what is built.
 */
export function serverMetadata(ctx: Ctx, o: ResolvedOAuthProviderOptions): Record<string, unknown> {
  const alg = findJwtSigner(ctx.auth)?.algorithm ?? "EdDSA";
  const authMethods = ["client_secret_basic", "client_secret_post", "private_key_jwt", "none"];
  return {
    issuer: issuerOf(ctx, o),
    authorization_endpoint: endpointUrl(ctx, "/oauth2/authorize"),
    token_endpoint: endpointUrl(ctx, "/oauth2/token"),
    userinfo_endpoint: endpointUrl(ctx, "/oauth2/userinfo"),
    jwks_uri: endpointUrl(ctx, "/jwks"),
    introspection_endpoint: endpointUrl(ctx, "/oauth2/introspect"),
    revocation_endpoint: endpointUrl(ctx, "/oauth2/revoke"),
    device_authorization_endpoint: endpointUrl(ctx, "/oauth2/device_authorization"),
    end_session_endpoint: endpointUrl(ctx, "/oauth2/end-session"),
    pushed_authorization_request_endpoint: endpointUrl(ctx, "/oauth2/par"),
    require_pushed_authorization_requests: o.requirePushedAuthorizationRequests,
    ...(o.allowDynamicClientRegistration ? { registration_endpoint: endpointUrl(ctx, "/oauth2/register") } : {}),
    scopes_supported: [...o.scopes],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token", "client_credentials", DEVICE_CODE_GRANT],
    subject_types_supported: ["public", "pairwise"],
    id_token_signing_alg_values_supported: [alg],
    token_endpoint_auth_methods_supported: authMethods,
    token_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGORITHMS],
    introspection_endpoint_auth_methods_supported: authMethods,
    introspection_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGORITHMS],
    revocation_endpoint_auth_methods_supported: authMethods,
    revocation_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGORITHMS],
    code_challenge_methods_supported: ["S256"],
    dpop_signing_alg_values_supported: [...DPOP_ALGORITHMS],
    claims_supported: [
      "sub",
      "iss",
      "aud",
      "exp",
      "iat",
      "auth_time",
      "nonce",
      "at_hash",
      "sid",
      "name",
      "picture",
      "email",
      "email_verified",
    ],
    // OIDC Back-Channel Logout §2.1: logout tokens to a client's backchannel_logout_uri, with `sid`.
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
    prompt_values_supported: ["none", "login", "consent", "select_account"],
    authorization_response_iss_parameter_supported: true,
    claims_parameter_supported: false,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
  };
}
