import { sha256Base64Url } from "@gatehouse-auth/core";
import type {
  OAuthProviderOptions,
  RegistrableGrantType,
  ResolvedOAuthProviderOptions,
} from "./oauth-provider-options.js";

type RegistrationOptions = Pick<
  ResolvedOAuthProviderOptions,
  "registrationInitialAccessTokens" | "registrationRedirectUriSchemes" | "registrationGrantTypes" | "adminRoles"
>;

/** The hash an initial access token is compared as. */
export const hashInitialAccessToken = (token: string) => sha256Base64Url(`gatehouse-oauth-initial-access:${token}`);

const REGISTRABLE_GRANTS = new Set(["authorization_code", "refresh_token", "client_credentials"]);

/** Defaults and start-up checks of the registration policies and the admin roles. */
export function resolveRegistrationOptions(options: OAuthProviderOptions): RegistrationOptions {
  const tokens = options.registrationInitialAccessTokens;
  let initial: RegistrationOptions["registrationInitialAccessTokens"] = null;
  if (typeof tokens === "function") initial = tokens;
  else if (tokens !== undefined) {
    if (!Array.isArray(tokens) || tokens.length === 0 || tokens.some((t) => typeof t !== "string" || t.length < 16))
      throw new Error(
        "Gatehouse oauthProvider: registrationInitialAccessTokens must be strings of at least 16 characters",
      );
    initial = tokens.map(hashInitialAccessToken);
  }
  if (tokens !== undefined && options.allowDynamicClientRegistration !== true)
    throw new Error(
      "Gatehouse oauthProvider: registrationInitialAccessTokens needs allowDynamicClientRegistration: true",
    );
  const schemes = options.registrationRedirectUriSchemes;
  if (schemes !== undefined && (!Array.isArray(schemes) || schemes.some((s) => !/^[a-z][a-z0-9+.-]*$/.test(s))))
    throw new Error("Gatehouse oauthProvider: registrationRedirectUriSchemes must be lower-case scheme names");
  const grants = options.registrationGrantTypes ?? ["authorization_code", "refresh_token"];
  if (!grants.includes("authorization_code") || grants.some((g) => !REGISTRABLE_GRANTS.has(g)))
    throw new Error(
      "Gatehouse oauthProvider: registrationGrantTypes must include authorization_code and hold only it, refresh_token and client_credentials",
    );
  const roles = options.adminRoles ?? ["admin"];
  if (!Array.isArray(roles) || roles.some((r) => typeof r !== "string" || r.trim() === ""))
    throw new Error("Gatehouse oauthProvider: adminRoles must be role names");
  return {
    registrationInitialAccessTokens: initial,
    registrationRedirectUriSchemes: schemes ? new Set(schemes) : null,
    registrationGrantTypes: new Set(grants as RegistrableGrantType[]),
    adminRoles: [...roles],
  };
}
