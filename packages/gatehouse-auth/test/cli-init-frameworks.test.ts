import { execFile } from "node:child_process";
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

// `gatehouse-auth init --framework sveltekit|nuxt|astro|tanstack-start` as a new user runs it: the package's
// own bin (dist/cli.js) in a fresh folder that holds what the framework's project creator would have put
// there (package.json, the framework's config and tsconfig), with the framework's real packages linked
// from the examples' node_modules. Then the written files are typechecked with tsc against those
// packages, so a wrong import, a wrong export name or a wrong handler shape fails here.
const here = dirname(fileURLToPath(import.meta.url));
const packageDir = join(here, "..");
const root = join(packageDir, "../..");
const bin = join(packageDir, "dist/cli.js");
const tsc = join(realpathSync(join(root, "node_modules/typescript")), "bin/tsc");

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Links `name` into `dir`/node_modules from `from` (a workspace folder whose node_modules has it). */
function link(dir: string, from: string, name: string): void {
  const target = join(dir, "node_modules", name);
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(realpathSync(join(root, from, "node_modules", name)), target);
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
function exec(command: string, args: string[], cwd: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development" };
  for (const key of ["DATABASE_URL", "GATEHOUSE_SECRET", "GATEHOUSE_URL"]) delete env[key];
  return new Promise((resolve) => {
    execFile(command, args, { cwd, timeout: 120_000, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
const cli = (cwd: string, args: string[]) => exec(process.execPath, [bin, ...args], cwd);

/** A fresh app of `framework` (as its creator makes it), gatehouse-auth and the framework's packages installed (linked). */
function freshApp(framework: string, example: string, packages: string[], files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), `gh-init-${framework}-`));
  made.push(dir);
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  symlinkSync(packageDir, join(dir, "node_modules/gatehouse-auth"));
  for (const name of packages) link(dir, example, name);
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: `my-${framework}-app`, private: true, type: "module" }),
  );
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
}

const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");

/** tsc over the app's tsconfig: every written file compiles against the real packages. */
async function typecheck(dir: string): Promise<void> {
  const r = await exec(process.execPath, [tsc, "--noEmit", "-p", "."], dir);
  expect(r.code, `tsc in ${dir}:\n${r.stdout}${r.stderr}`).toBe(0);
}

/** init's common promises: the auth module, .env with a secret and the dev address, the install line. */
function expectCommon(dir: string, run: Run, auth: string, url: string, install: string): void {
  expect(run.code, run.stderr).toBe(0);
  const module = read(dir, auth);
  expect(module).toContain('import { createAuth } from "gatehouse-auth";');
  // The mount and the client use the default basePath: nothing in the written files moves it.
  expect(module).not.toMatch(/basePath/);
  const env = read(dir, ".env");
  expect(env).toMatch(/^GATEHOUSE_SECRET=[A-Za-z0-9_-]{43}$/m);
  expect(env).toContain(`GATEHOUSE_URL=${url}\n`);
  expect(run.stdout).toContain(`npm install ${install}\n`);
}

const BASE_TSCONFIG = {
  target: "ES2022",
  lib: ["ES2023", "DOM", "DOM.Iterable"],
  module: "ESNext",
  moduleResolution: "Bundler",
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  isolatedModules: true,
};

