import { OAuthError } from "../oauth-error.js";
import { parseTokenResponse } from "../oauth2-client.js";
import type { OAuthTokens } from "../oauth-provider.js";
import { type DefinedEndpoints, defineProvider, type ProviderContext } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://api.notion.com/v1/oauth/authorize",
  token: "https://api.notion.com/v1/oauth/token",
  // With an integration's token, /users/me is the bot; the person who installed it is its owner.
  userInfo: "https://api.notion.com/v1/users/me",
} satisfies DefinedEndpoints;
// Every Notion API call names the API version it was written against.
const NOTION_VERSION = "2022-06-28";

/** Notion's user object for a person. */
interface NotionPerson {
  id: string;
  name?: string | null;
  avatar_url?: string | null;
  type?: string;
  person?: { email?: string };
}
/** /users/me with an integration token: the bot, owned by the person who authorized it. */
interface NotionBot {
  bot?: { owner?: { type?: string; user?: NotionPerson } };
}

/** Notion's token endpoint takes a JSON body and HTTP Basic client authentication. */
async function postJsonToken(
  body: Record<string, string>,
  { endpoints, config }: ProviderContext,
): Promise<OAuthTokens> {
  let response: Response;
  try {
    response = await (config.fetch ?? fetch)(endpoints.token, {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret ?? ""}`)}`,
        "content-type": "application/json",
        accept: "application/json",
        "notion-version": NOTION_VERSION,
      },
      body: JSON.stringify(body),
    });
  } catch (cause) {
    throw new OAuthError("invalid_code", "token endpoint unreachable", { cause });
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok && !(json && typeof json === "object" && "error" in json)) {
    throw new OAuthError("invalid_code", `token endpoint answered ${response.status}`);
  }
  return parseTokenResponse(json);
}

/**
 * Notion public integrations. Notion has no scopes (an integration's capabilities are set in its
 * settings) and asks for `owner=user`; the token request is JSON with HTTP Basic client
 * authentication; no PKCE (not in Notion's docs). The profile is the person who authorized the
 * integration (the bot owner of /v1/users/me); Notion does not say whether the email is verified, so
 * it is not counted as verified. Tokens do not expire unless the integration opted into refresh.
 */
export const notion = defineProvider({
  id: "notion",
  name: "Notion",
  endpoints: ENDPOINTS,
  defaultScopes: [],
  pkce: false,
  clientAuthentication: "basic",
  authorizationParams: () => ({ owner: "user" }),
  headers: () => ({ "notion-version": NOTION_VERSION }),
  exchangeCode: ({ code, redirectURI }, ctx) =>
    postJsonToken({ grant_type: "authorization_code", code, redirect_uri: redirectURI }, ctx as ProviderContext),
  refresh: (refreshToken, ctx) =>
    postJsonToken({ grant_type: "refresh_token", refresh_token: refreshToken }, ctx as ProviderContext),
  profile: (me: NotionBot) => {
    const user = me.bot?.owner?.type === "user" ? me.bot.owner.user : undefined;
    if (!user || typeof user.id !== "string") return null;
    return {
      id: user.id,
      ...providerEmail(user.person?.email),
      name: user.name ?? "",
      image: user.avatar_url ?? null,
    };
  },
});
