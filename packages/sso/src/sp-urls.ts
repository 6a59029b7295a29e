import { AuthError } from "@gatehouse-auth/core";
import type { AuthContext } from "@gatehouse-auth/core";
import { SSO_ERRORS } from "./sso-errors.js";

/** The auth API's absolute root; SAML needs a stable one, so `baseURL` must be configured. */
export function apiRoot(auth: AuthContext): string {
  const base = auth.options.baseURL;
  if (!base) throw new AuthError(SSO_ERRORS.INVALID_PROVIDER_CONFIG, { message: "SSO needs baseURL to be set" });
  return `${base.replace(/\/+$/, "")}${auth.options.basePath}`;
}

/** A connection's Assertion Consumer Service URL (also its Destination and Recipient). */
export function acsUrl(auth: AuthContext, providerId: string): string {
  return `${apiRoot(auth)}/sso/saml2/sp/acs/${encodeURIComponent(providerId)}`;
}

/** An OIDC connection's redirect URI (the client's registered one at the OpenID Provider). */
export function oidcRedirectUri(auth: AuthContext, providerId: string): string {
  return `${apiRoot(auth)}/sso/callback/${encodeURIComponent(providerId)}`;
}
