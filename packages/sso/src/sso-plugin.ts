import { definePlugin } from "@gatehouse-auth/core";
import { enforceSso, refuseEnforcedSignUp } from "./enforce-sso.js";
import { deleteProvider } from "./routes/delete-provider.js";
import { listProviders } from "./routes/list-providers.js";
import { oidcCallback } from "./routes/oidc-callback.js";
import { oidcClientJwks } from "./routes/oidc-client-jwks.js";
import { registerProvider } from "./routes/register-provider.js";
import { requestDomainVerification } from "./routes/request-domain-verification.js";
import { samlAcs } from "./routes/saml-acs.js";
import { signInSso } from "./routes/sign-in-sso.js";
import { spMetadata } from "./routes/sp-metadata.js";
import { updateProvider } from "./routes/update-provider.js";
import { verifyDomain } from "./routes/verify-domain.js";
import { SSO_ERRORS } from "./sso-errors.js";
import { SSO_OPTION_KEYS, resolveSsoOptions } from "./sso-options.js";
import type { SsoOptions } from "./sso-options.js";
import { ssoSchema } from "./sso-schema.js";

/** The SSO plugin: SAML and OIDC connections per organization, verified domains, just-in-time provisioning. */
export const sso = (options: SsoOptions = {}) => {
  const o = resolveSsoOptions(options);
  return definePlugin({
    id: "sso",
    optionKeys: { given: options, keys: SSO_OPTION_KEYS },
    schema: ssoSchema,
    errors: SSO_ERRORS,
    endpoints: {
      registerSSOProvider: registerProvider(o),
      listSSOProviders: listProviders(o),
      updateSSOProvider: updateProvider(o),
      deleteSSOProvider: deleteProvider(o),
      requestDomainVerification: requestDomainVerification(o),
      verifyDomain: verifyDomain(o),
      spMetadata: spMetadata(o),
      signInSSO: signInSso(o),
      acsEndpoint: samlAcs(o),
      callbackSSO: oidcCallback(o),
      oidcClientJwks: oidcClientJwks(),
    },
    interceptSignIn: enforceSso(o),
    hooks: { before: [refuseEnforcedSignUp] },
    // Spent assertion ids are kept past their validity window, then removed by the cleanup job.
    cleanup: [{ model: "ssoAssertion", field: "expiresAt", before: (now) => new Date(now) }],
  });
};
