import { generateRandomString } from "../../crypto/index.js";
import { postTokenRequest } from "../oauth2-client.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://nid.naver.com/oauth2.0/authorize",
  token: "https://nid.naver.com/oauth2.0/token",
  userInfo: "https://openapi.naver.com/v1/nid/me",
} satisfies DefinedEndpoints;

/** Naver's /v1/nid/me: `resultcode` "00" on success, the member in `response`. */
interface NaverMe {
  resultcode?: string;
  response?: { id: string; email?: string; name?: string; nickname?: string; profile_image?: string };
}

/**
 * Naver Login. Naver takes no scope parameter (the data an app gets is chosen in the Naver Developers
 * console), no PKCE (not in Naver's docs), and the client id and secret in the token form, which also
 * needs a `state`. The profile is /v1/nid/me; Naver does not say whether the email is verified, so it
 * is not counted as verified.
 */
export const naver = defineProvider({
  id: "naver",
  name: "Naver",
  endpoints: ENDPOINTS,
  defaultScopes: [],
  pkce: false,
  clientAuthentication: "post",
  exchangeCode: ({ code, redirectURI }, { endpoints, client }) =>
    postTokenRequest(
      endpoints.token,
      // Naver requires a state on the token request too; it only echoes it back.
      { grant_type: "authorization_code", code, redirect_uri: redirectURI, state: generateRandomString(32) },
      client,
    ),
  profile: (me: NaverMe) => {
    const user = me.response;
    if (me.resultcode !== "00" || !user || typeof user.id !== "string") return null;
    return {
      id: user.id,
      ...providerEmail(user.email),
      name: user.name || user.nickname || "",
      image: user.profile_image ?? null,
    };
  },
});
