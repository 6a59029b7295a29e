// The OAuth provider's token endpoint: CPU per request of the authorization_code exchange (with an
// EdDSA-signed ID token and a refresh token) and of a refresh (rotation), on SQLite, in process through
// auth.handler (no HTTP or load generator in the numbers). Printed only: issue 28's goal (at most half of
// better-auth's CPU per request on the same machine) is measured by bench/anchor.mjs, which runs this flow
// against better-auth's provider alternately (bench/lib/anchor-oauth.mjs). Codes are obtained before the
// clock starts; each measured request is one token call.
// Run from the repo root after building (`npx -y pnpm@10 --filter @gatehouse-auth/oauth-provider... run build`):
//   node bench/oauth-token.mjs [--requests 400]
import { createHash, randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const i = process.argv.indexOf("--requests");
const N = i > 0 ? Number(process.argv[i + 1]) : 400;
// The provider's own dependencies (the repo root does not depend on them).
const req = createRequire(new URL("../packages/oauth-provider/package.json", import.meta.url));
const load = (name) => import(pathToFileURL(req.resolve(name)).href);
const { createAuth } = await load("@gatehouse-auth/core");
const { jwt } = await load("@gatehouse-auth/jwt");
const { kyselyAdapter } = await load("@gatehouse-auth/kysely");
const { oauthProvider } = await load("@gatehouse-auth/oauth-provider");
const Database = (await load("better-sqlite3")).default;

const base = "http://127.0.0.1:3999";
const client = { id: "bench", secret: "bench-client-secret-0123456789abcdef", redirect: "https://app.example/cb" };
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
      clients: [
        { clientId: client.id, clientSecret: client.secret, redirectUris: [client.redirect], skipConsent: true },
      ],
    }),
  ],
});
await auth.$context.adapter.migrate?.();

const call = (path, init = {}) => auth.handler(new Request(`${base}/api/auth${path}`, init));
const up = await call("/sign-up/email", {
  method: "POST",
  headers: { "content-type": "application/json", origin: base },
  body: JSON.stringify({ name: "Bench", email: "bench@example.com", password: "bench-password-1" }),
});
const cookie = up.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");
const basic = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}`;
const token = async (form) => {
  const r = await call("/oauth2/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic },
    body: new URLSearchParams(form),
  });
  if (r.status !== 200) throw new Error(`token ${r.status} ${await r.text()}`);
  return r.json();
};

async function code() {
  const verifier = randomBytes(32).toString("base64url");
  const q = new URLSearchParams({
    response_type: "code",
    client_id: client.id,
    redirect_uri: client.redirect,
    scope: "openid email offline_access",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state: "s",
  });
  const r = await call(`/oauth2/authorize?${q}`, {
    headers: { cookie, "sec-fetch-mode": "navigate", accept: "text/html" },
  });
  const at = new URL(r.headers.get("location")).searchParams.get("code");
  if (!at) throw new Error(`authorize ${r.status} ${r.headers.get("location")}`);
  return { code: at, verifier };
}

/** CPU µs and wall µs per call of `run(k)`, after a warm-up of 30. */
async function measure(run) {
  for (let k = 0; k < 30; k++) await run(k, true);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let k = 0; k < N; k++) await run(k, false);
  const cpu = process.cpuUsage(cpu0);
  return { cpu: (cpu.user + cpu.system) / N, wall: ((performance.now() - t0) * 1000) / N };
}

const warmCodes = await Promise.all(Array.from({ length: 30 }, code));
const codes = [];
for (let k = 0; k < N; k++) codes.push(await code());
let refresh = null;
const exchange = await measure(async (k, warm) => {
  const c = warm ? warmCodes[k] : codes[k];
  const body = await token({
    grant_type: "authorization_code",
    code: c.code,
    code_verifier: c.verifier,
    redirect_uri: client.redirect,
  });
  refresh = body.refresh_token;
});
const rotate = await measure(async () => {
  refresh = (await token({ grant_type: "refresh_token", refresh_token: refresh })).refresh_token;
});
const line = (name, m) =>
  `${name.padEnd(44)} ${m.cpu.toFixed(0).padStart(6)} µs CPU/request  ${m.wall.toFixed(0).padStart(6)} µs wall`;
console.log(
  `oauth-provider token endpoint, SQLite in memory, in process, ${N} requests each (node ${process.version})`,
);
console.log(line("authorization_code (+ ID token, refresh token)", exchange));
console.log(line("refresh_token (rotation)", rotate));
