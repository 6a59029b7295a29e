// Start-up cost, memory and per-check time of @gatehouse-auth/password-check (build first: npx tsup).
// Run: node --expose-gc bench/measure.mjs. Numbers vary with the machine; no test asserts on them.
import { performance } from "node:perf_hooks";

const heap = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
await import("@gatehouse-auth/core"); // loaded first: its cost is not the plugin's
const { createTestClient, makeTestAuth } = await import("@gatehouse-auth/core/testing");

let t = performance.now();
const { passwordCheck } = await import("../dist/index.js");
const importMs = performance.now() - t;

const h0 = heap();
const auth = makeTestAuth({ emailAndPassword: { enabled: true }, plugins: [passwordCheck()] });
const client = createTestClient(auth);
const body = (password) => ({ name: "Bench", email: `b-${Math.random()}@example.com`, password });
t = performance.now();
await client.post("/sign-up/email", body("12345678")); // first check loads the list
const firstCheckMs = performance.now() - t;
const listBytes = heap() - h0;

const time = async (label, password, n, plugin) => {
  const a = makeTestAuth({ emailAndPassword: { enabled: true }, plugins: plugin ? [plugin] : [] });
  const c = createTestClient(a);
  const { status } = await c.post("/sign-up/email", body(password));
  const start = performance.now();
  for (let i = 0; i < n; i++) await c.post("/sign-up/email", body(password));
  return [`${label} → ${status}`, `${((performance.now() - start) / n).toFixed(2)} ms/request`];
};
const h1 = heap();
const strength = passwordCheck({ minScore: 3 });
const strengthClient = createTestClient(makeTestAuth({ emailAndPassword: { enabled: true }, plugins: [strength] }));
t = performance.now();
await strengthClient.post("/sign-up/email", body("abcdef1234")); // first check builds zxcvbn-ts
const firstStrengthMs = performance.now() - t;
const rows = [
  await time("sign-up refused by core (too short), no plugin", "1234567", 200),
  await time("sign-up refused by the common list", "12345678", 200, passwordCheck()),
  await time("sign-up refused by minScore 3 (zxcvbn-ts)", "abcdef1234", 100, strength),
  await time("sign-up with l33t-heavy input, minScore 3", "p@$$w0rd!p@$$w0rd!1l0v3y0u!", 50, strength),
  await time("sign-up accepted, no plugin (scrypt + insert)", "violet-Tractor-umbrella-93!", 20),
  await time("sign-up accepted, common list + minScore 3", "violet-Tractor-umbrella-93!", 20, strength),
];
const zxcvbnBytes = heap() - h1;
console.log({
  "import @gatehouse-auth/password-check": `${importMs.toFixed(1)} ms`,
  "first check (loads the common list)": `${firstCheckMs.toFixed(1)} ms`,
  "heap added by the common list": mb(listBytes),
  "first minScore check (builds zxcvbn-ts)": `${firstStrengthMs.toFixed(1)} ms`,
  "heap added by zxcvbn-ts (minScore)": mb(zxcvbnBytes),
  ...Object.fromEntries(rows),
});
