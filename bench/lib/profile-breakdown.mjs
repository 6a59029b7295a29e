// Where a request's time goes, from a V8 CPU profile (node --cpu-prof) of bench/handler-loop.mjs or of
// a server under load: each sample is charged to the first of the categories below found on its
// stack (innermost first), so nothing is counted twice. Samples are counted, not weighted by their time
// deltas: on a shared machine a delta also holds the time the process waited for a CPU.
//   node bench/lib/profile-breakdown.mjs FILE.cpuprofile [µs per request]
import { readFileSync } from "node:fs";

const [file, perRequest] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, "utf8"));
const categories = [
  ["HMAC check of the session cookie", /^(unsignCookieValue|hmacSha256Base64)$/],
  ["Cookie header parsing", /^(readCookie|safeDecode)$/],
  ["SHA-256 of the token (the lookup key)", /^sha256Base64Url$/],
  ["Session cookie cache read", /^readSessionCache$/],
  ["Query: kysely adapter + driver", /^(findOne|findMany)$/],
  ["jwt plugin after-hook (set-auth-jwt)", /^signSessionJwt$/],
  ["JSON serialization", /^serializeJson$/],
  ["toAuthResponse (headers, no-store rule)", /^toAuthResponse$/],
  ["toWritableResponse (header validation)", /^toWritableResponse$/],
  ["Query-string validation (zod)", /^parseInput$/],
  ["Input checks (strings, callback URLs)", /^(checkInputStrings|checkCallbackUrls)$/],
  ["Node handler (target, Host, headers)", /^(serve|nodeHeaders)$/],
  ["Response writing (writeHead, end)", /^writeResponse$/],
  ["Garbage collector", /^\(garbage collector\)$/],
];
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const counts = new Map();
let total = 0;
for (const sample of profile.samples) {
  const names = [];
  for (let id = sample; id !== undefined; id = parent.get(id)) names.push(byId.get(id).callFrame.functionName);
  if (names[0] === "(idle)" || names[0] === "(program)") continue;
  // Start-up (module loading) is not a request's cost.
  if (names.some((n) => n === "compileSourceTextModule" || n === "Module._compile" || n === "moduleStrategy")) continue;
  total++;
  const hit = categories.find(([, re]) => names.some((n) => re.test(n)));
  const label = hit ? hit[0] : "Rest: pipeline, routing, promises, endpoint body";
  counts.set(label, (counts.get(label) ?? 0) + 1);
}
const us = perRequest ? Number(perRequest) : null;
for (const [label, n] of [...counts].sort((a, b) => b[1] - a[1])) {
  const share = n / total;
  console.log(
    `${label.padEnd(50)}${`${(share * 100).toFixed(1)}%`.padStart(7)}${us ? `${(share * us).toFixed(1).padStart(7)} µs` : ""}`,
  );
}
