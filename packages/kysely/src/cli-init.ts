import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { createCoreSchema } from "@gatehouse-auth/core";
import { generateSecret } from "./cli-secret.js";
import type { CliIo } from "./cli-io.js";
import { generateDrizzleSchema } from "./generate-drizzle-schema.js";
import { type PrismaProvider, writePrismaSchema } from "./generate-prisma-schema.js";
import { DEV_COMMAND, DEV_URL, FULLSTACK_LAYOUT, fullstackFiles, isFullstack } from "./init-fullstack.js";
import {
  CLIENTS,
  DATABASES,
  FRAMEWORKS,
  type InitChoices,
  ORMS,
  authModule,
  clientModule,
  defaultClient,
  packagesFor,
} from "./init-templates.js";
import { serverModule } from "./init-servers.js";

export const INIT_USAGE = `  gatehouse-auth init [--framework node|express|fastify|hono|next|sveltekit|nuxt|astro|tanstack-start]
                      [--database sqlite|postgres|mysql] [--orm kysely|drizzle|prisma]
                      [--client react|vanilla|vue|svelte|solid|none] [--dir <folder>] [--force] [--yes]

  init       sets an app up: the auth module, the server (or the framework's route or hook) that
             mounts it, a session route, the browser client and a .env with a new GATEHOUSE_SECRET.
             It asks for what the flags do not say (in a terminal, unless --yes; elsewhere the
             default is taken: the first of each list, and the framework's own client), never
             replaces a file unless --force, adds only missing keys to an existing .env, and
             prints the install and migrate commands to run next. TypeScript when the folder has
             a tsconfig.json or the framework is SvelteKit, Nuxt, Astro or TanStack Start, else .mjs modules.`;

type Choice<T extends string> = readonly T[];

/** `gatehouse-auth init`. */
export async function init(argv: string[], io: CliIo, interactive: boolean): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      framework: { type: "string" },
      database: { type: "string" },
      orm: { type: "string" },
      client: { type: "string" },
      dir: { type: "string" },
      force: { type: "boolean" },
      yes: { type: "boolean", short: "y" },
      debug: { type: "boolean" },
    },
  });
  const dir = resolve(io.cwd, values.dir ?? ".");
  const ask = interactive ? createInterface({ input: process.stdin, output: process.stderr }) : null;
  const pick = async <T extends string>(
    flag: string,
    given: string | undefined,
    options: Choice<T>,
    question: string,
    fallback: T = options[0] as T,
  ) => {
    if (given !== undefined) {
      if (!(options as readonly string[]).includes(given))
        throw new Error(`--${flag} "${given}" is not one of ${options.join(", ")}`);
      return given as T;
    }
    if (!ask) return fallback;
    for (;;) {
      const answer = (await ask.question(`${question} (${options.join(", ")}) [${fallback}]: `)).trim();
      if (answer === "") return fallback;
      if ((options as readonly string[]).includes(answer)) return answer as T;
      io.warn(`  one of ${options.join(", ")}, please`);
    }
  };
  let choices: InitChoices;
  try {
    const framework = await pick("framework", values.framework, FRAMEWORKS, "Server framework");
    choices = {
      framework,
      database: await pick("database", values.database, DATABASES, "Database"),
      orm: await pick("orm", values.orm, ORMS, "Data layer"),
      client: await pick("client", values.client, CLIENTS, "Browser client", defaultClient(framework)),
      typescript: isFullstack(framework) || existsSync(join(dir, "tsconfig.json")),
    };
  } finally {
    ask?.close();
  }

  const ext = choices.typescript ? "ts" : "mjs";
  // Where a project of this kind keeps such files (and where `migrate` looks for the auth module).
  const hasSrc = existsSync(join(dir, "src"));
  const fullstack = isFullstack(choices.framework) ? choices.framework : null;
  const libDir = choices.framework === "next" ? (hasSrc ? "src/lib" : "lib") : hasSrc ? "src" : ".";
  const layout = fullstack ? FULLSTACK_LAYOUT[fullstack] : null;
  const authFile = layout?.auth ?? join(libDir, `auth.${ext}`);
  const schemaFile = layout?.schema ?? join(libDir, `auth-schema.${ext}`);
  const serverFile =
    choices.framework === "next"
      ? join(hasSrc ? "src/app" : "app", "api/auth/[...all]", `route.${choices.typescript ? "ts" : "js"}`)
      : `server.${ext}`;
  const clientFile = layout?.client ?? join(libDir, `auth-client.${ext}`);
  // Imports between the written files: relative, with the extension Node's ESM needs (TypeScript maps
  // .js to .ts); none in the fullstack frameworks' files, whose bundlers resolve them as they are.
  const importPath = (from: string, to: string) => {
    const path = relative(dirname(from), to)
      .replace(/\\/g, "/")
      .replace(/\.(ts|mjs)$/, fullstack ? "" : choices.typescript ? ".js" : ".mjs");
    return path.startsWith(".") ? path : `./${path}`;
  };

  // Prisma: Gatehouse's models go into prisma/schema.prisma by the generator `generate --orm prisma` uses
  // (an existing schema keeps everything outside Gatehouse's block), the client comes from its generator's output.
  const prismaFile = join("prisma", "schema.prisma");
  let prismaSchema: string | null = null;
  let clientImport = importPath(authFile, schemaFile);
  if (choices.orm === "prisma") {
    const existing = existsSync(join(dir, prismaFile)) ? readFileSync(join(dir, prismaFile), "utf8") : undefined;
    const provider: PrismaProvider = ({ sqlite: "sqlite", postgres: "postgresql", mysql: "mysql" } as const)[
      choices.database
    ];
    prismaSchema = writePrismaSchema(existing, createCoreSchema(), provider);
    const output = /generator\s+\w+\s*\{[^}]*\boutput\s*=\s*"([^"]+)"/.exec(prismaSchema)?.[1];
    clientImport = output ? importPath(authFile, join("prisma", output, "client.ts")) : "@prisma/client";
  }

  const files: [string, string][] = [[authFile, authModule(choices, clientImport)]];
  if (choices.orm === "drizzle") {
    const dialect = { sqlite: "sqlite", postgres: "pg", mysql: "mysql" } as const;
    files.push([
      schemaFile,
      generateDrizzleSchema(createCoreSchema(), dialect[choices.database], { typescript: choices.typescript }),
    ]);
  }
  if (fullstack) files.push(...fullstackFiles(fullstack, (file) => importPath(file, authFile)));
  else files.push([serverFile, serverModule(choices, importPath(serverFile, authFile)) ?? ""]);
  if (choices.client !== "none") files.push([clientFile, clientModule(choices)]);

  const taken = files.filter(([file]) => existsSync(join(dir, file))).map(([file]) => file);
  if (taken.length > 0 && !values.force)
    throw new Error(
      `${taken.join(", ")} already exist${taken.length === 1 ? "s" : ""}: nothing written (--force replaces them)`,
    );
  for (const [file, content] of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
    io.warn(`gatehouse: wrote ${file}`);
  }
  if (prismaSchema !== null) {
    const existed = existsSync(join(dir, prismaFile));
    mkdirSync(join(dir, "prisma"), { recursive: true });
    writeFileSync(join(dir, prismaFile), prismaSchema);
    io.warn(`gatehouse: ${existed ? "wrote Gatehouse's models into" : "wrote"} ${prismaFile}`);
  }
  writeEnv(dir, choices, fullstack ? DEV_URL[fullstack] : "http://localhost:3000", io);

  const install = packagesFor(choices);
  const run = fullstack
    ? DEV_COMMAND[fullstack]
    : choices.framework === "next"
      ? "npx next dev"
      : choices.typescript
        ? `npx tsx --env-file=.env ${serverFile}`
        : `node --env-file=.env ${serverFile}`;
  io.out("Next:");
  io.out(`  npm install ${install.dependencies.join(" ")}`);
  if (install.dev.length > 0) io.out(`  npm install -D ${install.dev.join(" ")}`);
  if (choices.orm === "drizzle")
    io.out(`  npx drizzle-kit push   (the tables are in ${schemaFile}; or: npx gatehouse-auth migrate)`);
  else if (choices.orm === "prisma") {
    io.out(`  npx prisma generate   (the client, from ${prismaFile})`);
    io.out("  npx gatehouse-auth migrate   (or npx prisma migrate dev: the same tables)");
  } else io.out("  npx gatehouse-auth migrate");
  // The CLI imports the auth module: a TypeScript one needs Node 22.18+ (or --experimental-strip-types) or tsx.
  if (choices.typescript)
    io.out(
      `  (the CLI imports ${authFile}: on Node 20, run it as npx tsx node_modules/gatehouse-auth/dist/cli.js <command>)`,
    );
  io.out(`  ${run}`);
  io.out("  npx gatehouse-auth doctor   (checks the set-up before you deploy)");
  return 0;
}

