// What the framework apps' tests (Next.js, SvelteKit, Nuxt, Astro, TanStack Start) share: each builds a real app with its own
// build, starts the built server on a free port and drives it over HTTP. Plain Node, no dependencies.
import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";

/** A port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command in `cwd` and resolves when it exits 0; its output goes in the failure message. */
export function run(command, args, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${output}`)),
    );
  });
}

/**
 * Starts the built server and resolves once `${base}/api/auth/ok` answers 200 (30 s at most); the child
 * keeps its output in `.output` for failure messages. `name` says which server in those messages.
 */
export async function startServer({ name, command, args, cwd, env, base }) {
  const server = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  server.output = "";
  server.stdout.on("data", (d) => (server.output += d));
  server.stderr.on("data", (d) => (server.output += d));
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`${name} exited ${server.exitCode}:\n${server.output}`);
    try {
      const r = await fetch(`${base}/api/auth/ok`, { signal: AbortSignal.timeout(2000) });
      if (r.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill("SIGKILL");
  throw new Error(`${name} did not answer:\n${server.output}`);
}

/** Stops a server started above: SIGTERM, then SIGKILL after 5 s. */
export async function stopServer(server) {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (server.exitCode === null) server.kill("SIGKILL");
}

/**
 * Requests to the started app at `base()` (read per request: the port is known once it started) that
 * fail the test instead of hanging it (10 s) and never follow a redirect. With `proxied`, each request
 * comes from a client address of its own in X-Forwarded-For — the test plays the proxy the app trusts —
 * so the per-client limits do not mix tests; `newClient()` makes one more such address.
 */
export function appRequests(base, { proxied = false } = {}) {
  let nextAddress = 10;
  const newClient = () => `198.51.100.${nextAddress++}`;
  const call = (path, init = {}, client = proxied ? newClient() : undefined) =>
    fetch(`${base()}${path}`, {
      redirect: "manual",
      ...init,
      headers: client ? { "x-forwarded-for": client, ...init.headers } : init.headers,
      signal: AbortSignal.timeout(10_000),
    });
  /** A JSON POST from the app's own origin (`body` as is when it is a string: broken JSON on purpose). */
  const post = (path, body, headers = {}, client = undefined) =>
    call(
      path,
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: base(), ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      },
      client,
    );
  return { newClient, call, post };
}

/**
 * Requests for apps that limit by the socket's address (Nuxt, TanStack Start on srvx), over node:http because
 * fetch cannot pick its local address: each `newClient()` is a loopback address of its own (127.0.0.0/8 all
 * reaches the server), so each test is a different client and the per-client limits do not mix tests.
 * Redirects are not followed; a hang fails the test. `defaultClient`: the address a call without `client`
 * uses (a fixed one, or a new one per call). Answers carry `text`, `json()` and the `cookies` they set.
 */
export function socketRequests(port, base, { defaultClient = () => "127.0.0.1" } = {}) {
  let nextClient = 10;
  const newClient = () => `127.0.0.${nextClient++}`;
  const call = (path, { method = "GET", headers = {}, body, client = defaultClient(newClient) } = {}) =>
    new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port: port(), path, method, headers, localAddress: client, timeout: 10_000 },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d) => (text += d));
          res.on("end", () =>
            resolve({
              status: res.statusCode,
              headers: res.headers,
              text,
              json: () => JSON.parse(text),
              cookies: [res.headers["set-cookie"] ?? []].flat(),
            }),
          );
        },
      );
      req.on("timeout", () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.on("error", reject);
      req.end(body);
    });
  /** A JSON POST from the app's own origin (`body` as is when it is a string: broken JSON on purpose). */
  const post = (path, body, headers = {}, client = newClient()) =>
    call(path, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base(), ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
      client,
    });
  /** The cookies a socketRequests answer sets, as a Cookie header. */
  const cookieOf = (r) => r.cookies.map((c) => c.split(";")[0]).join("; ");
  return { newClient, call, post, cookieOf };
}

/** The cookies an answer sets, as a Cookie header. */
export const cookieOf = (r) =>
  r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** `s` for a RegExp, dots escaped (addresses in HTML). */
export const escaped = (s) => s.replace(/[.]/g, "\\.");
