// Times signed-out POST /send-verification-email for an unknown address and for an unverified account,
// in interleaved pairs (alternating which goes first, so drift and warm-up hit both alike), through the
// real handler on SQLite: the two must not be told apart by time (issue 26). Prints both medians and in
// how many pairs the unverified one was slower (about half when indistinguishable).
// Run from the repo root after `npx -y pnpm@10 build:js`:
//   node bench/send-verification-email.mjs [--pairs 201]
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { createAuth } from "../packages/core/dist/index.js";
import { kyselyAdapter } from "../packages/kysely/dist/index.js";

// better-sqlite3 is a dev dependency of the kysely package, not of the repo root.
const Database = createRequire(new URL("../packages/kysely/package.json", import.meta.url))("better-sqlite3");

const i = process.argv.indexOf("--pairs");
const pairs = i > 0 ? Number(process.argv[i + 1]) : 201;
const origin = "http://localhost:3000";
let mailed = 0;
const auth = createAuth({
  database: kyselyAdapter({ database: new Database(":memory:") }),
  secret: "bench-secret-0123456789abcdef0123456789",
  baseURL: origin,
  emailAndPassword: { enabled: true },
  emailVerification: { sendVerificationEmail: () => void mailed++ },
  logger: { error: console.error, warn: () => {} },
});
await auth.$context.adapter.migrate();

const post = (path, body) =>
  auth.handler(
    new Request(`${origin}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(body),
    }),
  );
const unverified = "unverified-bench@example.com";
await post("/sign-up/email", { name: "Bench", email: unverified, password: "bench-password-1" });

async function timed(email) {
  const t = performance.now();
  const r = await post("/send-verification-email", { email });
  await r.text();
  const ms = performance.now() - t;
  // Let the work left for after the answer finish, so it does not land in the next measurement.
  await new Promise((resolve) => setTimeout(resolve, 2));
  return ms;
}

for (let w = 0; w < 20; w++) await timed(w % 2 ? unverified : `nobody-${w}@example.com`);
const unknownMs = [];
const unverifiedMs = [];
let slower = 0;
for (let p = 0; p < pairs; p++) {
  const order = p % 2 ? ["u", "n"] : ["n", "u"];
  const got = {};
  for (const which of order) got[which] = await timed(which === "u" ? unverified : `nobody-${p}@example.com`);
  unknownMs.push(got.n);
  unverifiedMs.push(got.u);
  if (got.u > got.n) slower++;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`pairs: ${pairs}, mails sent: ${mailed}`);
console.log(`median unknown:    ${median(unknownMs).toFixed(3)} ms`);
console.log(`median unverified: ${median(unverifiedMs).toFixed(3)} ms`);
console.log(`unverified slower in ${slower} of ${pairs} pairs`);
