// TARGET.md "OAuth 2.1 / OpenID Connect provider" (OAUTH_PROVIDER=1): the provider with the four
// pre-registered clients, open dynamic registration, and a demo protected resource at /mcp.
// OAUTH_SHORT_TTL=1 shortens codes and access tokens to 3 s ("Short lifetimes").
import {
  oauthProvider,
  oauthWellKnown,
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
  requireBearer,
} from "@gatehouse-auth/oauth-provider";

export const oauthEnabled = process.env.OAUTH_PROVIDER === "1";
const shortTtl = process.env.OAUTH_SHORT_TTL === "1";

/** The plugin, configured as TARGET.md says for a target on `baseURL`. */
export function oauthProviderPlugin(baseURL) {
  return oauthProvider({
    // The issuer is the auth base (the default): http://127.0.0.1:$PORT/api/auth.
    resources: [`${baseURL}/mcp`],
    allowDynamicClientRegistration: true,
    // TARGET.md "Device authorization": polls every second (the harness would wait 5 s per poll otherwise).
    deviceCodeInterval: 1,
    ...(shortTtl ? { codeExpiresIn: 3, accessTokenExpiresIn: 3 } : {}),
    clients: [
      {
        clientId: "web-confidential",
        clientSecret: "web-confidential-secret-0123456789abcdef",
        tokenEndpointAuthMethod: "client_secret_basic",
        redirectUris: ["https://web.example.test/callback", "https://web.example.test/callback-2"],
        postLogoutRedirectUris: ["https://web.example.test/signed-out"],
        grantTypes: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
        skipConsent: true,
      },
      {
        clientId: "public-pkce",
        redirectUris: ["https://spa.example.test/callback"],
        grantTypes: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
        skipConsent: true,
      },
      {
        clientId: "first-party",
        clientSecret: "first-party-secret-0123456789abcdef",
        tokenEndpointAuthMethod: "client_secret_post",
        redirectUris: ["https://first.example.test/callback"],
        skipConsent: true,
      },
      {
        clientId: "third-party",
        clientSecret: "third-party-secret-0123456789abcdef",
        tokenEndpointAuthMethod: "client_secret_basic",
        redirectUris: ["https://third.example.test/callback"],
      },
    ],
  });
}

const send = async (res, answer) => {
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
};

/**
 * The node handler for what lives outside the auth base: the origin-root RFC 8414 document, the demo
 * resource's RFC 9728 metadata, and the resource itself. Answers false for anything else.
 */
export function oauthRoutes(auth, baseURL) {
  const resource = `${baseURL}/mcp`;
  const issuer = `${baseURL}/api/auth`;
  const wellKnown = oauthWellKnown(auth);
  const guard = requireBearer(auth, { resource, issuer });
  const metadataPath = new URL(protectedResourceMetadataUrl(resource)).pathname;
  return async (req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path === metadataPath) {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify(protectedResourceMetadata({ resource, issuer, scopes: ["openid", "profile", "email"] })));
      return true;
    }
    if (path === "/mcp") {
      const headers = new Headers();
      if (req.headers.authorization) headers.set("authorization", req.headers.authorization);
      const checked = await guard(new Request(resource, { headers }));
      if ("response" in checked) {
        await send(res, checked.response);
        return true;
      }
      const { sub, clientId, scopes } = checked.token;
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify({ sub, client_id: clientId, scope: scopes.join(" ") }));
      return true;
    }
    if (path.startsWith("/.well-known/")) {
      const answer = await wellKnown(new Request(`${baseURL}${req.url}`, { method: req.method }));
      if (answer) {
        await send(res, answer);
        return true;
      }
    }
    return false;
  };
}
