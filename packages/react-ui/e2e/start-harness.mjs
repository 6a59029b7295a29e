// The browser test's server: a real Gatehouse (memory database, the sign-in, phone-number, organization, sso, scim and
// oauth-provider plugins) under /api/auth,
// the harness page and its bundle (built from source by esbuild) at /, and an outbox the test reads.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { apiKey } from "@gatehouse-auth/api-key";
import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { toNodeHandler } from "@gatehouse-auth/core/node";
import { emailOTP } from "@gatehouse-auth/email-otp";
import { jwt } from "@gatehouse-auth/jwt";
import { magicLink } from "@gatehouse-auth/magic-link";
import { oauthProvider } from "@gatehouse-auth/oauth-provider";
import { organization } from "@gatehouse-auth/organization";
import { passkey } from "@gatehouse-auth/passkey";
import { phoneNumber } from "@gatehouse-auth/phone-number";
import { scim } from "@gatehouse-auth/scim";
import { sso } from "@gatehouse-auth/sso";
import { twoFactor } from "@gatehouse-auth/two-factor";
import { username } from "@gatehouse-auth/username";
import { build } from "esbuild";

const entry = fileURLToPath(new URL("./harness.tsx", import.meta.url));

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>react-ui harness</title>
<link rel="icon" href="data:,">
<style>
body{margin:0;font-family:system-ui,sans-serif}
@media (prefers-color-scheme:dark){body{background:#0b0c0f;color:#eceef2}}
.page{padding:16px;display:flex;flex-direction:column;gap:16px}
.page-title{font-size:1rem;margin:0}
.bar{display:flex;justify-content:space-between;align-items:center}
</style></head><body><div id="root"></div><script type="module" src="/harness.js"></script></body></html>`;

/** Bundles the harness from source (the "source" export condition), once per test run. */
async function bundle() {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    conditions: ["source"],
    define: { "process.env.NODE_ENV": '"production"' },
    minify: true,
    logLevel: "silent",
  });
  return out.outputFiles[0].text;
}

/**
 * Starts the server on 127.0.0.1 (an ephemeral port). `outbox` holds what the plugins sent:
 * `{kind, email, link?, code?}` (texted codes: `{kind: "phone-otp", phoneNumber, code}`). `dnsServers`
 * (`host:port`) answer the sso plugin's TXT lookups (a test's own DNS server); without them no test
 * verifies a domain. `rateLimit: true` turns the server's rate limits on (the plugins' own rules), each
 * client known by its `x-harness-client` header (a test gives each browser context its own address).
 */
export async function startHarness({ dnsServers = [], rateLimit = false } = {}) {
  const outbox = [];
  const script = await bundle();
  let baseURL = "";
  const server = createServer((req, res) => {
    if (req.url?.startsWith("/api/auth")) return handler(req, res);
    // A minimal OpenID Provider's discovery document, so an OIDC connection can be added in the browser.
    if (req.url === "/idp/.well-known/openid-configuration") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(
        JSON.stringify({
          issuer: `${baseURL}/idp`,
          authorization_endpoint: `${baseURL}/idp/authorize`,
          token_endpoint: `${baseURL}/idp/token`,
          jwks_uri: `${baseURL}/idp/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          code_challenge_methods_supported: ["S256"],
        }),
      );
    }
    if (req.url?.startsWith("/harness.js")) {
      res.writeHead(200, { "content-type": "text/javascript" });
      return res.end(script);
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(PAGE);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  // WebAuthn needs a domain: the page is opened at localhost.
  baseURL = `http://localhost:${port}`;
  const auth = createAuth({
    database: memoryAdapter(),
    secret: "react-ui-browser-test-secret-0123456789abcdef",
    baseURL,
    trustedOrigins: [`http://127.0.0.1:${port}`],
    logger: { error: (...a) => console.error(...a), warn: () => {} },
    rateLimit: { enabled: rateLimit },
    ...(rateLimit && { advanced: { ipAddressHeaders: ["x-harness-client"] } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 10,
      // A cheap hash: the test signs many people up.
      password: { hash: async (p) => `plain:${p}`, verify: async ({ hash, password }) => hash === `plain:${password}` },
      sendResetPassword: ({ user, url }) => void outbox.push({ kind: "reset", email: user.email, link: url }),
    },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user, newEmail, url }) =>
          void outbox.push({ kind: "change-email", email: user.email, newEmail, link: url }),
      },
      deleteUser: { enabled: true },
    },
    emailVerification: {
      sendVerificationEmail: ({ user, url }) => void outbox.push({ kind: "verify", email: user.email, link: url }),
    },
    plugins: [
      apiKey(),
      username(),
      magicLink({ sendMagicLink: ({ email, url }) => void outbox.push({ kind: "magic-link", email, link: url }) }),
      emailOTP({ sendVerificationOTP: ({ email, otp }) => void outbox.push({ kind: "email-otp", email, code: otp }) }),
      twoFactor({
        issuer: "react-ui test",
        otp: { sendOTP: ({ user, code }) => void outbox.push({ kind: "two-factor", email: user.email, code }) },
      }),
      passkey({ rpName: "react-ui test" }),
      organization({
        teams: { enabled: true },
        sendInvitationEmail: ({ email, invitation }) =>
          void outbox.push({ kind: "invitation", email, id: invitation.id }),
      }),
      // The test's DNS server answers the TXT lookups; this origin's /idp is an OpenID Provider on this machine.
      sso({ domainVerification: { dnsServers }, oidc: { loopbackOrigins: [baseURL] } }),
      scim(),
      phoneNumber({ sendOTP: ({ phoneNumber, code }) => void outbox.push({ kind: "phone-otp", phoneNumber, code }) }),
      // An OAuth provider (its ID tokens signed with the jwt plugin's keys): the apps a user authorized.
      jwt(),
      oauthProvider(),
    ],
  });
  const handler = toNodeHandler(auth);
  return {
    base: baseURL,
    auth,
    outbox,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
