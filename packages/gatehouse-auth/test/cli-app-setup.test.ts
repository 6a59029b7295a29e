import { type ChildProcess, execFile, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// `gatehouse-auth init | doctor | create-admin | secret` as a new user runs them: the package's own bin
// (dist/cli.js, built by `pnpm test`'s build), in a fresh folder whose node_modules holds gatehouse-auth,
// the database driver and the framework, then the written server started with `node --env-file=.env`
// and used over HTTP.
const here = dirname(fileURLToPath(import.meta.url));
const packageDir = join(here, "..");
const bin = join(packageDir, "dist/cli.js");
// The frameworks are devDependencies of core (its integration tests use them), the driver kysely's:
// pnpm links each into the package's own node_modules.
const linked = (workspacePackage: string, name: string) =>
  realpathSync(join(packageDir, "..", workspacePackage, "node_modules", name));

const made: string[] = [];
const servers: ChildProcess[] = [];
afterAll(() => {
  for (const server of servers) server.kill();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh app folder with gatehouse-auth, better-sqlite3 and the frameworks installed (linked). */
function appFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "gh-init-"));
  made.push(dir);
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, ".bin"), { recursive: true });
  mkdirSync(join(modules, "@hono"), { recursive: true });
  symlinkSync(packageDir, join(modules, "gatehouse-auth"));
  symlinkSync(bin, join(modules, ".bin/gatehouse-auth"));
  symlinkSync(linked("kysely", "better-sqlite3"), join(modules, "better-sqlite3"));
  for (const name of ["express", "fastify", "hono", "@hono/node-server"])
    symlinkSync(linked("core", name), join(modules, name));
  return dir;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
// The machine's own variables would win over the app's .env (CI sets DATABASE_URL for other stages).
const cleanEnv = () => {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development" };
  for (const key of ["DATABASE_URL", "GATEHOUSE_SECRET", "GATEHOUSE_URL"]) delete env[key];
  return env;
};
/** Runs the gatehouse-auth bin in `cwd` (through node_modules/.bin, as npx does), `input` on stdin. */
function cliClean(cwd: string, args: string[], input?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [join(cwd, "node_modules/.bin/gatehouse-auth"), ...args],
      { cwd, timeout: 60_000, env: cleanEnv() },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input ?? "");
  });
}

