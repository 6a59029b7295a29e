import { UniqueConstraintError, defineEndpoint } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";
import type { Profile } from "@node-saml/node-saml";
import { z } from "zod";
import { checkAssertionCrypto } from "../check-assertion-crypto.js";
import { decodeSamlResponse, readResponseEnvelope, readSignedAssertion } from "../check-saml-xml.js";
import { findProvider } from "../manage-access.js";
import { provisionAndSignIn } from "../provision-user.js";
import { readEncryptedIdentifiers } from "../read-encrypted-identifiers.js";
import { readSamlIdentity } from "../read-saml-identity.js";
import { samlClient } from "../saml-client.js";
import { answerSsoReturn } from "../answer-sso-return.js";
import { takeRequestState } from "../saml-request-state.js";
import type { SamlRequestState } from "../saml-request-state.js";
import { openSpKeys } from "../sp-keys.js";
import { acsUrl } from "../sp-urls.js";
import type { ResolvedSsoOptions } from "../sso-options.js";
import type { SamlConfig } from "../sso-types.js";

const body = z.object({
  // The size cap proper is on the decoded XML (decodeSamlResponse); this bounds the parse.
  SAMLResponse: z.string().max(1024 * 1024),
  RelayState: z.string().max(1024).optional(),
});

/** A refusal of the SAML response: the flow ends with `error=<code>`, never a session. */
class SamlRefusal extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const refuse = (code: string): never => {
  throw new SamlRefusal(code);
};

/** Validates the response against the request this browser sent, then provisions and signs in. */
async function consume(ctx: HookContext, o: ResolvedSsoOptions, state: SamlRequestState, samlResponse: string) {
  const providerId = ctx.params.providerId ?? "";
  // Posted to another connection's ACS than the one the request was sent for.
  if (state.providerId !== providerId) refuse("invalid_provider");
  const row = await findProvider(ctx, providerId);
  if (row?.protocol !== "saml") return refuse("invalid_provider");
  if (row.disabled) refuse("provider_disabled");
  if (!row.domainVerified) refuse("domain_not_verified");
  const xml = decodeSamlResponse(samlResponse, o.saml.maxResponseBytes) ?? refuse("invalid_saml_response");
  const acs = acsUrl(ctx.auth, providerId);
  const envelope = await readResponseEnvelope(xml);
  if (!envelope.ok) refuse("invalid_saml_response");
  if (envelope.destination !== null && envelope.destination !== acs) refuse("invalid_destination");
  if (!envelope.success) refuse("saml_status_not_success");
  const config = JSON.parse(row.config) as SamlConfig;
  const keys = openSpKeys(ctx.auth.secret, row.secret);
  const crypto = await checkAssertionCrypto(xml, config, keys, o.saml.maxResponseBytes);
  if (!crypto.ok) return refuse(crypto.code);
  const saml = await samlClient(
    ctx.auth,
    o,
    row,
    // A decrypted assertion that carries a signature must carry the IdP's: one by another key is refused
    // even inside a response the IdP signed.
    { ...config, wantAssertionsSigned: config.wantAssertionsSigned || (crypto.encrypted && crypto.assertionSigned) },
    { id: state.requestId, issuedAt: state.issuedAt },
    keys,
    crypto.encrypted ? crypto.decryptionKey : null,
  );
  const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }).catch((error: unknown) => {
    // The reason is for the operator's log, never the client: it may describe the signature check.
    ctx.auth.options.logger.warn(`Gatehouse: SAML response refused: ${(error as Error).message}`);
    return refuse("invalid_saml_response");
  });
  if (!profile) return refuse("invalid_saml_response");
  // node-saml checked it against the one request this browser may answer; checked again here.
  if (profile.inResponseTo !== state.requestId) refuse("invalid_in_response_to");
  if (config.idpIssuer && profile.issuer !== config.idpIssuer) refuse("invalid_issuer");
  const assertionXml = (profile as Profile).getAssertionXml?.() ?? refuse("invalid_saml_response");
  const assertion = await readSignedAssertion(assertionXml);
  if (!assertion.id || assertion.recipients.length === 0 || assertion.recipients.some((r) => r !== acs))
    refuse("invalid_recipient");
  // Single use: the unique key refuses a second consumption, even by a parallel request.
  await ctx.auth.db
    .create({
      model: "ssoAssertion",
      data: {
        key: `${row.providerId}:${assertion.id}`,
        expiresAt: new Date(ctx.auth.now() + o.saml.requestLifetime * 1000 + 2 * o.saml.clockSkewMs + 86_400_000),
      },
    })
    .catch((error: unknown) => {
      if (error instanceof UniqueConstraintError) refuse("assertion_replayed");
      throw error;
    });
  // EncryptedID and EncryptedAttribute inside the verified assertion (node-saml leaves them unread).
  const hidden = await readEncryptedIdentifiers(assertionXml, config, keys, o.saml.maxResponseBytes);
  if (!hidden.ok) return refuse(hidden.code);
  const read: Profile = hidden.nameId
    ? { ...(profile as Profile), nameID: hidden.nameId.value, nameIDFormat: hidden.nameId.format ?? "" }
    : (profile as Profile);
  read.attributes = { ...(read.attributes ?? {}), ...hidden.attributes };
  const identity = readSamlIdentity(read, config) ?? refuse("email_not_found");
  return provisionAndSignIn(ctx, o, row, identity);
}

/**
 * POST /sso/saml2/sp/acs/:providerId: the IdP's HTTP-POST binding. A cross-site form POST, so the
 * origin check cannot apply: the request bound to this browser's cookie is the CSRF defence, and an
 * IdP-initiated (unsolicited) response is refused. Success redirects to the flow's callbackURL.
 */
export const samlAcs = (o: ResolvedSsoOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/sso/saml2/sp/acs/:providerId",
      body,
      acceptsForm: true,
      skipOriginCheck: true,
      // A signed response with certificates and groups outgrows a text column; it is never stored.
      longBodyStrings: { SAMLResponse: 1024 * 1024 },
      tags: ["sign-in", "creates-session"],
      openapi: {
        summary: "SAML Assertion Consumer Service (HTTP-POST)",
        description: "Always a redirect: to the flow's callbackURL on success, else with `error=<code>`.",
        kind: "redirect",
      },
    },
    async (ctx) =>
      answerSsoReturn(
        ctx,
        await takeRequestState(ctx),
        "unsolicited_response",
        "SAML ACS",
        (state) => consume(ctx, o, state, ctx.body.SAMLResponse),
        (error) => (error instanceof SamlRefusal ? error.code : null),
      ),
  );
