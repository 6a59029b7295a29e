#!/usr/bin/env node
// The consumer path: what someone who installs the published packages gets. Packs every package the
// way it would be published (`pnpm release:pack`'s script: `pnpm pack` rewrites workspace:* to
// versions) into a fresh project's release/ folder outside the workspace, and there checks:
//   tarballs  README.md, LICENSE, every exports target of every condition present (so no "source"
//             pointing at unshipped .ts), no workspace: ranges, no source map
//             that points at sources the tarball doesn't have;
//   install   the very command docs/getting-started.md shows ("Before the first release": gatehouse-auth
//             and its scoped dependencies' tarballs, better-sqlite3), and none of the heavy plugins'
//             dependencies comes with it;
//   readme    the README's "Ten lines of server" (imports from gatehouse-auth), verbatim but for the
//             port: sign-up, sign-in, get-session over HTTP;
//   cli       `npx gatehouse-auth generate` runs gatehouse-auth's bin;
//   umbrella  every gatehouse-auth subpath loads with import and require() and holds the scoped
//             package's very values (one copy of core); its types resolve with module nodenext and
//             with moduleResolution bundler;
//   then the remaining tarballs (heavy plugins) and express are added, and:
//   express   express.json() mounted before the auth handler: sign-up and sign-in answer (no hang);
//   require   a .cjs app require()s core, kysely and plugins and uses them (one copy of core);
//   types     a .cts file type-checks against the installed declarations (module nodenext).
// Needs built packages (`pnpm build`) and the npm registry (or npm's cache) for third-party
// dependencies. better-sqlite3 is installed without its build script and given the workspace's
// compiled binary when the versions match (else `npm rebuild` compiles or downloads one).
//
//   node scripts/consumer/run.mjs [--keep]   prints TAP and "N passed, N failed"; exit 1 on failure
import { execFileSync, spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { documentedInstallCommand, installCommand, UMBRELLA, umbrellaClosure } from "../release-files.mjs";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const here = fileURLToPath(new URL(".", import.meta.url));
const keep = process.argv.includes("--keep");
const started = Date.now();
const work = mkdtempSync(join(tmpdir(), "gatehouse-consumer-"));
const app = join(work, "app");
// The docs' command names ./release/….tgz relative to the app: the tarballs go where it looks.
const tarballs = join(app, "release");
const children = new Set();

let count = 0;
let failed = 0;
/** Runs one named check; a throw is a failure with its message. */
async function check(name, fn) {
  count++;
  try {
    await fn();
    console.log(`ok ${count} - ${name}`);
  } catch (error) {
    failed++;
    console.log(`not ok ${count} - ${name}`);
    for (const line of String(error?.stack ?? error)
      .split("\n")
      .slice(0, 12))
      console.log(`  # ${line}`);
  }
}
function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** Runs a command; throws with its output when it fails. */
function run(command, args, options = {}) {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...options });
  } catch (error) {
    throw new Error(`${command} ${args.join(" ")} failed:\n${error.stdout ?? ""}${error.stderr ?? error.message}`);
  }
}

