import type { FakeOAuthServer, FakeReply, FakeRequest, FakeRoute } from "../../testing/fake-oauth-server.js";
import { codeChallengeS256 } from "../pkce.js";
import { startFakeProvider } from "./provider-flow.test-helper.js";

/** Where a provider wants the client's credentials at its token endpoint. */
export type ClientAuthPlacement =
  /** HTTP Basic header, nothing in the body (RFC 6749 §2.3.1 client_secret_basic). */
  | "basic"
  /** client_id and client_secret in the form, no header (client_secret_post). */
  | "post"
  /** TikTok: client_key and client_secret in the form. */
  | "client_key"
  /** VK ID: client_id in the form and no secret anywhere: PKCE authenticates the exchange. */
  | "pkce-only"
  /** Notion: HTTP Basic with a JSON body. */
  | "basic-json"
  /** WeChat: appid and secret in the query string of a GET. */
  | "query";

/** What the fake checks, like the real provider does. */
export interface StrictExpectations {
  clientId: string;
  clientSecret: string;
  /** The redirect URI registered for the client; the token request must name exactly this one. */
  redirectURI: string;
  /** The provider requires PKCE: an exchange without the verifier of the challenge is refused. */
  pkce: boolean;
  auth: ClientAuthPlacement;
  /** The token request names the redirect URI (all but WeChat). */
  redirectAtToken?: boolean;
  /** Token endpoint path, refresh path where it differs (Figma, WeChat). */
  tokenPath: string;
  refreshPath?: string;
  /** The user-info path and how it takes the access token. */
  userInfo?: { route: string; token: "bearer" | { query: string } | { form: string }; answer: () => unknown };
  /** Extra fields of a successful token answer (an ID token, WeChat's openid, …). */
  tokenFields?: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** How the provider refuses a used or unknown code, if not with a standard invalid_grant. */
  refusal?: FakeReply;
  /** More routes (GitHub's /user/emails, revocation endpoints). */
  routes?: Record<string, FakeRoute>;
}

/** The fake, and what it issued. */
export interface StrictFake {
  server: FakeOAuthServer;
  /** A code the next authorization would get (the browser round trip brings it to the callback). */
  code: string;
  issued: { accessTokens: string[]; refreshTokens: string[] };
  /** Why the fake refused requests, oldest first: a test names the check that failed. */
  refusals: string[];
}

const refuse = (refusals: string[], error: string, why: string, status = 400): FakeReply => {
  refusals.push(why);
  return { status, json: { error, error_description: why } };
};

/** The parameters of a token request wherever the provider takes them. */
function tokenParams(req: FakeRequest, auth: ClientAuthPlacement): URLSearchParams {
  if (auth === "query") return req.query;
  if (auth === "basic-json") {
    const json = (req.json ?? {}) as Record<string, unknown>;
    return new URLSearchParams(Object.entries(json).map(([k, v]) => [k, String(v)]));
  }
  return req.form ?? new URLSearchParams();
}

function basic(req: FakeRequest): [string, string] | null {
  const header = req.headers.authorization;
  if (typeof header !== "string" || !header.startsWith("Basic ")) return null;
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return [decodeURIComponent(decoded.slice(0, colon)), decodeURIComponent(decoded.slice(colon + 1))];
}

/** Null when the client authenticated the way the provider wants, else why not. */
function clientAuthProblem(req: FakeRequest, params: URLSearchParams, e: StrictExpectations): string | null {
  const header = basic(req);
  switch (e.auth) {
    case "basic":
    case "basic-json":
      if (!header) return "no HTTP Basic client authentication";
      if (header[0] !== e.clientId || header[1] !== e.clientSecret) return "wrong client credentials";
      if (params.has("client_secret")) return "client_secret in the body beside Basic";
      return null;
    case "post":
      if (header || req.headers.authorization) return "Authorization header where the form was expected";
      if (params.get("client_id") !== e.clientId || params.get("client_secret") !== e.clientSecret) {
        return "wrong client credentials";
      }
      return null;
    case "client_key":
      if (params.get("client_key") !== e.clientId || params.get("client_secret") !== e.clientSecret) {
        return "wrong client_key or client_secret";
      }
      return params.has("client_id") ? "client_id instead of client_key" : null;
    case "pkce-only":
      if (params.get("client_id") !== e.clientId) return "wrong client_id";
      return params.has("client_secret") || req.headers.authorization ? "a secret was sent" : null;
    case "query":
      // WeChat's refresh names the app only; the code exchange needs the secret too.
      if (params.get("appid") !== e.clientId) return "wrong appid";
      if (params.get("grant_type") === "refresh_token") return params.has("secret") ? "a secret was sent" : null;
      return params.get("secret") === e.clientSecret ? null : "wrong appid or secret";
  }
}

