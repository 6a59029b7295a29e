import {
  AuthError,
  UniqueConstraintError,
  defineEndpoint,
  generateRandomString,
  stringInput,
  symmetricEncrypt,
} from "@gatehouse-auth/core";
import { z } from "zod";
import { requireManager } from "../manage-access.js";
import { generateClientKey } from "../oidc-client-key.js";
import { OidcRefusal, discoverProvider } from "../oidc-client.js";
import { providerResponse, toProviderResponse } from "../provider-response.js";
import { readIdpMetadata } from "../read-idp-metadata.js";
import { applySpKeyChange, spKeyFields } from "../sp-key-settings.js";
import { sealSpKeys } from "../sp-keys.js";
import type { SpPrivateKeys } from "../sp-keys.js";
import { SSO_ERRORS } from "../sso-errors.js";
import type { ResolvedSsoOptions } from "../sso-options.js";
import type { OidcConfig, SamlConfig, SsoProviderRow } from "../sso-types.js";

// The TXT name `_<prefix>-<providerId>` must fit one 63-character DNS label.
const providerIdInput = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, "letters, digits, - and _ only");
const domainInput = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "a domain name");
const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);
const mapping = z
  .object({
    email: z.string().max(256).optional(),
    name: z.string().max(256).optional(),
    firstName: z.string().max(256).optional(),
    lastName: z.string().max(256).optional(),
    groups: z.string().max(256).optional(),
    role: z.string().max(256).optional(),
  })
  .strict();

const body = z.object({
  providerId: providerIdInput,
  issuer: z.string().min(1).max(1024),
  domain: domainInput,
  organizationId: stringInput({ type: "string" }),
  enforceSSO: z.boolean().optional(),
  samlConfig: z
    .object({
      entryPoint: httpUrl.optional(),
      cert: z.string().max(16384).optional(),
      idpMetadata: z
        .object({ metadata: z.string().max(65536).optional() })
        .passthrough()
        .optional(),
      spMetadata: z.object({}).passthrough().optional(),
      mapping: mapping.optional(),
      wantAssertionsSigned: z.boolean().optional(),
      ...spKeyFields,
    })
    .optional(),
  oidcConfig: z
    .object({
      clientId: z.string().min(1).max(255),
      // Required, except with private_key_jwt (the connection then has a key pair, no secret).
      clientSecret: z.string().min(1).max(1024).optional(),
      // PKCE (S256) is always sent; `false` is refused rather than silently ignored.
      pkce: z.literal(true).optional(),
      scopes: z
        .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,64}$/))
        .max(20)
        .optional(),
      discoveryUrl: httpUrl.optional(),
      tokenEndpointAuthentication: z.enum(["client_secret_basic", "client_secret_post", "private_key_jwt"]).optional(),
    })
    .strict()
    .optional(),
});

type Body = z.infer<typeof body>;

/**
 * The SAML connection's public settings, from the body and the IdP's metadata, and its SP private keys
 * (signing AuthnRequests, decrypting assertions: generated unless supplied). An IdP whose metadata
 * wants signed AuthnRequests gets them; asking for unsigned ones then is refused.
 */
async function samlSettings(
  samlConfig: NonNullable<Body["samlConfig"]>,
  providerId: string,
  now: Date,
): Promise<{ config: SamlConfig; keys: SpPrivateKeys }> {
  const metadata = samlConfig.idpMetadata?.metadata ? await readIdpMetadata(samlConfig.idpMetadata.metadata) : null;
  if (samlConfig.idpMetadata?.metadata && !metadata) throw new AuthError(SSO_ERRORS.INVALID_IDP_METADATA);
  const entryPoint = samlConfig.entryPoint ?? metadata?.ssoUrl ?? null;
  const cert = certBody(samlConfig.cert ?? metadata?.cert ?? "");
  if (!entryPoint || !URL.canParse(entryPoint) || !cert)
    throw new AuthError(SSO_ERRORS.INVALID_PROVIDER_CONFIG, { message: "entryPoint and cert are required" });
  const idpWantsSignedRequests = metadata?.wantAuthnRequestsSigned ?? false;
  const config: SamlConfig = {
    entryPoint,
    cert,
    idpIssuer: metadata?.entityId ?? null,
    mapping: samlConfig.mapping ?? {},
    wantAssertionsSigned: samlConfig.wantAssertionsSigned ?? false,
    allowIdpInitiated: false,
    signAuthnRequests: false,
    idpWantsSignedRequests,
    spSigningCert: null,
    encryptAssertions: false,
    requireEncryptedAssertions: false,
    spEncryptionCert: null,
  };
  const { signAuthnRequests, ...rest } = samlConfig;
  return applySpKeyChange(
    config,
    {},
    { ...rest, signAuthnRequests: signAuthnRequests ?? (idpWantsSignedRequests || undefined) },
    `Gatehouse SAML SP ${providerId}`,
    now,
  );
}