describe("gatehouse-auth init for the full-stack frameworks: fresh app, then tsc over what it wrote", () => {
  it("sveltekit: $lib/server/auth.ts, the handle hook, a session route, the Svelte client; svelte-kit sync, then tsc", async () => {
    const dir = freshApp(
      "sveltekit",
      "examples/sveltekit",
      [
        "@sveltejs/kit",
        "@sveltejs/adapter-node",
        "@sveltejs/vite-plugin-svelte",
        "svelte",
        "vite",
        "@gatehouse-auth/svelte",
        "better-sqlite3",
        "@types/better-sqlite3",
        "@types/node",
      ],
      {
        "svelte.config.js":
          'import adapter from "@sveltejs/adapter-node";\n\nexport default { kit: { adapter: adapter() } };\n',
        "tsconfig.json": JSON.stringify({
          extends: "./.svelte-kit/tsconfig.json",
          compilerOptions: { strict: true, skipLibCheck: true, moduleResolution: "bundler" },
        }),
        "src/app.html": "<!doctype html><html><head>%sveltekit.head%</head><body>%sveltekit.body%</body></html>\n",
        "src/routes/+page.svelte": "<h1>Welcome</h1>\n",
      },
    );
    const made = await cli(dir, ["init", "--framework", "sveltekit", "--database", "sqlite"]);
    expectCommon(
      dir,
      made,
      "src/lib/server/auth.ts",
      "http://localhost:5173",
      "gatehouse-auth better-sqlite3 @gatehouse-auth/svelte",
    );
    expect(read(dir, "src/hooks.server.ts")).toContain("export const handle: Handle = toSvelteKitHandler(auth);");
    expect(read(dir, "src/routes/api/session/+server.ts")).toContain("getSession(auth, event)");
    expect(read(dir, "src/lib/auth-client.ts")).toContain('from "@gatehouse-auth/svelte"');
    expect(made.stdout).toContain("npx vite dev");
    const sync = await exec(process.execPath, [join(dir, "node_modules/@sveltejs/kit/svelte-kit.js"), "sync"], dir);
    expect(sync.code, sync.stderr).toBe(0);
    await typecheck(dir);

    // The CLI finds the written module (it is TypeScript: on Node 20 it says how to load it).
    const doctor = await cli(dir, ["doctor"]);
    expect(doctor.stdout + doctor.stderr).toMatch(/src\/lib\/server\/auth\.ts/);
  });

  it("nuxt: server/utils/auth.ts, the catch-all server route, /api/session, the Vue client; tsc", async () => {
    const dir = freshApp(
      "nuxt",
      "examples/nuxt",
      ["vue", "@gatehouse-auth/vue", "better-sqlite3", "@types/better-sqlite3", "@types/node"],
      {
        "nuxt.config.ts": 'export default defineNuxtConfig({ compatibilityDate: "2025-07-15" });\n',
        "app/app.vue": "<template><NuxtPage /></template>\n",
        // What `nuxi prepare` declares for server code: h3's auto-imported helpers.
        "nuxt-auto-imports.d.ts":
          'declare global {\n  const defineEventHandler: typeof import("h3").defineEventHandler;\n}\nexport {};\n',
        "tsconfig.json": JSON.stringify({
          compilerOptions: { ...BASE_TSCONFIG, types: ["node"] },
          include: ["server", "app/**/*.ts", "nuxt-auto-imports.d.ts"],
        }),
      },
    );
    link(dir, "packages/core", "h3"); // Nuxt brings h3
    const made = await cli(dir, ["init", "--framework", "nuxt", "--database", "sqlite"]);
    expectCommon(
      dir,
      made,
      "server/utils/auth.ts",
      "http://localhost:3000",
      "gatehouse-auth better-sqlite3 @gatehouse-auth/vue",
    );
    const route = read(dir, "server/api/auth/[...all].ts");
    expect(route).toContain('import { auth } from "../../utils/auth";');
    expect(route).toContain("export default toNuxtHandler(auth);");
    expect(read(dir, "server/api/session.get.ts")).toContain("getSession(auth, event)");
    expect(read(dir, "app/lib/auth-client.ts")).toContain('from "@gatehouse-auth/vue"');
    await typecheck(dir);
  });

  it("astro: src/lib/auth.ts, the endpoint, the session middleware with App.Locals, /api/session, the vanilla client; tsc", async () => {
    const dir = freshApp(
      "astro",
      "examples/astro",
      ["astro", "@astrojs/node", "better-sqlite3", "@types/better-sqlite3", "@types/node"],
      {
        "astro.config.mjs":
          'import node from "@astrojs/node";\nimport { defineConfig } from "astro/config";\n\nexport default defineConfig({ output: "server", adapter: node({ mode: "standalone" }) });\n',
        "tsconfig.json": JSON.stringify({
          extends: "astro/tsconfigs/strict",
          compilerOptions: { types: ["astro/client", "node"] },
          include: ["src"],
        }),
      },
    );
    const made = await cli(dir, ["init", "--framework", "astro", "--database", "sqlite"]);
    expectCommon(dir, made, "src/lib/auth.ts", "http://localhost:4321", "gatehouse-auth better-sqlite3");
    expect(read(dir, "src/pages/api/auth/[...all].ts")).toContain("export const ALL = toAstroHandler(auth);");
    expect(read(dir, "src/middleware.ts")).toContain("export const onRequest = sessionMiddleware(auth);");
    expect(read(dir, "src/lib/auth-client.ts")).toContain('from "gatehouse-auth/client"');
    await typecheck(dir);
  });

  it("tanstack-start: src/lib/auth.ts, the catch-all server route, the session server function, the React client; tsc", async () => {
    const dir = freshApp(
      "tanstack-start",
      "examples/tanstack-start",
      ["@tanstack/react-start", "@tanstack/react-router", "react", "react-dom", "@types/react", "@types/node"],
      {
        "tsconfig.json": JSON.stringify({
          compilerOptions: { ...BASE_TSCONFIG, jsx: "react-jsx", types: ["node"] },
          include: ["src"],
        }),
        "src/routes/__root.tsx":
          'import { createRootRoute, Outlet } from "@tanstack/react-router";\n\nexport const Route = createRootRoute({ component: Outlet });\n',
        // What the router plugin generates for the routes folder (on `vite dev`/`vite build`), for the route init adds.
        "src/routeTree.gen.ts": [
          'import type { createStart } from "@tanstack/react-start";',
          'import { Route as rootRouteImport } from "./routes/__root";',
          'import { Route as ApiAuthSplatRouteImport } from "./routes/api/auth/$";',
          'declare module "@tanstack/react-router" {',
          "  interface FileRoutesByPath {",
          '    "/api/auth/$": { id: "/api/auth/$"; path: "/api/auth/$"; fullPath: "/api/auth/$"; preLoaderRoute: typeof ApiAuthSplatRouteImport; parentRoute: typeof rootRouteImport };',
          "  }",
          "}",
          "export type Start = typeof createStart;",
          "",
        ].join("\n"),
      },
    );
    // TanStack Start needs Node 22 (docs/tanstack-start.md): the driver here is better-sqlite3 as a user's would be.
    link(dir, "packages/kysely", "better-sqlite3");
    link(dir, "examples/sveltekit", "@types/better-sqlite3");
    const made = await cli(dir, ["init", "--framework", "tanstack-start", "--database", "sqlite"]);
    expectCommon(dir, made, "src/lib/auth.ts", "http://localhost:3000", "gatehouse-auth better-sqlite3");
    expect(read(dir, "src/routes/api/auth/$.ts")).toContain('createFileRoute("/api/auth/$")');
    expect(read(dir, "src/lib/session.ts")).toContain("getSession(auth, getRequest())");
    expect(read(dir, "src/lib/auth-client.ts")).toContain('from "gatehouse-auth/react"');
    await typecheck(dir);
  });
});

