import type { ProviderConfig } from "../oauth-provider.js";
import { defineProvider } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

/** PayPal options on top of the common ones. */
export interface PayPalOptions extends ProviderConfig {
  /** `sandbox` for PayPal's sandbox (developer.paypal.com test accounts); default `live`. */
  environment?: "live" | "sandbox";
}

/** PayPal's OpenID Connect user info (`schema=openid`). */
interface PayPalUserInfo {
  user_id: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/**
 * Log in with PayPal. Scopes `openid email profile`, client authentication HTTP Basic (PayPal's
 * documented method), no PKCE (not in PayPal's docs). The profile is /v1/identity/openidconnect/userinfo;
 * its `email_verified` is taken as given. PayPal's ID tokens are not verified (PayPal publishes no
 * signing keys for them), so they are dropped and the profile comes from user info.
 */
export const paypal = defineProvider<PayPalOptions>({
  id: "paypal",
  name: "PayPal",
  endpoints: (config) => {
    const sandbox = config.environment === "sandbox" ? "sandbox." : "";
    return {
      authorization: `https://www.${sandbox}paypal.com/signin/authorize`,
      token: `https://api-m.${sandbox}paypal.com/v1/oauth2/token`,
      userInfo: `https://api-m.${sandbox}paypal.com/v1/identity/openidconnect/userinfo?schema=openid`,
    };
  },
  defaultScopes: ["openid", "email", "profile"],
  pkce: false,
  clientAuthentication: "basic",
  profile: (info: PayPalUserInfo) =>
    typeof info.user_id !== "string"
      ? null
      : {
          id: info.user_id,
          ...providerEmail(info.email, info.email_verified),
          name: info.name ?? "",
          image: info.picture ?? null,
        },
});