/** The OIDC connection's settings from the provider's discovery document (fetched now, SSRF-safe). */
async function oidcSettings(o: ResolvedSsoOptions, issuer: string, oidcConfig: NonNullable<Body["oidcConfig"]>) {
  try {
    return await discoverProvider(o.oidc, {
      issuer,
      discoveryUrl: oidcConfig.discoveryUrl,
      clientId: oidcConfig.clientId,
      scopes: oidcConfig.scopes ?? [],
      tokenAuth: oidcConfig.tokenEndpointAuthentication ?? "client_secret_basic",
    });
  } catch (error) {
    if (error instanceof OidcRefusal)
      throw new AuthError(SSO_ERRORS.OIDC_DISCOVERY_FAILED, { details: { reason: error.code } });
    throw error;
  }
}

/** A PEM certificate or its bare base64 body, reduced to the base64 body; null when neither. */
export function certBody(value: string): string | null {
  const b64 = value.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
  return /^[A-Za-z0-9+/]+=*$/.test(b64) && b64.length > 100 ? b64 : null;
}

/**
 * POST /sso/register: a SAML or OIDC connection for an organization, by its owner or admin (or an app admin).
 * The answer carries the DNS token that proves the domain; until then the connection signs nobody in.
 */
export const registerProvider = (o: ResolvedSsoOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/sso/register",
      body,
      session: "required",
      // It changes how an organization's people sign in: the manager's own session only (no API key, no impersonation).
      credentials: "own-session",
      // Metadata with several certificates outgrows a text column; only what is read from it is stored.
      longBodyStrings: { "samlConfig.idpMetadata.metadata": 65536 },
      openapi: {
        summary: "Register an SSO connection",
        response: providerResponse.extend({ domainVerificationToken: z.string() }),
        errors: [
          SSO_ERRORS.NOT_ALLOWED_TO_MANAGE_PROVIDERS,
          SSO_ERRORS.PROVIDER_ALREADY_EXISTS,
          SSO_ERRORS.INVALID_PROVIDER_CONFIG,
          SSO_ERRORS.INVALID_IDP_METADATA,
          SSO_ERRORS.ONE_PROTOCOL_REQUIRED,
          SSO_ERRORS.OIDC_DISCOVERY_FAILED,
        ],
      },
    },
    async (ctx) => {
      const session = await requireManager(ctx, o, ctx.body.organizationId);
      const { samlConfig, oidcConfig } = ctx.body;
      if (!samlConfig === !oidcConfig) throw new AuthError(SSO_ERRORS.ONE_PROTOCOL_REQUIRED);
      const now = new Date(ctx.auth.now());
      const saml = samlConfig ? await samlSettings(samlConfig, ctx.body.providerId, now) : null;
      if (
        oidcConfig &&
        (oidcConfig.tokenEndpointAuthentication === "private_key_jwt") === (oidcConfig.clientSecret !== undefined)
      )
        throw new AuthError(SSO_ERRORS.INVALID_PROVIDER_CONFIG, {
          message: "Give a clientSecret, or tokenEndpointAuthentication: private_key_jwt without one",
        });
      const oidcSettled = oidcConfig ? await oidcSettings(o, ctx.body.issuer, oidcConfig) : null;
      // private_key_jwt: a key pair per connection, its public half published at the connection's JWKS URL.
      const clientKey =
        oidcConfig?.tokenEndpointAuthentication === "private_key_jwt" ? await generateClientKey(ctx.auth.secret) : null;
      const config = saml
        ? saml.config
        : { ...(oidcSettled as OidcConfig), ...(clientKey ? { clientJwk: clientKey.jwk } : {}) };
      const row = await ctx.auth.db
        .create<SsoProviderRow>({
          model: "ssoProvider",
          data: {
            providerId: ctx.body.providerId,
            organizationId: ctx.body.organizationId,
            userId: session.user.id,
            protocol: samlConfig ? "saml" : "oidc",
            issuer: ctx.body.issuer,
            domain: ctx.body.domain,
            config: JSON.stringify(config),
            // The client secret or the SP private keys, encrypted with the auth secret; never in an answer.
            secret: clientKey
              ? clientKey.sealed
              : oidcConfig
                ? symmetricEncrypt(ctx.auth.secret, oidcConfig.clientSecret ?? "")
                : sealSpKeys(ctx.auth.secret, saml?.keys ?? {}),
            domainVerified: !o.domainVerification.enabled,
            domainVerificationToken: generateRandomString(32),
            enforceSSO: ctx.body.enforceSSO ?? false,
            disabled: false,
            createdAt: now,
            updatedAt: now,
          },
        })
        .catch((error: unknown) => {
          // Two registrations racing for one providerId: the unique index decides.
          if (error instanceof UniqueConstraintError) throw new AuthError(SSO_ERRORS.PROVIDER_ALREADY_EXISTS);
          throw error;
        });
      return { ...toProviderResponse(ctx.auth, row), domainVerificationToken: row.domainVerificationToken };
    },
  );
