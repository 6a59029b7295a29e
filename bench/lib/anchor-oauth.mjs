// The OAuth token endpoint of each library for bench/anchor.mjs, set up the same way: SQLite in memory, one
// user signed in, one confidential client (client_secret_basic) that skips consent, codes from the authorize
// endpoint with PKCE S256 and scope "openid email offline_access" (so both sign an ID token and issue a refresh
// token). Each side offers code() (not measured), exchange(code) and refresh(token), through auth.handler.
import { createHash, randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { oauthOptions } from "./anchor-better-auth.mjs";

const redirect = "https://app.example/cb";
const scope = "openid email offline_access";
const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

function flows(call, clientId, clientSecret, cookie, authorizeHeaders) {
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64")}`;
  const token = async (form) => {
    const r = await call("/oauth2/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic },
      body: new URLSearchParams(form),
    });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`token ${r.status} ${text.slice(0, 300)}`);
    return { body: JSON.parse(text), bytes: Buffer.byteLength(text) };
  };
  return {
    async code() {
      const verifier = randomBytes(32).toString("base64url");
      const q = new URLSearchParams({
        response_type: "code",
        client_id: clientId,
        redirect_uri: redirect,
        scope,
        code_challenge: createHash("sha256").update(verifier).digest("base64url"),
        code_challenge_method: "S256",
        state: "s",
        nonce: "n",
      });
      const r = await call(`/oauth2/authorize?${q}`, { headers: { cookie, ...authorizeHeaders } });
      let location = r.headers.get("location");
      if (!location && r.headers.get("content-type")?.includes("json")) location = (await r.json()).url;
      const code = location && new URL(location).searchParams.get("code");
      if (!code) throw new Error(`authorize ${r.status} ${location ?? (await r.text()).slice(0, 300)}`);
      return { code, verifier };
    },
    exchange: (c) =>
      token({ grant_type: "authorization_code", code: c.code, code_verifier: c.verifier, redirect_uri: redirect }),
    refresh: (refreshToken) => token({ grant_type: "refresh_token", refresh_token: refreshToken }),
  };
}

async function signUp(call, base) {
  const up = await call("/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ name: "Bench", email: "bench@example.com", password: "bench-password-1" }),
  });
  if (up.status !== 200) throw new Error(`sign-up ${up.status} ${await up.text()}`);
  return cookieOf(up);
}

/** Gatehouse's provider as bench/oauth-token.mjs sets it up (the jwt plugin's EdDSA keys). */
export async function gatehouseTokens() {
  const req = createRequire(new URL("../../packages/oauth-provider/package.json", import.meta.url));
  const load = (name) => import(pathToFileURL(req.resolve(name)).href);
  const { createAuth } = await load("@gatehouse-auth/core");
  const { jwt } = await load("@gatehouse-auth/jwt");
  const { kyselyAdapter } = await load("@gatehouse-auth/kysely");
  const { oauthProvider } = await load("@gatehouse-auth/oauth-provider");
  const Database = (await load("better-sqlite3")).default;
  const base = "http://127.0.0.1:3999";
  const client = { id: "bench", secret: "bench-client-secret-0123456789abcdef" };
  const auth = createAuth({
    database: kyselyAdapter({ database: new Database(":memory:") }),
    secret: "oauth-bench-secret-0123456789abcdef-0123",
    baseURL: base,
    emailAndPassword: {
      enabled: true,
      password: { hash: async (p) => p, verify: async ({ hash, password }) => hash === password },
    },
    rateLimit: { enabled: false },
    logger: { error: console.error, warn: () => {} },
    plugins: [
      jwt(),
      oauthProvider({
        clients: [{ clientId: client.id, clientSecret: client.secret, redirectUris: [redirect], skipConsent: true }],
      }),
    ],
  });
  await auth.$context.adapter.migrate?.();
  const call = (path, init = {}) => auth.handler(new Request(`${base}/api/auth${path}`, init));
  const cookie = await signUp(call, base);
  return flows(call, client.id, client.secret, cookie, { "sec-fetch-mode": "navigate", accept: "text/html" });
}

/** better-auth's @better-auth/oauth-provider with its jwt plugin (EdDSA keys by default), a client made by the
 * server-only admin endpoint with skip_consent, as its docs describe for trusted first-party clients. */
export async function betterAuthTokens(BA) {
  const base = "http://127.0.0.1:3998";
  const database = new BA.Database(":memory:");
  const options = oauthOptions(BA, database, base);
  await (await BA.getMigrations(options)).runMigrations();
  const auth = BA.betterAuth(options);
  const call = (path, init = {}) => auth.handler(new Request(`${base}/api/auth${path}`, init));
  const cookie = await signUp(call, base);
  // The admin endpoint is server-only and creates the client for the signed-in user (its session in headers).
  const created = await auth.api.adminCreateOAuthClient({
    headers: new Headers({ cookie }),
    body: {
      redirect_uris: [redirect],
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      skip_consent: true,
    },
  });
  return flows(call, created.client_id, created.client_secret, cookie, {
    "sec-fetch-mode": "navigate",
    accept: "text/html",
  });
}
