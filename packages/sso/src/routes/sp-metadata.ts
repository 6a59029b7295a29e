import { AuthError, EndpointResponse, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { findProvider } from "../manage-access.js";
import { samlClient } from "../saml-client.js";
import { signSpMetadata } from "../sign-sp-metadata.js";
import { settleSigningRotation } from "../sp-key-settings.js";
import { openSpKeys } from "../sp-keys.js";
import { SSO_ERRORS } from "../sso-errors.js";
import type { ResolvedSsoOptions } from "../sso-options.js";
import type { SamlConfig } from "../sso-types.js";

const query = z.object({ providerId: z.string().min(1).max(32) });

/** GET /sso/saml2/sp/metadata: the SP metadata XML an IdP administrator imports (public, like any metadata). */
export const spMetadata = (o: ResolvedSsoOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/sso/saml2/sp/metadata",
      query,
      openapi: {
        summary: "SAML SP metadata of a connection",
        kind: "html",
        errors: [SSO_ERRORS.SSO_PROVIDER_NOT_FOUND],
      },
    },
    async (ctx) => {
      const row = await findProvider(ctx, ctx.query.providerId);
      if (row?.protocol !== "saml") throw new AuthError(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
      const { config, keys } = settleSigningRotation(
        JSON.parse(row.config) as SamlConfig,
        openSpKeys(ctx.auth.secret, row.secret),
        ctx.auth.now(),
        o.saml.signingKeyOverlap * 1000,
      );
      // Only certificates (base64 DER) go out; node-saml wants each private key present to add its
      // KeyDescriptor, and a key without its certificate (or the reverse) publishes neither.
      const encryptionCert = config.encryptAssertions && keys.encryption ? (config.spEncryptionCert ?? null) : null;
      const signingCert = config.signAuthnRequests && keys.signing ? (config.spSigningCert ?? null) : null;
      // A rotation's overlap: the next certificate beside the current one (two signing KeyDescriptors).
      const nextCert = signingCert && keys.nextSigning ? (config.spNextSigningCert ?? null) : null;
      const saml = await samlClient(
        ctx.auth,
        o,
        row,
        { ...config, signAuthnRequests: signingCert !== null },
        null,
        keys,
        encryptionCert ? (keys.encryption ?? null) : null,
      );
      let xml = saml.generateServiceProviderMetadata(
        encryptionCert,
        signingCert ? [signingCert, ...(nextCert ? [nextCert] : [])] : null,
      );
      // Signed by the current signing key, the one an IdP already trusts (during an overlap too).
      if (signingCert && keys.signing) xml = await signSpMetadata(xml, keys.signing, signingCert);
      return new EndpointResponse(200, xml, {
        "content-type": "application/samlmetadata+xml; charset=utf-8",
        "x-content-type-options": "nosniff",
      });
    },
  );
