import type { AuthContext } from "@gatehouse-auth/core";
import { z } from "zod";
import { acsUrl, apiRoot, oidcRedirectUri } from "./sp-urls.js";
import type { OidcConfig, SamlConfig, SsoProviderRow } from "./sso-types.js";

/** A connection as the API shows it: never its secrets. */
export const providerResponse = z.object({
  id: z.string(),
  providerId: z.string(),
  organizationId: z.string(),
  protocol: z.enum(["saml", "oidc"]),
  issuer: z.string(),
  domain: z.string(),
  domainVerified: z.boolean(),
  enforceSSO: z.boolean(),
  breakGlassUserIds: z.array(z.string()),
  disabled: z.boolean(),
  samlConfig: z.record(z.string(), z.unknown()).optional(),
  oidcConfig: z.record(z.string(), z.unknown()).optional(),
  /** OIDC: the redirect URI to register at the OpenID Provider. */
  redirectURI: z.string().optional(),
  /** OIDC with private_key_jwt: the connection's JWKS URL to register at the OpenID Provider. */
  jwksURI: z.string().optional(),
  /** The last sign-in through the connection, at most a minute stale; null before the first. */
  lastSignInAt: z.date().nullable(),
  createdAt: z.date(),
});

/** The public view of a stored connection. */
export function toProviderResponse(auth: AuthContext, row: SsoProviderRow) {
  const config = JSON.parse(row.config) as SamlConfig | OidcConfig;
  return {
    id: row.id,
    providerId: row.providerId,
    organizationId: row.organizationId,
    protocol: row.protocol,
    issuer: row.issuer,
    domain: row.domain,
    domainVerified: row.domainVerified,
    enforceSSO: row.enforceSSO,
    breakGlassUserIds: JSON.parse(row.breakGlassUserIds ?? "[]") as string[],
    disabled: row.disabled,
    ...(row.protocol === "saml"
      ? { samlConfig: { ...(config as SamlConfig), callbackUrl: acsUrl(auth, row.providerId) } }
      : {
          oidcConfig: { ...(config as OidcConfig), redirectURI: oidcRedirectUri(auth, row.providerId) },
          redirectURI: oidcRedirectUri(auth, row.providerId),
          // private_key_jwt: the jwks_uri to register at the OpenID Provider.
          ...((config as OidcConfig).tokenAuth === "private_key_jwt"
            ? { jwksURI: `${apiRoot(auth)}/sso/oidc/jwks/${encodeURIComponent(row.providerId)}` }
            : {}),
        }),
    lastSignInAt: row.lastSignInAt ?? null,
    createdAt: row.createdAt,
  };
}
