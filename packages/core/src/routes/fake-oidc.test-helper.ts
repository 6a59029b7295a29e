import type { AuthOptions } from "../options/auth-options.js";
import { startFakeProvider } from "../oauth/providers/provider-flow.test-helper.js";
import type { GenericOAuthConfig } from "../oauth/providers/generic-oauth.js";
import type { FakeOAuthServer } from "../testing/fake-oauth-server.js";
import { makeTestAuth } from "../testing/make-test-auth.js";

/** The claims a fake user has; they become the ID token and the user-info answer. */
export type FakeClaims = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
};

/** A fake OIDC provider, configured as the generic provider `acme`. */
export interface FakeOidc {
  idp: FakeOAuthServer;
  /** The `socialProviders.acme` option pointing at the fake. */
  config: GenericOAuthConfig;
  /** An authorization code the fake's token endpoint turns into tokens for `claims`. */
  codeFor(claims: FakeClaims): string;
  /** An ID token for `claims`, signed with the fake's published key, audience `acme-client`. */
  idToken(claims: FakeClaims & Record<string, unknown>): Promise<string>;
}

const encode = (claims: FakeClaims) => Buffer.from(JSON.stringify(claims)).toString("base64url");
const decode = (value: string) => JSON.parse(Buffer.from(value, "base64url").toString()) as FakeClaims;

/**
 * A standards-following OIDC provider on 127.0.0.1 (closed after the test) whose codes carry the user
 * they sign in, so one provider serves as many users as a test needs. Tokens: `at.<claims>`, refreshed
 * to `at.refreshed.<n>`.
 */
export async function startFakeOidc(): Promise<FakeOidc> {
  let refreshes = 0;
  const holder: { idp?: FakeOAuthServer } = {};
  const idToken = (claims: FakeClaims & Record<string, unknown>) => {
    const idp = holder.idp as FakeOAuthServer;
    return idp.signIdToken({ iss: idp.url, aud: "acme-client", ...claims });
  };
  const idp = await startFakeProvider({
    "POST /token": async (req) => {
      if (req.form?.get("grant_type") === "refresh_token") {
        refreshes++;
        return { json: { access_token: `at.refreshed.${refreshes}`, token_type: "Bearer", expires_in: 3600 } };
      }
      const code = req.form?.get("code") ?? "";
      if (!code.startsWith("code.")) return { status: 400, json: { error: "invalid_grant" } };
      const claims = decode(code.slice(5));
      return {
        json: {
          access_token: `at.${code.slice(5)}`,
          refresh_token: `rt.${code.slice(5)}`,
          token_type: "Bearer",
          expires_in: 3600,
          id_token: await idToken(claims),
        },
      };
    },
    "GET /userinfo": (req) => {
      const token = String(req.headers.authorization ?? "").replace(/^Bearer at\./, "");
      return token.startsWith("Bearer") ? { status: 401, json: {} } : { json: decode(token) };
    },
    "POST /revoke": () => ({ json: {} }),
  });
  holder.idp = idp;
  return {
    idp,
    config: {
      clientId: "acme-client",
      clientSecret: "acme-secret",
      issuer: idp.url,
      endpoints: {
        authorization: `${idp.url}/authorize`,
        token: `${idp.url}/token`,
        userInfo: `${idp.url}/userinfo`,
        jwks: `${idp.url}/jwks`,
        revocation: `${idp.url}/revoke`,
      },
    },
    codeFor: (claims) => `code.${encode(claims)}`,
    idToken,
  };
}

/** An auth instance whose only provider is the fake `acme`; `extra` options and provider settings on top. */
export function authWithAcme(
  fake: FakeOidc,
  extra: Partial<AuthOptions> = {},
  provider: Partial<GenericOAuthConfig> = {},
) {
  return makeTestAuth({ socialProviders: { acme: { ...fake.config, ...provider } }, ...extra });
}
