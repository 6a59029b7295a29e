import type { JWTPayload } from "jose";
import { isTrue, stringClaim } from "../id-token-claims.js";
import type { ProviderConfig, ProviderProfile } from "../oauth-provider.js";
import { defineProvider } from "./define-provider.js";

const GRAPH_ME = "https://graph.microsoft.com/v1.0/me";
// The tenant personal Microsoft accounts (Outlook.com, Xbox, …) sign in through.
const CONSUMERS_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
const MULTI_TENANT = new Set(["common", "organizations", "consumers"]);

/** Microsoft Entra ID options on top of the common ones. */
export interface MicrosoftOptions extends ProviderConfig {
  /** `common` (default), `organizations`, `consumers`, or one tenant's id or domain. */
  tenantId?: string;
  /** The login host; default `https://login.microsoftonline.com` (national clouds and tests differ). */
  authority?: string;
  /** e.g. `select_account` or `consent`. */
  prompt?: string;
}

interface GraphUser {
  id: string;
  displayName?: string | null;
  mail?: string | null;
}

const authorityOf = (config: MicrosoftOptions) =>
  (config.authority ?? "https://login.microsoftonline.com").replace(/\/+$/, "");

/**
 * Tokens from a multi-tenant authority carry the user's own tenant in `iss`, so there is no fixed
 * issuer: it must be this authority's issuer for the tenant the token names (`tid`), and that tenant
 * must be one this configuration admits.
 */
function issuerFor(config: MicrosoftOptions) {
  const tenant = config.tenantId ?? "common";
  const authority = authorityOf(config);
  return (iss: string, claims: JWTPayload) => {
    const tid = typeof claims.tid === "string" ? claims.tid : "";
    if (!tid || iss !== `${authority}/${tid}/v2.0`) return false;
    if (tenant === "consumers") return tid === CONSUMERS_TENANT;
    if (tenant === "organizations") return tid !== CONSUMERS_TENANT;
    if (MULTI_TENANT.has(tenant) || !/^[0-9a-f-]{36}$/i.test(tenant)) return true;
    return tid.toLowerCase() === tenant.toLowerCase();
  };
}

/**
 * Microsoft Entra ID (work, school and personal accounts), v2.0 endpoints. Scopes `openid profile
 * email offline_access User.Read`, PKCE S256. The profile comes from the ID token, Graph /me being the
 * fallback. Entra's `email` claim is editable by tenant admins and not verified, so it counts as
 * verified only when Entra says the domain owner verified it (`xms_edov`) — never blindly.
 */
export const microsoft = defineProvider<MicrosoftOptions>({
  id: "microsoft",
  name: "Microsoft",
  endpoints: (config) => {
    const base = `${authorityOf(config)}/${config.tenantId ?? "common"}`;
    return {
      authorization: `${base}/oauth2/v2.0/authorize`,
      token: `${base}/oauth2/v2.0/token`,
      userInfo: GRAPH_ME,
      jwks: `${base}/discovery/v2.0/keys`,
    };
  },
  defaultScopes: ["openid", "profile", "email", "offline_access", "User.Read"],
  pkce: true,
  clientAuthentication: "post",
  loginHintParam: "login_hint",
  authorizationParams: () => ({ response_mode: "query" }),
  // Graph /me names the user by object id, not by the ID token's (pairwise) sub the account stores.
  accountInfoFromIdToken: true,
  idToken: { issuer: issuerFor },
  async userInfo(tokens, { idTokenClaims, endpoints, getJson }) {
    const claims = await idTokenClaims(tokens);
    if (claims) return { claims };
    if (!tokens.accessToken) return null;
    const me = (await getJson(endpoints.userInfo ?? GRAPH_ME, tokens.accessToken)) as GraphUser | null;
    return me?.id ? { me } : null;
  },
  mapProfileRaw: (raw: { claims?: JWTPayload; me?: GraphUser }) => raw.claims ?? raw.me,
  profile: ({ claims, me }: { claims?: JWTPayload; me?: GraphUser }): ProviderProfile | null => {
    if (claims) {
      const email = stringClaim(claims, "email") ?? null;
      const edov = claims.xms_edov;
      return {
        id: String(claims.sub),
        email,
        emailVerified: email !== null && (isTrue(edov) || edov === 1 || edov === "1"),
        name: stringClaim(claims, "name") ?? stringClaim(claims, "preferred_username") ?? "",
        image: null,
      };
    }
    if (!me) return null;
    return { id: me.id, email: me.mail ?? null, emailVerified: false, name: me.displayName ?? "", image: null };
  },
});
