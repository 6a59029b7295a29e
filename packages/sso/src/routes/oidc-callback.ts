import { defineEndpoint, symmetricDecrypt } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";
import { z } from "zod";
import { findProvider } from "../manage-access.js";
import { openClientKey } from "../oidc-client-key.js";
import { OidcRefusal, completeCallback } from "../oidc-client.js";
import { provisionAndSignIn } from "../provision-user.js";
import { answerSsoReturn } from "../answer-sso-return.js";
import { takeRequestState } from "../saml-request-state.js";
import type { SamlRequestState } from "../saml-request-state.js";
import { oidcRedirectUri } from "../sp-urls.js";
import type { ResolvedSsoOptions } from "../sso-options.js";
import type { OidcConfig } from "../sso-types.js";

// The authorization response's parameters (RFC 6749 §4.1.2, RFC 9207), each bounded.
const query = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  session_state: z.string().max(512).optional(),
});

const refuse = (code: string): never => {
  throw new OidcRefusal(code);
};

/** The groups claim as a list of strings (Okta and Entra send an array; some IdPs a string). */
function groupsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === "string").slice(0, 200) : [];
}

/** Checks the response against the flow this browser started, then provisions and signs in. */
async function consume(ctx: HookContext, o: ResolvedSsoOptions, state: SamlRequestState) {
  const providerId = ctx.params.providerId ?? "";
  // Answered at another connection's callback than the one the request was sent for.
  if (state.providerId !== providerId || !state.oidc) refuse("invalid_provider");
  const row = await findProvider(ctx, providerId);
  if (row?.protocol !== "oidc") return refuse("invalid_provider");
  if (row.disabled) refuse("provider_disabled");
  if (!row.domainVerified) refuse("domain_not_verified");
  const config = JSON.parse(row.config) as OidcConfig;
  let secret: string | { key: CryptoKey; kid: string } | null;
  if (config.tokenAuth === "private_key_jwt") {
    const key = await openClientKey(ctx.auth.secret, row.secret);
    secret = key && config.clientJwk ? { key, kid: config.clientJwk.kid } : null;
  } else secret = row.secret ? symmetricDecrypt(ctx.auth.secret, row.secret) : null;
  if (!secret) return refuse("invalid_provider");
  const redirectUri = oidcRedirectUri(ctx.auth, providerId);
  const callbackUrl = new URL(redirectUri);
  for (const [key, value] of Object.entries(ctx.query as Record<string, string | undefined>))
    if (typeof value === "string") callbackUrl.searchParams.set(key, value);
  const claims = await completeCallback(o.oidc, config, secret, callbackUrl, redirectUri, state.oidc!);
  if (typeof claims.email !== "string" || claims.email.length > 320) return refuse("email_not_found");
  // The IdP says the person has not proven the address: never a session for it.
  if (o.oidc.refuseUnverifiedEmail && claims.email_verified === false) refuse("email_not_verified");
  const name =
    typeof claims.name === "string"
      ? claims.name
      : [claims.given_name, claims.family_name].filter((p) => typeof p === "string").join(" ");
  return provisionAndSignIn(ctx, o, row, {
    subject: claims.sub,
    email: claims.email,
    name: name.slice(0, 256),
    groups: groupsOf(claims.groups),
    attributes: claims as Record<string, unknown>,
  });
}

/**
 * GET /sso/callback/:providerId: where the OpenID Provider sends the browser back. Only the flow this
 * browser started (its signed cookie names it) is answered, once; every failure redirects with
 * `error=<code>` and no session.
 */
export const oidcCallback = (o: ResolvedSsoOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/sso/callback/:providerId",
      query,
      tags: ["sign-in", "creates-session"],
      openapi: {
        summary: "OIDC redirect target of an SSO connection",
        description: "Always a redirect: to the flow's callbackURL on success, else with `error=<code>`.",
        kind: "redirect",
      },
    },
    async (ctx) =>
      answerSsoReturn(
        ctx,
        await takeRequestState(ctx),
        "invalid_state",
        "SSO OIDC callback",
        (state) => consume(ctx, o, state),
        (error) => (error instanceof OidcRefusal ? error.code : null),
      ),
  );
