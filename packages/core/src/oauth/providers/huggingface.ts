import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://huggingface.co/oauth/authorize",
  token: "https://huggingface.co/oauth/token",
  userInfo: "https://huggingface.co/oauth/userinfo",
} satisfies DefinedEndpoints;

/** The OIDC-style claims of Hugging Face's /oauth/userinfo. */
interface HuggingFaceUserInfo {
  sub: string;
  name?: string;
  preferred_username?: string;
  picture?: string;
  email?: string;
  email_verified?: boolean;
}

/**
 * Hugging Face ("Sign in with HF"). Scopes `openid profile email`, PKCE S256. The profile is the
 * OIDC-style /oauth/userinfo, whose `email_verified` is taken as given.
 */
export const huggingface = defineProvider({
  id: "huggingface",
  name: "Hugging Face",
  endpoints: ENDPOINTS,
  defaultScopes: ["openid", "profile", "email"],
  pkce: true,
  clientAuthentication: "post",
  profile: (info: HuggingFaceUserInfo) =>
    typeof info.sub !== "string"
      ? null
      : {
          id: info.sub,
          ...providerEmail(info.email, info.email_verified),
          name: info.name || info.preferred_username || "",
          image: info.picture ?? null,
        },
});