/** A free TCP port on this machine. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Starts `node file` in the app folder; resolves once GET url answers, rejects if it exits first. */
async function startServer(file, port, readyUrl, env = {}) {
  const child = spawn(process.execPath, [file], {
    cwd: app,
    env: { ...process.env, NODE_ENV: "development", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${file} exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(readyUrl, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return { child, output: () => output, exited };
    } catch {}
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill();
  throw new Error(`${file} did not answer ${readyUrl} within 20 s:\n${output}`);
}

/** fetch with a deadline: a hang is a failure, not a stuck CI job. */
async function call(url, init = {}) {
  const res = await fetch(url, { redirect: "manual", ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, text, cookies: res.headers.getSetCookie() };
}
/** The cookie header a browser would send back from Set-Cookie lines. */
const cookieHeader = (setCookies) => setCookies.map((c) => c.split(";")[0]).join("; ");

/** Sign-up, sign-in and get-session over HTTP against a server at base (routes under /api/auth). */
async function signUpSignInGetSession(base, email) {
  const json = { "content-type": "application/json", origin: base };
  const password = "a long enough password 1";
  const up = await call(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password, name: "Consumer" }),
  });
  assert(up.status === 200, `sign-up answered ${up.status}: ${up.text}`);
  const inRes = await call(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  assert(inRes.status === 200, `sign-in answered ${inRes.status}: ${inRes.text}`);
  assert(inRes.cookies.length > 0, "sign-in set no cookie");
  const session = await call(`${base}/api/auth/get-session`, { headers: { cookie: cookieHeader(inRes.cookies) } });
  assert(session.status === 200, `get-session answered ${session.status}: ${session.text}`);
  assert(session.body?.user?.email === email, `get-session returned ${session.text}`);
  const anonymous = await call(`${base}/api/auth/get-session`);
  assert(anonymous.status === 200 && anonymous.body === null, `anonymous get-session gave ${anonymous.text}`);
}

// --- 1. pack ------------------------------------------------------------------------------------
const packages = readdirSync(join(repo, "packages"))
  .filter((d) => existsSync(join(repo, "packages", d, "package.json")))
  .map((d) => ({
    dir: join(repo, "packages", d),
    pkg: JSON.parse(readFileSync(join(repo, "packages", d, "package.json"), "utf8")),
  }))
  .filter((p) => !p.pkg.private);
const unbuilt = packages.filter(({ dir, pkg }) =>
  Object.values(pkg.exports ?? {}).some((e) => typeof e === "object" && !existsSync(join(dir, e.types ?? e.import))),
);
if (unbuilt.length) console.log(`# not built (run pnpm build first): ${unbuilt.map((p) => p.pkg.name).join(", ")}`);
mkdirSync(tarballs, { recursive: true });
mkdirSync(app, { recursive: true });
console.log("TAP version 13");
console.log(`# ${packages.length} packages, work folder ${work}`);

await check("pnpm release:pack (without its build) writes every package's tarball", () => {
  run(process.execPath, [join(repo, "scripts/release-pack.mjs"), "--no-build", "--out", tarballs], { cwd: repo });
  const made = readdirSync(tarballs).filter((f) => f.endsWith(".tgz"));
  assert(
    made.length === packages.length,
    `expected ${packages.length} tarballs, got ${made.length}: ${made.join(", ")}`,
  );
});

// --- 2. tarball contents ------------------------------------------------------------------------
for (const { pkg } of packages) {
  await check(`tarball ${pkg.name}: README.md, LICENSE, exports targets, no workspace:, no dangling maps`, () => {
    const file = join(tarballs, `${pkg.name.replace("@", "").replace("/", "-")}-${pkg.version}.tgz`);
    assert(existsSync(file), `no tarball ${file}`);
    const files = new Set(
      run("tar", ["-tzf", file])
        .split("\n")
        .filter(Boolean)
        .map((f) => f.replace(/^package\//, "")),
    );
    assert(files.has("README.md"), "no README.md");
    assert(files.has("LICENSE"), "no LICENSE");
    const manifest = JSON.parse(run("tar", ["-xzOf", file, "package/package.json"]));
    const ranges = JSON.stringify([manifest.dependencies, manifest.peerDependencies, manifest.optionalDependencies]);
    assert(!ranges.includes("workspace:"), `workspace: range left in ${ranges}`);
    for (const [subpath, entry] of Object.entries(manifest.exports ?? {})) {
      // A plain string is a file, not a module (the dashboard's style sheet): it must ship, nothing more.
      if (typeof entry === "string") {
        assert(files.has(entry.replace(/^\.\//, "")), `exports["${subpath}"] → ${entry} is not in the tarball`);
        continue;
      }
      assert(entry.default && entry.default === entry.import, `exports["${subpath}"] has no "default" = "import"`);
      assert(entry.types, `exports["${subpath}"] has no "types"`);
      // Every condition, "source" included: a consumer's tooling may match any of them.
      for (const [condition, value] of Object.entries(entry)) {
        const target = String(value).replace(/^\.\//, "");
        assert(files.has(target), `exports["${subpath}"].${condition} → ${value} is not in the tarball`);
      }
    }
    for (const bin of Object.values(manifest.bin ?? {}))
      assert(files.has(bin.replace(/^\.\//, "")), `bin ${bin} missing`);
    for (const map of [...files].filter((f) => f.endsWith(".map"))) {
      const sources = JSON.parse(run("tar", ["-xzOf", file, `package/${map}`])).sources ?? [];
      for (const source of sources) {
        const resolved = join(dirname(map), source).replace(/\\/g, "/");
        assert(files.has(resolved), `${map} points at ${source}, which the tarball doesn't ship`);
      }
    }
  });
}

// --- 3. install into a fresh project ------------------------------------------------------------
const workspaceSqlite = (() => {
  const store = join(repo, "node_modules/.pnpm");
  const dir = readdirSync(store).find((d) => /^better-sqlite3@\d/.test(d));
  if (!dir) return null;
  const root = join(store, dir, "node_modules/better-sqlite3");
  return {
    version: JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version,
    binary: join(root, "build/Release/better_sqlite3.node"),
  };
})();
let installed = false;
/** npm install in the app, offline when it can; better-sqlite3 is pinned to the workspace's binary. */
function npmInstall(specs) {
  const pinned = specs.map((spec) =>
    spec === "better-sqlite3" && workspaceSqlite ? `better-sqlite3@${workspaceSqlite.version}` : spec,
  );
  // --ignore-scripts: better-sqlite3's build script would compile for a minute; the workspace's
  // binary fits when the version (and so the ABI-matched Node) is the same.
  const flags = ["--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts", "--loglevel=error"];
  run("npm", ["install", ...flags, ...pinned], { cwd: app });
}
await check(
  "npm install exactly as docs/getting-started.md shows it: gatehouse-auth's tarballs and better-sqlite3",
  () => {
    writeFileSync(
      join(app, "package.json"),
      JSON.stringify({ name: "gatehouse-consumer", private: true, version: "1.0.0" }, null, 2),
    );
    const documented = documentedInstallCommand(repo);
    assert(documented, 'docs/getting-started.md has no "npm install ./release/…" under "### Before the first release"');
    const words = documented.split(/\s+/);
    // Drift between the docs and the packages would install too little (npm then asks the registry).
    assert(
      words.join(" ") === installCommand(repo),
      `the docs show\n  ${documented}\nbut the packages need\n  ${installCommand(repo)}`,
    );
    assert(words[0] === "npm" && words[1] === "install", `not an npm install: ${documented}`);
    npmInstall(words.slice(2));
    const target = join(app, "node_modules/better-sqlite3/build/Release");
    if (workspaceSqlite && existsSync(workspaceSqlite.binary)) {
      mkdirSync(target, { recursive: true });
      copyFileSync(workspaceSqlite.binary, join(target, "better_sqlite3.node"));
    } else {
      console.log("# no compiled better-sqlite3 in the workspace: npm rebuild (compiles, can take a minute)");
      run("npm", ["rebuild", "better-sqlite3"], { cwd: app });
    }
    run(process.execPath, ["-e", "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"], {
      cwd: app,
    });
    installed = true;
    const size = run("du", ["-sk", "--apparent-size", join(app, "node_modules")]).split("\t")[0];
    console.log(`# installed: ${Number(size) / 1000} MB in node_modules (better-sqlite3 included)`);
  },
);

await check("the common-case install brings none of the heavy plugins' dependencies, nor React", () => {
  assert(installed, "not installed");
  const heavy = [
    "@simplewebauthn/server",
    "libphonenumber-js",
    "qrcode",
    "yargs",
    "@zxcvbn-ts/core",
    "ioredis",
    "react-dom",
  ];
  const present = heavy.filter((name) => existsSync(join(app, "node_modules", name, "package.json")));
  assert(present.length === 0, `installed anyway: ${present.join(", ")}`);
  // React is an optional peer all the way down (gatehouse-auth and @gatehouse-auth/react): npm installs
  // a required peer of a dependency by itself, which would put React into every server-only app.
  assert(!existsSync(join(app, "node_modules/react/package.json")), "react was installed for a server-only app");
});
// --- 4. the README's server ---------------------------------------------------------------------
await check("README's ten-line server: sign-up, sign-in, get-session over HTTP", async () => {
  assert(installed, "not installed");
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  const code = readme.split("## Ten lines of server")[1]?.match(/```ts\n([\s\S]*?)```/)?.[1];
  assert(code, "README.md has no ts block under '## Ten lines of server'");
  const port = await freePort();
  writeFileSync(join(app, "readme-server.mjs"), code.replaceAll("3000", String(port)));
  const base = `http://localhost:${port}`;
  const server = await startServer("readme-server.mjs", port, `${base}/api/auth/ok`, {
    GATEHOUSE_SECRET: "consumer-test-secret-0123456789abcdef0123",
  });
  try {
    await signUpSignInGetSession(base, "readme@example.com");
  } finally {
    server.child.kill();
    await server.exited;
  }
});

// --- 5. the CLI and every gatehouse-auth subpath ----------------------------------------------------
await check(
  "npx gatehouse-auth generate --dialect sqlite prints the schema, and so does gatehouse-auth's own bin file",
  () => {
    assert(installed, "not installed");
    // --no: never fetch a package of that name from the registry; the installed bin or a failure.
    const out = run("npx", ["--no", "gatehouse-auth", "generate", "--dialect", "sqlite"], { cwd: app });
    assert(/create table/i.test(out) && out.includes("session"), `unexpected output:\n${out.slice(0, 500)}`);
    // gatehouse-auth and @gatehouse-auth/kysely both declare the bin (the one CLI, pinned to one version);
    // npm links one of the two into .bin. Run gatehouse-auth's file too, so both are known to work.
    const own = join(app, "node_modules", UMBRELLA, umbrellaClosure(repo)[0].pkg.bin["gatehouse-auth"]);
    const direct = run(process.execPath, [own, "generate", "--dialect", "sqlite"], { cwd: app });
    assert(direct === out, `gatehouse-auth's bin printed something else:\n${direct.slice(0, 500)}`);
  },
);

// --- 6. the other tarballs (heavy plugins), then Express, CommonJS and TypeScript -------------------
await check("npm install of the remaining tarballs, express, react, vue, svelte, solid-js and h3 next to it", () => {
  assert(installed, "not installed");
  const inDocs = new Set(umbrellaClosure(repo).map((p) => p.name));
  const rest = packages.filter(({ pkg }) => !inDocs.has(pkg.name));
  npmInstall([
    ...rest.map(({ pkg }) => `./release/${pkg.name.replace("@", "").replace("/", "-")}-${pkg.version}.tgz`),
    "express@5",
    // React is an optional peer: an app that imports the /react subpaths (checked next) has it.
    "react@19",
    "react-dom@19",
    "@types/react@19",
    // The Vue, Svelte and Solid bindings' optional peers, for the require() of every entry below.
    "vue@3",
    "svelte@5",
    "solid-js@1",
    // @gatehouse-auth/core/nuxt's optional peer (Nuxt ships it), for the same require().
    "h3@1",
  ]);
});

const umbrella = umbrellaClosure(repo)[0].pkg;
const umbrellaSpecs = Object.keys(umbrella.exports).map((s) => UMBRELLA + s.slice(1));
await check(
  "every gatehouse-auth subpath: import() and require() give one module, the scoped package's very values",
  () => {
    assert(installed, "not installed");
    // Each subpath's source is one `export * from "<scoped>"` line: its target is read from there.
    const targets = Object.fromEntries(
      Object.entries(umbrella.exports).map(([subpath, entry]) => {
        const code = readFileSync(join(repo, "packages", UMBRELLA, entry.source), "utf8");
        return [UMBRELLA + subpath.slice(1), code.match(/export \* from "([^"]+)"/)?.[1]];
      }),
    );
    writeFileSync(
      join(app, "umbrella.cjs"),
      `const targets = ${JSON.stringify(targets)};
(async () => {
  for (const [spec, target] of Object.entries(targets)) {
    const required = require(spec);
    if (required !== (await import(spec))) throw new Error(spec + ": require() and import() differ");
    const scoped = require(target);
    const names = Object.keys(scoped);
    if (!names.length || names.join() !== Object.keys(required).join()) throw new Error(spec + ": names differ from " + target);
    for (const n of names) if (required[n] !== scoped[n]) throw new Error(spec + " " + n + " is not " + target + "'s");
  }
  console.log("umbrella ok");
})().catch((e) => { console.error(e); process.exit(1); });
`,
    );
    const out = run(process.execPath, ["umbrella.cjs"], { cwd: app, env: { ...process.env, NODE_ENV: "development" } });
    assert(out.includes("umbrella ok"), out);
  },
);

await check("gatehouse-auth's types resolve for every subpath: module nodenext and moduleResolution bundler", () => {
  assert(installed, "not installed");
  const lines = umbrellaSpecs.map((spec, i) => `import * as m${i} from "${spec}";`);
  lines.push(
    `export const sizes: number[] = [${umbrellaSpecs.map((_, i) => `Object.keys(m${i}).length`).join(", ")}];`,
  );
  // Real types, not any: a misspelt export of the root is an error.
  lines.push(
    "export const create: typeof m0.createAuth = m0.createAuth;",
    "// @ts-expect-error not an export",
    "m0.createAut;",
  );
  // h3 1.x (the /nuxt subpath's optional peer) declares H3Event with `implements Pick<FetchEvent, ...>`, the
  // service-worker global a Node project's types lack: its declarations fail under skipLibCheck false in any
  // project, with or without Gatehouse. The file declares that one member, so ours are still checked strictly.
  if (umbrellaSpecs.includes(`${UMBRELLA}/nuxt`))
    lines.push(
      "declare global {",
      "  interface FetchEvent {",
      "    respondWith(response: Response | PromiseLike<Response>): void;",
      "  }",
      "}",
    );
  writeFileSync(join(app, "umbrella-types.mts"), `${lines.join("\n")}\n`);
  const tsc = join(repo, "node_modules/typescript/bin/tsc");
  const common = [
    "--noEmit",
    "--strict",
    "--target",
    "es2022",
    "--skipLibCheck",
    "false",
    "--types",
    "node",
    "--typeRoots",
    join(repo, "node_modules/@types"),
  ];
  run(
    process.execPath,
    [tsc, ...common, "--module", "nodenext", "--moduleResolution", "nodenext", "umbrella-types.mts"],
    { cwd: app },
  );
  run(process.execPath, [tsc, ...common, "--module", "esnext", "--moduleResolution", "bundler", "umbrella-types.mts"], {
    cwd: app,
  });
});

// --- 7. Express with express.json() first -------------------------------------------------------
await check("Express with express.json() before the handler: sign-up and sign-in answer", async () => {
  assert(installed, "not installed");
  copyFileSync(join(here, "express-server.mjs"), join(app, "express-server.mjs"));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = await startServer("express-server.mjs", port, `${base}/hello`);
  try {
    await signUpSignInGetSession(base, "express@example.com");
  } finally {
    server.child.kill();
    await server.exited;
  }
});

// --- 8. CommonJS ---------------------------------------------------------------------------------
await check("require() from a .cjs app: core, kysely, username and organization, one copy of core", () => {
  assert(installed, "not installed");
  copyFileSync(join(here, "use-require.cjs"), join(app, "use-require.cjs"));
  const out = run(process.execPath, ["use-require.cjs"], {
    cwd: app,
    env: { ...process.env, NODE_ENV: "development" },
  });
  assert(out.includes("cjs ok"), out);
});

await check("require() of every export entry of every installed package", () => {
  assert(installed, "not installed");
  const specs = packages.flatMap(({ pkg }) =>
    Object.entries(pkg.exports ?? {})
      // adapter-conformance registers vitest suites (loads only under vitest); a string is a file (CSS).
      .filter(([s, entry]) => s !== "./adapter-conformance" && typeof entry === "object")
      .map(([s]) => s)
      .map((s) => pkg.name + s.slice(1)),
  );
  const program = `for (const s of ${JSON.stringify(specs)}) { const m = require(s); if (!Object.keys(m).length) throw new Error(s + ": no exports"); }`;
  run(process.execPath, ["-e", program], { cwd: app });
});

// --- 9. TypeScript as CommonJS --------------------------------------------------------------------
await check("TypeScript .cts (module nodenext) type-checks against the installed declarations", () => {
  assert(installed, "not installed");
  copyFileSync(join(here, "types.cts"), join(app, "types.cts"));
  const config = JSON.parse(readFileSync(join(here, "tsconfig.json"), "utf8"));
  config.compilerOptions.typeRoots = [join(repo, "node_modules/@types")]; // @types/node of the workspace
  writeFileSync(join(app, "tsconfig.json"), JSON.stringify(config, null, 2));
  run(process.execPath, [join(repo, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], { cwd: app });
});

// --- summary --------------------------------------------------------------------------------------
for (const child of children) if (child.exitCode === null) child.kill();
if (!keep) rmSync(work, { recursive: true, force: true });
console.log(`1..${count}`);
console.log(`# ${((Date.now() - started) / 1000).toFixed(1)} s${keep ? `, kept ${work}` : ""}`);
console.log(`${count - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