/** Adds what is missing to .env (never replaces a value) and keeps .env out of git. */
function writeEnv(dir: string, c: InitChoices, url: string, io: CliIo): void {
  const envFile = join(dir, ".env");
  const existing = existsSync(envFile) ? readFileSync(envFile, "utf8") : "";
  const has = (key: string) => new RegExp(`^\\s*(export\\s+)?${key}\\s*=`, "m").test(existing);
  const database = {
    sqlite: "auth.db",
    postgres: "postgres://postgres@localhost:5432/app",
    mysql: "mysql://root@localhost:3306/app",
  }[c.database];
  const wanted: [string, string, string][] = [
    ["GATEHOUSE_SECRET", generateSecret(), "signs session cookies; keep it secret, one per deployment"],
    ["GATEHOUSE_URL", url, "the public address users reach (https:// in production)"],
    ["DATABASE_URL", database, "read by the auth module and by npx gatehouse-auth migrate"],
  ];
  const added = wanted.filter(([key]) => !has(key));
  if (added.length > 0) {
    const text = added.map(([key, value, why]) => `# ${why}\n${key}=${value}\n`).join("");
    appendFileSync(envFile, `${existing && !existing.endsWith("\n") ? "\n" : ""}${text}`);
    io.warn(`gatehouse: ${existing ? "added to" : "wrote"} .env: ${added.map(([key]) => key).join(", ")}`);
  }
  const gitignore = join(dir, ".gitignore");
  const ignored = existsSync(gitignore) ? readFileSync(gitignore, "utf8") : "";
  if (!/^\/?\.env$/m.test(ignored)) {
    appendFileSync(gitignore, `${ignored && !ignored.endsWith("\n") ? "\n" : ""}.env\n`);
    io.warn("gatehouse: .env added to .gitignore (the secret must not be committed)");
  }
}
