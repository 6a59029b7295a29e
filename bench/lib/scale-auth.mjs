// The auth bench/scale.mjs measures, shared with bench/anchor.mjs: the same plugins give the same schema, hence
// the same seeded-store cache key (bench/lib/scale-seed.mjs's seedKey), so both benches run on the same stores.
import { createRequire } from "node:module";
import { cheapHash } from "./scale-seed.mjs";

// The packages and drivers as the conformance target resolves them (the packages' dist).
const requireFromTarget = createRequire(new URL("../../examples/conformance-target/package.json", import.meta.url));
export const load = async (name) => import(requireFromTarget.resolve(name));
const { createAuth } = await load("@gatehouse-auth/core");
const { kyselyAdapter } = await load("@gatehouse-auth/kysely");
const { organization } = await load("@gatehouse-auth/organization");
const { admin } = await load("@gatehouse-auth/admin");
const { apiKey } = await load("@gatehouse-auth/api-key");
const { auditLog } = await load("@gatehouse-auth/audit-log");
const { dashboard } = await load("@gatehouse-auth/dashboard");

/** The bench's auth: the plugins whose routes are measured, rate limits off, a clock it can move. */
export function makeAuth(database, onQuery, clock) {
  const auth = createAuth({
    database: kyselyAdapter({ database, onQuery }),
    secret: "bench-secret-0123456789abcdef0123456789",
    baseURL: "http://127.0.0.1:3000",
    emailAndPassword: { enabled: true },
    rateLimit: { enabled: false },
    logger: { error: (...a) => console.error(...a), warn: () => {} },
    advanced: { now: () => Date.now() + clock.offset },
    plugins: [
      organization({ membershipLimit: 1_000_000, sendInvitationEmail: () => {} }),
      admin(),
      apiKey({ rateLimit: { enabled: false } }),
      auditLog(),
      dashboard(),
    ],
  });
  // A cheap password check, so sign-in measures the route, not scrypt (seeded accounts hold cheapHash).
  const passwords = auth.$context.passwords;
  passwords.hash = async (p) => cheapHash(p);
  passwords.verify = async (hash, p) => hash === cheapHash(p);
  passwords.verifyOrDummy = async (hash, p) => hash === cheapHash(p);
  return auth;
}

// --- the stores: seeded once per size and schema, copied per run ----------------------------------