describe("gatehouse-auth init: clients, Prisma, and nothing replaced", () => {
  it("--client vue|svelte|solid on a node server names the client package and its library in the install line", async () => {
    for (const [client, install] of [
      ["vue", "@gatehouse-auth/vue vue"],
      ["svelte", "@gatehouse-auth/svelte svelte"],
      ["solid", "@gatehouse-auth/solid solid-js"],
    ] as const) {
      const dir = freshApp(`client-${client}`, "packages/kysely", [], {});
      const made = await cli(dir, ["init", "--framework", "node", "--client", client]);
      expect(made.code, made.stderr).toBe(0);
      expect(read(dir, "auth-client.mjs")).toContain(`import { createAuthClient } from "@gatehouse-auth/${client}";`);
      expect(made.stdout).toContain(`npm install gatehouse-auth better-sqlite3 ${install}\n`);
    }
  });

  it("--orm prisma: the models by generate's generator into prisma/schema.prisma, the auth module on prismaAdapter", async () => {
    const dir = freshApp("prisma", "packages/kysely", [], { "tsconfig.json": "{}" });
    const made = await cli(dir, ["init", "--framework", "express", "--orm", "prisma", "--database", "postgres"]);
    expect(made.code, made.stderr).toBe(0);
    const auth = read(dir, "auth.ts");
    expect(auth).toContain('import { PrismaPg } from "@prisma/adapter-pg";');
    expect(auth).toContain('import { PrismaClient } from "./src/generated/prisma/client.js";');
    expect(auth).toContain("const database = prismaAdapter(prisma);");
    const schema = read(dir, "prisma/schema.prisma");
    expect(schema).toContain('provider = "postgresql"');
    expect(schema).toMatch(/model User \{[^}]*@@map\("user"\)/);
    expect(made.stdout).toContain(
      "npm install gatehouse-auth pg @gatehouse-auth/prisma @prisma/client @prisma/adapter-pg express react\n",
    );
    expect(made.stdout).toContain("npm install -D prisma\n");
    expect(made.stdout).toContain("npx prisma generate");

    // Again: the schema's models block is rewritten in place (the app's own models stay); the other files are refused.
    writeFileSync(join(dir, "prisma/schema.prisma"), `${schema}\nmodel Post {\n  id Int @id\n}\n`);
    const again = await cli(dir, ["init", "--framework", "express", "--orm", "prisma", "--database", "postgres"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/auth\.ts.* already exist.*--force/);
    const forced = await cli(dir, [
      "init",
      "--framework",
      "express",
      "--orm",
      "prisma",
      "--database",
      "postgres",
      "--force",
    ]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(read(dir, "prisma/schema.prisma")).toContain("model Post {");
    expect(read(dir, "prisma/schema.prisma").match(/model User \{/g)).toHaveLength(1);
    // As the user goes on: `prisma generate` (offline: the CLI never runs the schema engine for it, but would
    // try to download it first; docs/prisma.md), then tsc over the auth module against the generated client.
    for (const name of ["@prisma/client", "@prisma/adapter-pg", "@types/pg", "prisma"])
      link(dir, "packages/prisma", name);
    mkdirSync(join(dir, "node_modules/@gatehouse-auth"));
    symlinkSync(join(root, "packages/prisma"), join(dir, "node_modules/@gatehouse-auth/prisma"));
    link(dir, "examples/sveltekit", "@types/node");
    const generated = await exec(
      "/bin/sh",
      [
        "-c",
        "PRISMA_SCHEMA_ENGINE_BINARY=/bin/false PRISMA_HIDE_UPDATE_MESSAGE=1 node_modules/prisma/build/index.js generate",
      ],
      dir,
    );
    expect(generated.code, generated.stdout + generated.stderr).toBe(0);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { ...BASE_TSCONFIG, types: ["node"] }, files: ["auth.ts"] }),
    );
    await typecheck(dir);
  });

  it("never replaces a framework's files without --force", async () => {
    const dir = freshApp("sveltekit-again", "packages/kysely", [], {
      "src/hooks.server.ts": "export const handle = ({ event, resolve }) => resolve(event); // mine\n",
    });
    const r = await cli(dir, ["init", "--framework", "sveltekit"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/src\/hooks\.server\.ts already exists: nothing written \(--force replaces them\)/);
    expect(existsSync(join(dir, "src/lib/server/auth.ts"))).toBe(false);
    expect(read(dir, "src/hooks.server.ts")).toContain("// mine");
  });
});