/** Starts the app's server with its .env on a free port; resolves with its origin once it listens. */
function startServer(cwd: string, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, ["--env-file=.env", file], {
      cwd,
      // .env says port 3000; a test on another port names its own address, as a user moving port would.
      env: { ...cleanEnv(), PORT: String(port), GATEHOUSE_URL: `http://localhost:${port}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    servers.push(child);
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("listening on")) resolve(`http://localhost:${port}`);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
}

/** Signs up over HTTP and reads /me with the session cookie: the app works end to end. */
async function signUpAndReadMe(origin: string, email: string): Promise<void> {
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: "correct horse battery", name: "New User" }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const me = await fetch(`${origin}/me`, { headers: { cookie } });
  expect(me.status).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe(email);
  expect((await fetch(`${origin}/me`)).status).toBe(401);
}

describe("gatehouse-auth secret", () => {
  it("prints a new 43-character base64url secret each time", async () => {
    const dir = appFolder();
    const [a, b] = await Promise.all([cliClean(dir, ["secret"]), cliClean(dir, ["secret"])]);
    expect(a.code).toBe(0);
    expect(a.stdout.trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.stdout.trim()).not.toBe(a.stdout.trim());
    expect((await cliClean(dir, ["secret", "extra"])).code).toBe(1);
  });
});

describe("gatehouse-auth init, then doctor, migrate and the server", () => {
  it.each(["node", "express", "fastify", "hono"])(
    "%s on SQLite: init writes an app that migrates and serves sign-up over HTTP (node: doctor before and after migrate)",
    async (framework) => {
      const dir = appFolder();
      const made = await cliClean(dir, [
        "init",
        "--framework",
        framework,
        "--database",
        "sqlite",
        "--client",
        "vanilla",
      ]);
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toContain("npm install gatehouse-auth better-sqlite3");
      for (const file of ["auth.mjs", "server.mjs", "auth-client.mjs", ".env", ".gitignore"])
        expect(existsSync(join(dir, file)), file).toBe(true);
      const env = readFileSync(join(dir, ".env"), "utf8");
      expect(env).toMatch(/^GATEHOUSE_SECRET=[A-Za-z0-9_-]{43}$/m);
      expect(env).toMatch(/^DATABASE_URL=auth\.db$/m);
      expect(readFileSync(join(dir, ".gitignore"), "utf8")).toMatch(/^\.env$/m);

      // Before migrate the database lacks the tables, and doctor says what to run (checked once: it
      // reads the auth module, the same in every framework).
      if (framework === "node") {
        const before = await cliClean(dir, ["doctor"]);
        expect(before.code, before.stdout + before.stderr).toBe(1);
        expect(before.stdout).toMatch(/FAIL .*npx gatehouse-auth migrate/);
        expect(before.stdout).not.toMatch(/development secret/); // .env's secret was read
      }
      const migrated = await cliClean(dir, ["migrate"]);
      expect(migrated.code, migrated.stderr).toBe(0);
      expect(migrated.stdout).toMatch(/applied \d+ statement/);
      if (framework === "node") {
        const after = await cliClean(dir, ["doctor"]);
        expect(after.code, after.stdout + after.stderr).toBe(0);
        expect(after.stdout).toContain("no migrations pending");
        expect(after.stdout).not.toContain("FAIL");
      }

      const origin = await startServer(dir, "server.mjs");
      await signUpAndReadMe(origin, `${framework}@example.com`);
    },
  );

  it("never replaces a file without --force, and adds only missing keys to an existing .env", async () => {
    const dir = appFolder();
    writeFileSync(join(dir, ".env"), "GATEHOUSE_URL=https://app.example.com\nOTHER=1");
    writeFileSync(join(dir, ".gitignore"), "node_modules\n.env\n");
    const first = await cliClean(dir, ["init", "--yes"]);
    expect(first.code, first.stderr).toBe(0);
    const env = readFileSync(join(dir, ".env"), "utf8");
    expect(env).toContain("GATEHOUSE_URL=https://app.example.com\nOTHER=1\n");
    expect(env.match(/^GATEHOUSE_URL=/gm)).toHaveLength(1);
    expect(env).toMatch(/^GATEHOUSE_SECRET=/m);
    expect(readFileSync(join(dir, ".gitignore"), "utf8")).toBe("node_modules\n.env\n");

    const auth = readFileSync(join(dir, "auth.mjs"), "utf8");
    writeFileSync(join(dir, "auth.mjs"), `${auth}\n// mine\n`);
    const again = await cliClean(dir, ["init", "--yes"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/auth\.mjs.* already exist.*--force/);
    expect(readFileSync(join(dir, "auth.mjs"), "utf8")).toContain("// mine");
    expect(readFileSync(join(dir, ".env"), "utf8")).toBe(env);
    expect((await cliClean(dir, ["init", "--yes", "--force"])).code).toBe(0);
    expect(readFileSync(join(dir, "auth.mjs"), "utf8")).not.toContain("// mine");

    const bad = await cliClean(dir, ["init", "--framework", "rails"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--framework "rails" is not one of node, express/);
  });

  it("writes TypeScript in a TypeScript project: the Next.js route under app/ and the auth module under lib/", async () => {
    const dir = appFolder();
    writeFileSync(join(dir, "tsconfig.json"), "{}");
    const made = await cliClean(dir, [
      "init",
      "--framework",
      "next",
      "--client",
      "react",
      "--orm",
      "drizzle",
      "--database",
      "postgres",
    ]);
    expect(made.code, made.stderr).toBe(0);
    const route = readFileSync(join(dir, "app/api/auth/[...all]/route.ts"), "utf8");
    expect(route).toContain('import { toNextJsHandler } from "gatehouse-auth/next";');
    expect(route).toContain('import { auth } from "../../../../lib/auth.js";');
    const auth = readFileSync(join(dir, "lib/auth.ts"), "utf8");
    expect(auth).toContain('import { drizzle } from "drizzle-orm/node-postgres";');
    expect(auth).toContain('import * as schema from "./auth-schema.js";');
    expect(auth).toContain('drizzleAdapter(db, { provider: "pg", schema })');
    expect(readFileSync(join(dir, "lib/auth-schema.ts"), "utf8")).toMatch(/pgTable\(\s*"user"/);
    expect(readFileSync(join(dir, "lib/auth-client.ts"), "utf8")).toContain('from "gatehouse-auth/react"');
    expect(made.stdout).toContain("npm install gatehouse-auth pg @gatehouse-auth/drizzle drizzle-orm");
    // The route's exports are what toNextJsHandler gives (gatehouse-auth/next as the app installs it).
    const next = (await import(join(packageDir, "dist/next.js"))) as { toNextJsHandler: unknown };
    expect(typeof next.toNextJsHandler).toBe("function");
  });
});

describe("gatehouse-auth create-admin", () => {
  /** An app whose auth has the admin plugin, migrated, with its server running (made once). */
  let app: Promise<{ dir: string; origin: string }> | undefined;
  const adminApp = () => {
    app ??= makeAdminApp().then(async (dir) => ({ dir, origin: await startServer(dir, "server.mjs") }));
    return app;
  };
  async function makeAdminApp(): Promise<string> {
    const dir = appFolder();
    expect((await cliClean(dir, ["init", "--yes"])).code).toBe(0);
    const auth = readFileSync(join(dir, "auth.mjs"), "utf8")
      .replace(
        'import { createAuth } from "gatehouse-auth";',
        'import { createAuth } from "gatehouse-auth";\nimport { admin } from "gatehouse-auth/admin";',
      )
      .replace("  database,\n", "  database,\n  plugins: [admin()],\n");
    writeFileSync(join(dir, "auth.mjs"), auth);
    expect((await cliClean(dir, ["migrate"])).code).toBe(0);
    return dir;
  }

  it("creates a verified admin with a password from stdin, who can sign in and list users", async () => {
    const { dir, origin } = await adminApp();
    const created = await cliClean(
      dir,
      ["create-admin", "--email", "Root@Example.com", "--password-stdin"],
      "a long admin password\n",
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain("created root@example.com with the admin role");
    expect(created.stderr).not.toContain("a long admin password");
    const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: "root@example.com", password: "a long admin password" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const users = await fetch(`${origin}/api/auth/admin/list-users`, { headers: { cookie } });
    expect(users.status).toBe(200);

    // The same address again: refused without --promote, nothing changed.
    const again = await cliClean(dir, ["create-admin", "--email", "root@example.com"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already has an account: pass --promote/);
  });

  it("generates a password when none is piped, and refuses a short one", async () => {
    const { dir } = await adminApp();
    const made = await cliClean(dir, ["create-admin", "--email", "ops@example.com", "--name", "Ops"]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toMatch(/its password \(shown once\): [A-Za-z0-9_-]{24}/);
    const short = await cliClean(dir, ["create-admin", "--email", "x@example.com", "--password-stdin"], "short\n");
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/the password must have 8 to 128 characters/);
  });

  it("promotes only a verified account: an address someone signed up unverified stays a user", async () => {
    const { dir, origin } = await adminApp();
    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: "boss@example.com", password: "squatter password", name: "Squatter" }),
    });
    expect(signUp.status).toBe(200);
    const promote = await cliClean(dir, ["create-admin", "--email", "boss@example.com", "--promote"]);
    expect(promote.code).toBe(1);
    expect(promote.stderr).toMatch(/not verified: anyone could have signed it up/);
  });

  it("says the admin plugin is needed when the auth has no role column", async () => {
    const dir = appFolder();
    expect((await cliClean(dir, ["init", "--yes"])).code).toBe(0);
    expect((await cliClean(dir, ["migrate"])).code).toBe(0);
    const r = await cliClean(dir, ["create-admin", "--email", "a@example.com"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/needs the admin plugin/);
  });
});
