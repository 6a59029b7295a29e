import { type DefinedEndpoints, defineProvider } from "./define-provider.js";

const ENDPOINTS = {
  authorization: "https://kauth.kakao.com/oauth/authorize",
  token: "https://kauth.kakao.com/oauth/token",
  userInfo: "https://kapi.kakao.com/v2/user/me",
} satisfies DefinedEndpoints;

/** Kakao's /v2/user/me: the account's data sits in `kakao_account`. */
interface KakaoUser {
  id: number;
  kakao_account?: {
    email?: string;
    /** The address is still usable (not taken over by another account). */
    is_email_valid?: boolean;
    /** The user confirmed the address. */
    is_email_verified?: boolean;
    name?: string;
    profile?: { nickname?: string; profile_image_url?: string; is_default_image?: boolean };
  };
}

/**
 * Kakao Login. Scopes `profile_nickname profile_image account_email` (each must be enabled under
 * the app's consent items), client secret in the token form (Kakao's "Client secret" is optional
 * but recommended), PKCE S256 (Kakao accepts code_challenge; its docs call it optional). The profile
 * is /v2/user/me; the email counts as verified only when Kakao says it is both valid and verified.
 */
export const kakao = defineProvider({
  id: "kakao",
  name: "Kakao",
  endpoints: ENDPOINTS,
  defaultScopes: ["profile_nickname", "profile_image", "account_email"],
  pkce: true,
  clientAuthentication: "post",
  profile: (user: KakaoUser) => {
    if (typeof user.id !== "number" && typeof user.id !== "string") return null;
    const account = user.kakao_account ?? {};
    const email = account.email || null;
    const verified = account.is_email_valid === true && account.is_email_verified === true;
    return {
      id: String(user.id),
      email,
      emailVerified: email !== null && verified,
      emailUnverified: email !== null && account.is_email_verified === false,
      name: account.profile?.nickname || account.name || "",
      image: account.profile?.is_default_image ? null : (account.profile?.profile_image_url ?? null),
    };
  },
});
