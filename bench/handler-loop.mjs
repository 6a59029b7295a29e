// The JavaScript cost of one GET /get-session, without sockets: the conformance target's own request
// listener called in a loop with stand-in req/res objects, one request at a time. The kernel, the HTTP
// parser and the load generator are out of the picture, so a change to the pipeline shows as it is.
// Run from the repo root after `pnpm build`:
//   node bench/handler-loop.mjs [--requests 20000] [--rounds 3] [--cookie-cache] [--organization 20]
//                               [--allocations]
// --organization N loops get-full-organization for an organization with N members, 10 pending
// invitations and 5 teams (bench/run.mjs's org scenario) instead of get-session.
// --heap-sampling FILE writes a V8 sampling heap profile of the last round to FILE, objects that died
// young included (open it in Chrome DevTools, or sum it with bench/lib/heap-breakdown.mjs).
// --allocations also prints the bytes allocated per request: V8's heap statistics around each round,
// with the young generation's collections counted (run with --expose-gc for a collection before each),
// and the bytes per request that outlived a scavenge (promoted to the old generation): near zero when
// nothing a request makes outlives it (docs/performance.md, "Memory").
// Profile it:  node --cpu-prof --cpu-prof-dir /tmp/prof bench/handler-loop.mjs
//              node bench/lib/profile-breakdown.mjs /tmp/prof/<file>.cpuprofile <µs per request>
import { EventEmitter } from "node:events";
import { writeFileSync } from "node:fs";
import http from "node:http";
import { syncBuiltinESMExports } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { allocatedBytes } from "./lib/allocated-bytes.mjs";
import { setUpOrganization } from "./lib/harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const text = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const requests = Number(text("--requests") ?? 20000);
const rounds = Number(text("--rounds") ?? 3);
const port = 4939;
process.env.PORT = String(port);
if (process.argv.includes("--cookie-cache")) process.env.COOKIE_CACHE = "1";
const members = text("--organization") === undefined ? null : Number(text("--organization"));
const countAllocations = process.argv.includes("--allocations");
const heapSampling = text("--heap-sampling");

// Capture the listener the target hands to createServer (it also listens, for the sign-up below).
let listener;
const createServer = http.createServer;
http.createServer = (fn) => {
  listener = fn;
  return createServer(fn);
};
syncBuiltinESMExports();
const log = console.log;
let ready;
const listening = new Promise((resolve) => {
  ready = resolve;
});
console.log = (...args) => (String(args[0]).includes("ready") ? ready() : log(...args));
await import(join(here, "..", "examples", "conformance-target", "server.mjs"));
await listening;
console.log = log;

let cookie;
let path = "/api/auth/get-session";
if (members === null) {
  const origin = `http://127.0.0.1:${port}`;
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ name: "Bench", email: "bench@example.com", password: "bench-password-1" }),
  });
  cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
} else {
  const org = await setUpOrganization(port, members);
  cookie = org.cookie;
  path = `/api/auth/organization/get-full-organization?organizationId=${org.organizationId}`;
}
const what = members === null ? "get-session" : `get-full-organization (${members} members)`;

/** Just enough of a ServerResponse for the node handler. */
class Response extends EventEmitter {
  headersSent = false;
  destroyed = false;
  writableEnded = false;
  writeHead(status, headers) {
    this.status = status;
    this.headers = headers;
    this.headersSent = true;
    return this;
  }
  end(body) {
    this.body = body;
    this.writableEnded = true;
    this.done(this);
  }
}
const socket = { remoteAddress: "127.0.0.1" };
const headers = { host: `127.0.0.1:${port}`, cookie, "user-agent": "bench", accept: "*/*", connection: "keep-alive" };
const call = () =>
  new Promise((resolve) => {
    const req = new EventEmitter();
    req.method = "GET";
    req.url = path;
    req.headers = headers;
    req.socket = socket;
    const res = new Response();
    res.done = resolve;
    listener(req, res);
  });

const first = await call();
if (first.status !== 200 || !String(first.body).includes(members === null ? '"user"' : '"members"'))
  throw new Error(`${what} answered ${first.status} ${first.body}`);
const inspector = heapSampling ? await openInspector() : null;
for (let round = 0; round < rounds; round++) {
  globalThis.gc?.();
  const sampling = inspector && round === rounds - 1;
  // includeObjectsCollectedBy*: a request's garbage is what sizes the young generation.
  if (sampling)
    await inspector.post("HeapProfiler.startSampling", {
      samplingInterval: 512,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  const allocated = countAllocations ? allocatedBytes() : null;
  const before = process.cpuUsage();
  for (let i = 0; i < requests; i++) await call();
  const used = process.cpuUsage(before);
  if (sampling) {
    const { profile } = await inspector.post("HeapProfiler.stopSampling");
    writeFileSync(heapSampling, JSON.stringify(profile));
  }
  let bytes = "";
  if (allocated) {
    bytes = `, ${(allocated.stop() / requests / 1024).toFixed(1)} KB allocated per request`;
    const promoted = allocated.promoted();
    bytes += `, ${(promoted.bytes / requests).toFixed(0)} B promoted per request (${promoted.scavenges} scavenges)`;
  }
  log(
    `round ${round + 1}: ${((used.user + used.system) / requests).toFixed(1)} µs CPU per ${what}${bytes}${round === 0 ? " (includes JIT warm-up)" : ""}`,
  );
}
process.exit(0);

/** An in-process inspector session whose `post` returns a promise. */
async function openInspector() {
  const { Session } = await import("node:inspector");
  const session = new Session();
  session.connect();
  return {
    post: (method, params) =>
      new Promise((resolve, reject) => session.post(method, params, (err, r) => (err ? reject(err) : resolve(r)))),
  };
}
