// Requests for routes whose input the OpenAPI sample (built from the zod schema) cannot make valid.
// The matrix checks that served kinds never get VALIDATION_ERROR, so a route missing here fails it.
import type { RouteFixture } from "./credential-matrix.js";

/** `METHOD /path` → the body or query the credential matrix sends instead of the schema's sample. */
export const ROUTE_FIXTURES: Readonly<Record<string, RouteFixture>> = {
  // Both halves are optional in the schema; the handler needs one of them.
  "GET,POST /account-info": { query: { accountId: "matrix-account" } },
  // A complete authorization request of a first-party client: a served kind gets a code at once.
  "GET /oauth2/authorize": {
    query: {
      response_type: "code",
      client_id: "matrix-first-party",
      redirect_uri: "https://app.example.test/cb",
      scope: "openid",
      state: "matrix",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    },
  },
  // A SAML connection the zod sample cannot make (the domain and the https entry point have formats).
  "POST /sso/register": {
    body: {
      providerId: "matrix-saml",
      issuer: "https://idp.example.test/metadata",
      domain: "matrix.example.test",
      organizationId: "matrix-organization",
      samlConfig: { entryPoint: "https://idp.example.test/sso", cert: "A".repeat(200) },
    },
  },
};
