import { AuthError, defineEndpoint, generateRandomString, normalizeEmail } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";
import { z } from "zod";
import { samlClient } from "../saml-client.js";
import { saveRequestState } from "../saml-request-state.js";
import { settleSigningRotation } from "../sp-key-settings.js";
import { openSpKeys } from "../sp-keys.js";
import { SSO_ERRORS } from "../sso-errors.js";
import type { ResolvedSsoOptions } from "../sso-options.js";
import { authorizationUrl } from "../oidc-client.js";
import { oidcRedirectUri } from "../sp-urls.js";
import type { OidcConfig, SamlConfig, SsoProviderRow } from "../sso-types.js";

const body = z.object({
  providerId: z.string().min(1).max(32).optional(),
  email: z.string().max(320).optional(),
  domain: z.string().max(253).optional(),
  organizationSlug: z.string().max(255).optional(),
  callbackURL: z.string().max(2048),
  errorCallbackURL: z.string().max(2048).optional(),
  newUserCallbackURL: z.string().max(2048).optional(),
});

type Body = z.infer<typeof body>;

/** The enabled connection a sign-in names, by id, email domain, domain or organization slug. */
async function findConnection(ctx: HookContext, input: Body): Promise<SsoProviderRow | null> {
  const db = ctx.auth.db;
  if (input.providerId)
    return db.findOne<SsoProviderRow>({
      model: "ssoProvider",
      where: [{ field: "providerId", value: input.providerId }],
    });
  const domain = (input.email ? normalizeEmail(input.email).split("@")[1] : input.domain)?.trim().toLowerCase();
  if (domain) {
    // Only a verified domain routes sign-ins: anyone may register a connection naming any domain.
    return db.findOne<SsoProviderRow>({
      model: "ssoProvider",
      where: [
        { field: "domain", value: domain },
        { field: "domainVerified", value: true },
        { field: "disabled", value: false },
      ],
    });
  }
  if (input.organizationSlug) {
    const org = await db.findOne<{ id: string }>({
      model: "organization",
      where: [{ field: "slug", value: input.organizationSlug }],
    });
    if (!org) return null;
    return db.findOne<SsoProviderRow>({
      model: "ssoProvider",
      where: [
        { field: "organizationId", value: org.id },
        { field: "disabled", value: false },
      ],
    });
  }
  return null;
}

/**
 * POST /sign-in/sso: the URL of the organization's IdP with an AuthnRequest (SAML, HTTP-Redirect
 * binding) or an authorization request (OIDC: state, nonce, PKCE S256), remembered for this browser so
 * that only the IdP's answer to it can sign this browser in.
 */
export const signInSso = (o: ResolvedSsoOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/sign-in/sso",
      body,
      tags: ["sign-in"],
      openapi: {
        summary: "Start single sign-on",
        response: z.object({ url: z.string(), redirect: z.boolean() }),
        errors: [
          SSO_ERRORS.SSO_PROVIDER_NOT_FOUND,
          SSO_ERRORS.DOMAIN_NOT_VERIFIED,
          SSO_ERRORS.PROVIDER_DISABLED,
          SSO_ERRORS.INVALID_PROVIDER_CONFIG,
        ],
      },
    },
    async (ctx) => {
      const row = await findConnection(ctx, ctx.body);
      if (!row) throw new AuthError(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
      if (row.disabled) throw new AuthError(SSO_ERRORS.PROVIDER_DISABLED);
      if (!row.domainVerified) throw new AuthError(SSO_ERRORS.DOMAIN_NOT_VERIFIED);
      const common = {
        issuedAt: ctx.auth.now(),
        providerId: row.providerId,
        callbackURL: ctx.body.callbackURL,
        errorCallbackURL: ctx.body.errorCallbackURL ?? null,
        newUserCallbackURL: ctx.body.newUserCallbackURL ?? null,
      };
      if (row.protocol === "oidc") {
        const config = JSON.parse(row.config) as OidcConfig;
        const loginHint = ctx.body.email && ctx.body.email.length <= 320 ? ctx.body.email : undefined;
        const { url, pending } = await authorizationUrl(config, oidcRedirectUri(ctx.auth, row.providerId), loginHint);
        await saveRequestState(
          ctx,
          { ...common, requestId: `oidc:${pending.state}`, oidc: pending },
          o.saml.requestLifetime,
        );
        return { url, redirect: true };
      }
      // An NCName (SAML core §1.3.4): starts with a letter or underscore.
      const requestId = `_${generateRandomString(32)}`;
      const issuedAt = ctx.auth.now();
      // During a signing-key overlap the current key signs; once the overlap is over, the new one.
      const { config, keys } = settleSigningRotation(
        JSON.parse(row.config) as SamlConfig,
        openSpKeys(ctx.auth.secret, row.secret),
        issuedAt,
        o.saml.signingKeyOverlap * 1000,
      );
      // A connection that signs its requests and has lost its key (the auth secret changed) must not send unsigned ones.
      if (config.signAuthnRequests && !keys.signing)
        throw new AuthError(SSO_ERRORS.INVALID_PROVIDER_CONFIG, {
          message: "The connection's signing key is unreadable",
        });
      const saml = await samlClient(ctx.auth, o, row, config, { id: requestId, issuedAt }, keys);
      const url = await saml.getAuthorizeUrlAsync(generateRandomString(16), undefined, {});
      await saveRequestState(
        ctx,
        {
          requestId,
          issuedAt,
          providerId: row.providerId,
          callbackURL: ctx.body.callbackURL,
          errorCallbackURL: ctx.body.errorCallbackURL ?? null,
          newUserCallbackURL: ctx.body.newUserCallbackURL ?? null,
        },
        o.saml.requestLifetime,
      );
      return { url, redirect: true };
    },
  );
