import { AuthError, defineEndpoint, symmetricEncrypt } from "@gatehouse-auth/core";
import { z } from "zod";
import { requireManagedProvider } from "../manage-access.js";
import { providerResponse, toProviderResponse } from "../provider-response.js";
import { SSO_ERRORS } from "../sso-errors.js";
import type { ResolvedSsoOptions } from "../sso-options.js";
import type { OidcConfig, SamlConfig, SsoProviderRow } from "../sso-types.js";
import { applySpKeyChange, settleSigningRotation, spKeyFields } from "../sp-key-settings.js";
import { openSpKeys, sealSpKeys } from "../sp-keys.js";
import { certBody } from "./register-provider.js";

const body = z.object({
  providerId: z.string().min(1).max(32),
  disabled: z.boolean().optional(),
  enforceSSO: z.boolean().optional(),
  /** Members who may still sign in otherwise while SSO is enforced (owners, for an IdP outage). */
  breakGlassUserIds: z.array(z.string().min(1).max(64)).max(20).optional(),
  samlConfig: z
    .object({
      entryPoint: z
        .url({ protocol: /^https?$/ })
        .max(2048)
        .optional(),
      cert: z.string().max(16384).optional(),
      ...spKeyFields,
      /** Replace the SP's signing and/or encryption key pair with fresh ones (the SP metadata changes). */
      rotateSpKeys: z
        .array(z.enum(["signing", "encryption"]))
        .min(1)
        .max(2)
        .optional(),
      /** End a signing-key rotation's overlap now: the rotated-in key signs from the next request on. */
      promoteSpSigningKey: z.literal(true).optional(),
    })
    .strict()
    .optional(),
  /** OIDC: a new client secret (rotation at the IdP) or client id; the endpoints stay the discovered ones. */
  oidcConfig: z
    .object({
      clientId: z.string().min(1).max(255).optional(),
      clientSecret: z.string().min(1).max(1024).optional(),
    })
    .strict()
    .optional(),
});

/**
 * POST /sso/update-provider: disable or enable a connection, switch enforcement, rotate the IdP's
 * certificate or SSO URL (SAML) or the client secret (OIDC); SAML: turn signed AuthnRequests and
 * encrypted assertions on or off, supply SP key pairs or rotate them (`rotateSpKeys`). The domain and organization never change (register a new connection instead).
 */
export const updateProvider = (o: ResolvedSsoOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/sso/update-provider",
      body,
      session: "required",
      // It changes how an organization's people sign in: the manager's own session only (no API key, no impersonation).
      credentials: "own-session",
      openapi: {
        summary: "Update an SSO connection",
        response: providerResponse,
        errors: [SSO_ERRORS.SSO_PROVIDER_NOT_FOUND, SSO_ERRORS.INVALID_PROVIDER_CONFIG],
      },
    },
    async (ctx) => {
      const row = await requireManagedProvider(ctx, o, ctx.body.providerId);
      const data: Partial<SsoProviderRow> = { updatedAt: new Date(ctx.auth.now()) };
      if (ctx.body.disabled !== undefined) data.disabled = ctx.body.disabled;
      if (ctx.body.enforceSSO !== undefined) data.enforceSSO = ctx.body.enforceSSO;
      if (ctx.body.breakGlassUserIds !== undefined) {
        const ids = [...new Set(ctx.body.breakGlassUserIds)];
        // Only the organization's owners can be break-glass: nobody else keeps a way around its IdP.
        const owners = await ctx.auth.db.findMany<{ userId: string; role: string }>({
          model: "member",
          where: [
            { field: "organizationId", value: row.organizationId },
            { field: "userId", operator: "in", value: ids },
          ],
        });
        const ownerIds = new Set(owners.filter((m) => m.role.split(",").includes("owner")).map((m) => m.userId));
        if (ids.some((id) => !ownerIds.has(id)))
          throw new AuthError(SSO_ERRORS.INVALID_PROVIDER_CONFIG, { message: "Break-glass users must be owners" });
        data.breakGlassUserIds = JSON.stringify(ids);
      }
      const saml = ctx.body.samlConfig;
      if (saml && row.protocol === "saml") {
        const config = JSON.parse(row.config) as SamlConfig;
        if (saml.entryPoint) config.entryPoint = saml.entryPoint;
        if (saml.cert) {
          const cert = certBody(saml.cert);
          if (!cert) throw new AuthError(SSO_ERRORS.INVALID_PROVIDER_CONFIG, { message: "cert is not a certificate" });
          config.cert = cert;
        }
        const { rotateSpKeys, promoteSpSigningKey, entryPoint: _e, cert: _c, ...keyChange } = saml;
        // An overlap that ended meanwhile is settled first: a rotation then starts from the promoted key.
        const settled = settleSigningRotation(
          config,
          openSpKeys(ctx.auth.secret, row.secret),
          ctx.auth.now(),
          o.saml.signingKeyOverlap * 1000,
        );
        const next = await applySpKeyChange(
          settled.config,
          settled.keys,
          { ...keyChange, rotate: rotateSpKeys, promoteSigning: promoteSpSigningKey },
          `Gatehouse SAML SP ${row.providerId}`,
          new Date(ctx.auth.now()),
        );
        data.config = JSON.stringify(next.config);
        // Re-sealed even when unchanged: the private keys are never stored in clear.
        data.secret = sealSpKeys(ctx.auth.secret, next.keys);
      }
      const oidc = ctx.body.oidcConfig;
      if (oidc && row.protocol === "oidc") {
        if (oidc.clientId)
          data.config = JSON.stringify({ ...(JSON.parse(row.config) as OidcConfig), clientId: oidc.clientId });
        // A private_key_jwt connection has a key pair, no secret: a secret would replace its key.
        if (oidc.clientSecret && (JSON.parse(row.config) as OidcConfig).tokenAuth === "private_key_jwt")
          throw new AuthError(SSO_ERRORS.INVALID_PROVIDER_CONFIG, {
            message: "This connection authenticates with private_key_jwt and has no client secret",
          });
        // Encrypted at rest like at registration; never part of an answer.
        if (oidc.clientSecret) data.secret = symmetricEncrypt(ctx.auth.secret, oidc.clientSecret);
      }
      if ((saml && row.protocol !== "saml") || (oidc && row.protocol !== "oidc"))
        throw new AuthError(SSO_ERRORS.INVALID_PROVIDER_CONFIG, { message: "The settings are for the other protocol" });
      const updated = await ctx.auth.db.update<SsoProviderRow>({
        model: "ssoProvider",
        where: [{ field: "id", value: row.id }],
        update: data,
      });
      if (!updated) throw new Error("connection vanished");
      return toProviderResponse(ctx.auth, updated);
    },
  );
