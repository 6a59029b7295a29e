import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { findProvider } from "../manage-access.js";
import { SSO_ERRORS } from "../sso-errors.js";
import type { OidcConfig } from "../sso-types.js";

/**
 * GET /sso/oidc/jwks/:providerId: the public key set of an OIDC connection that authenticates with
 * `private_key_jwt` (RFC 7523), the `jwks_uri` to register at the OpenID Provider. Public like any
 * JWKS; only the public half is stored outside the encrypted `secret`. 404 for any other connection.
 */
export const oidcClientJwks = () =>
  defineEndpoint(
    {
      method: "GET",
      path: "/sso/oidc/jwks/:providerId",
      openapi: {
        summary: "The JWKS of an OIDC connection's private_key_jwt client key",
        response: z.object({ keys: z.array(z.record(z.string(), z.string())) }),
        errors: [SSO_ERRORS.SSO_PROVIDER_NOT_FOUND],
      },
    },
    async (ctx) => {
      const row = await findProvider(ctx, ctx.params.providerId ?? "");
      const config = row?.protocol === "oidc" ? (JSON.parse(row.config) as OidcConfig) : null;
      if (config?.tokenAuth !== "private_key_jwt" || !config.clientJwk)
        throw new AuthError(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
      return { keys: [{ ...config.clientJwk }] };
    },
  );
