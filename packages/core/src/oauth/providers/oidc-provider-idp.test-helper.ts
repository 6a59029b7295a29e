import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import Provider, { type Configuration } from "oidc-provider";

/** A person the IdP knows; its claims are what userinfo (and the ID token, per scope) say. */
export interface IdpAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/** panva's certified `oidc-provider`, running in-process on 127.0.0.1 as the test suite's IdP. */
export interface RealIdp {
  /** `http://127.0.0.1:<port>`, the issuer. */
  issuer: string;
  discoveryUrl: string;
  /** The IdP's signing key, private part included: tests forge tokens "the IdP signed" with it. */
  signingKey: JWK;
  /** The IdP's user store; edit an entry to change a profile at the IdP. */
  accounts: Map<string, IdpAccount>;
  /** Who logs in at the next login prompt when the request carries no login_hint. */
  nextLogin: { sub: string };
  /** When set, the next interaction is refused with this OAuth error (e.g. `access_denied`). */
  refuseNext: { error?: string };
  provider: Provider;
  close(): Promise<void>;
}

/** The confidential clients registered at the IdP. */
export const IDP_CLIENTS = {
  basic: { id: "gatehouse-basic", secret: "basic-secret-0123456789abcdef0123456789", providerId: "idp" },
  post: { id: "gatehouse-post", secret: "post-secret-0123456789abcdef0123456789", providerId: "idppost" },
} as const;

const callbackOf = (providerId: string) => `http://localhost:3000/api/auth/callback/${providerId}`;

/**
 * Starts oidc-provider with PKCE required, one client_secret_basic and one client_secret_post client,
 * refresh tokens (offline_access with prompt=consent, OIDC Core §11), revocation, and interactions
 * that approve at once: login as `login_hint` (or `nextLogin`), then consent to what was asked.
 */
export async function startRealIdp(): Promise<RealIdp> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey: JWK = { ...(await exportJWK(privateKey)), kid: "idp-key-1", alg: "RS256", use: "sig" };
  const accounts = new Map<string, IdpAccount>();
  const nextLogin = { sub: "" };
  const refuseNext: { error?: string } = {};
  let provider: Provider | undefined;

  const server = createServer((req, res) => {
    const idp = provider as Provider;
    if (req.url?.startsWith("/interaction/")) {
      interact(idp, req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
      return;
    }
    idp.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: Object.values(IDP_CLIENTS).map((c, i) => ({
      client_id: c.id,
      client_secret: c.secret,
      redirect_uris: [callbackOf(c.providerId)],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: i === 0 ? "client_secret_basic" : "client_secret_post",
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: ["idp-cookie-key-0123456789"] },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      RefreshToken: 86_400,
      Session: 3600,
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
    },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account }) };
    },
    // Quiet: oidc-provider would print every rendered error page.
    renderError(ctx, out) {
      ctx.type = "json";
      ctx.body = out;
    },
  };
  provider = new Provider(issuer, configuration);

  async function interact(idp: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await idp.interactionDetails(req, res);
    if (refuseNext.error) {
      const error = refuseNext.error;
      refuseNext.error = undefined;
      await idp.interactionFinished(req, res, { error, error_description: "the user said no" });
      return;
    }
    const { prompt, params } = details;
    if (prompt.name === "login") {
      const hint = typeof params.login_hint === "string" ? params.login_hint : undefined;
      const sub = [...accounts.values()].find((a) => a.email === hint)?.sub ?? hint ?? nextLogin.sub;
      await idp.interactionFinished(req, res, { login: { accountId: sub } });
      return;
    }
    const accountId = details.session?.accountId as string;
    const grant = details.grantId
      ? ((await idp.Grant.find(details.grantId)) as InstanceType<Provider["Grant"]>)
      : new idp.Grant({ accountId, clientId: String(params.client_id) });
    const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await idp.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    signingKey,
    accounts,
    nextLogin,
    refuseNext,
    provider,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * A browser at the IdP: follows its redirects with its own cookie jar (so the IdP session persists
 * between sign-ins) until the IdP sends the browser back to Gatehouse; returns that callback URL.
 */
export function idpBrowser() {
  const jar = new Map<string, string>();
  return {
    jar,
    async authorize(authorizationURL: string): Promise<URL> {
      let url = new URL(authorizationURL);
      for (let hops = 0; hops < 12; hops++) {
        if (url.origin === "http://localhost:3000") return url;
        const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
        const response = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ""] = line.split(";");
          const eq = pair.indexOf("=");
          const value = pair.slice(eq + 1);
          if (/expires=Thu, 01 Jan 1970/i.test(line) || value === "") jar.delete(pair.slice(0, eq));
          else jar.set(pair.slice(0, eq), value);
        }
        const location = response.headers.get("location");
        if (!location) throw new Error(`the IdP stopped at ${url}: ${response.status} ${await response.text()}`);
        await response.body?.cancel();
        url = new URL(location, url);
      }
      throw new Error("too many redirects at the IdP");
    },
  };
}
