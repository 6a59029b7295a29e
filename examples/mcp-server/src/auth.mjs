// The Gatehouse side: email and password sign-in, the jwt plugin (its keys sign the tokens) and the
// OAuth provider, which MCP clients register with (RFC 7591) and get tokens from for the MCP resource.
import { createAuth } from "@gatehouse-auth/core";
import { jwt } from "@gatehouse-auth/jwt";
import { kyselyAdapter } from "@gatehouse-auth/kysely";
import { oauthProvider } from "@gatehouse-auth/oauth-provider";

/** The scope the `add_note` tool needs beyond a token for this server; the others are OpenID Connect's. */
export const NOTES_WRITE = "notes:write";

/** The scopes an MCP client asks for (the resource metadata's `scopes_supported`). */
export const MCP_SCOPES = ["openid", "profile", "email", "offline_access", NOTES_WRITE];

/**
 * @param {object} o
 * @param {string} o.baseURL the app's public origin, e.g. `https://notes.example.com`
 * @param {unknown} o.database a better-sqlite3 `Database`, a pg `Pool` or a mysql2 pool
 * @param {string} [o.secret] at least 32 characters (or set GATEHOUSE_SECRET)
 * @param {string[]} [o.resources] more resources than `${baseURL}/mcp` this provider issues tokens for
 * @param {() => number} [o.now] the clock in ms (Date.now); tests move it to expire tokens
 */
export function createGatehouse({ baseURL, database, secret, resources = [], now }) {
  return createAuth({
    database: kyselyAdapter({ database }),
    baseURL,
    ...(secret ? { secret } : {}),
    emailAndPassword: { enabled: true },
    ...(now ? { advanced: { now } } : {}),
    plugins: [
      jwt(),
      oauthProvider({
        loginPage: "/sign-in",
        consentPage: "/consent",
        scopes: [NOTES_WRITE],
        // RFC 8707: the MCP server's URL is the audience of the tokens it accepts.
        resources: [`${baseURL}/mcp`, ...resources],
        // MCP clients register themselves; each one still needs the user's consent.
        allowDynamicClientRegistration: true,
        // Short-lived access tokens; the client refreshes with its (rotating) refresh token.
        accessTokenExpiresIn: 15 * 60,
      }),
    ],
  });
}