/**
 * A provider on 127.0.0.1 that checks what real providers check at their token endpoint: the grant
 * type, that the code is one it issued and is used once, that the redirect URI is the registered one,
 * the PKCE verifier against the challenge of the authorization request (or that none is sent to a
 * provider without PKCE), and the client's credentials in the place this provider takes them. User
 * info answers only to the access token it issued, presented where the provider wants it.
 */
export async function startStrictFake(e: StrictExpectations): Promise<StrictFake> {
  const refusals: string[] = [];
  const codes = new Set<string>();
  let issuedCount = 0;
  const issued = { accessTokens: [] as string[], refreshTokens: [] as string[] };
  const fake: StrictFake = { server: undefined as unknown as FakeOAuthServer, code: "", issued, refusals };
  const newCode = () => {
    fake.code = `code-${codes.size + 1}-${Math.random().toString(36).slice(2)}`;
    codes.add(fake.code);
  };
  newCode();

  const grant = async (): Promise<FakeReply> => {
    issuedCount += 1;
    const accessToken = `at-${issuedCount}`;
    const refreshToken = `rt-${issuedCount}`;
    issued.accessTokens.push(accessToken);
    issued.refreshTokens.push(refreshToken);
    return {
      json: {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 3600,
        refresh_token: refreshToken,
        ...(await e.tokenFields?.()),
      },
    };
  };

  const token: FakeRoute = async (req) => {
    const params = tokenParams(req, e.auth);
    const grantType = params.get("grant_type");
    if (grantType !== "authorization_code" && grantType !== "refresh_token") {
      return refuse(refusals, "unsupported_grant_type", `grant_type ${grantType}`);
    }
    const problem = clientAuthProblem(req, params, e);
    if (problem) return refuse(refusals, "invalid_client", problem, 401);
    if (grantType === "refresh_token") {
      const presented = params.get("refresh_token") ?? "";
      if (!issued.refreshTokens.includes(presented)) return refuse(refusals, "invalid_grant", "unknown refresh token");
      return grant();
    }
    const code = params.get("code") ?? "";
    if (!codes.delete(code)) {
      const refusal = refuse(refusals, "invalid_grant", "code unknown or already used");
      return e.refusal ?? refusal;
    }
    if (e.redirectAtToken !== false && params.get("redirect_uri") !== e.redirectURI) {
      return refuse(refusals, "invalid_grant", "redirect_uri is not the registered one");
    }
    // The browser brought the authorization request here (see driveSocialFlow).
    const authorization = fake.server.requests.findLast((r) => r.method === "GET" && r.query.has("state"))?.query;
    const challenge = authorization?.get("code_challenge");
    const verifier = params.get("code_verifier");
    if (e.pkce) {
      if (!challenge || authorization?.get("code_challenge_method") !== "S256") {
        return refuse(refusals, "invalid_request", "no S256 code_challenge in the authorization request");
      }
      if (!verifier || codeChallengeS256(verifier) !== challenge) {
        return refuse(refusals, "invalid_grant", "PKCE verification failed");
      }
    } else if (verifier || challenge) {
      return refuse(refusals, "invalid_request", "PKCE sent to a provider that does not take it");
    }
    newCode();
    return grant();
  };

  const routes: Record<string, FakeRoute> = { ...e.routes };
  const method = e.auth === "query" ? "GET" : "POST";
  routes[`${method} ${e.tokenPath}`] = token;
  if (e.refreshPath) routes[`${method} ${e.refreshPath}`] = token;
  if (e.userInfo) {
    const { token: place, answer } = e.userInfo;
    routes[e.userInfo.route] = (req) => {
      const presented =
        place === "bearer"
          ? String(req.headers.authorization ?? "").replace(/^Bearer /, "")
          : "query" in place
            ? req.query.get(place.query)
            : req.form?.get(place.form);
      if (!presented || !issued.accessTokens.includes(presented)) {
        return refuse(refusals, "invalid_token", "user info without a token this fake issued", 401);
      }
      return { json: answer() };
    };
  }
  fake.server = await startFakeProvider(routes);
  return fake;
}
