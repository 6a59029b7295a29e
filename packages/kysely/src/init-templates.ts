// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the templates are source code whose own template literals must stay unevaluated
/** What `gatehouse-auth init` sets up: one choice of each. */
export interface InitChoices {
  framework: (typeof FRAMEWORKS)[number];
  database: (typeof DATABASES)[number];
  orm: (typeof ORMS)[number];
  client: (typeof CLIENTS)[number];
  /** Files in TypeScript (the folder has a tsconfig.json, or the framework is one of FULLSTACK) or JavaScript modules (.mjs). */
  typescript: boolean;
}

export const FRAMEWORKS = [
  "node",
  "express",
  "fastify",
  "hono",
  "next",
  "sveltekit",
  "nuxt",
  "astro",
  "tanstack-start",
] as const;
export const DATABASES = ["sqlite", "postgres", "mysql"] as const;
export const ORMS = ["kysely", "drizzle", "prisma"] as const;
export const CLIENTS = ["react", "vanilla", "vue", "svelte", "solid", "none"] as const;

/** The frameworks whose files init writes in TypeScript always (their project creators make TypeScript apps). */
export const FULLSTACK: readonly InitChoices["framework"][] = ["sveltekit", "nuxt", "astro", "tanstack-start"];

/** The browser client a framework's apps use unless --client says otherwise. */
export function defaultClient(framework: InitChoices["framework"]): InitChoices["client"] {
  const own: Partial<Record<InitChoices["framework"], InitChoices["client"]>> = {
    sveltekit: "svelte",
    nuxt: "vue",
    astro: "vanilla",
  };
  return own[framework] ?? "react";
}

/** The module the client file imports createAuthClient from. */
export const CLIENT_MODULE: Record<Exclude<InitChoices["client"], "none">, string> = {
  react: "gatehouse-auth/react",
  vanilla: "gatehouse-auth/client",
  vue: "@gatehouse-auth/vue",
  svelte: "@gatehouse-auth/svelte",
  solid: "@gatehouse-auth/solid",
};

/** Prisma's driver adapter per database (docs/prisma.md): package, class, how it is made from DATABASE_URL. */
const PRISMA_ADAPTER = {
  sqlite: {
    module: "@prisma/adapter-better-sqlite3",
    name: "PrismaBetterSqlite3",
    // Gatehouse stores SQLite dates as epoch milliseconds: this lets the app's own Prisma queries read them as Dates.
    make: 'new PrismaBetterSqlite3({ url: process.env.DATABASE_URL ?? "auth.db" }, { timestampFormat: "unixepoch-ms" })',
  },
  postgres: {
    module: "@prisma/adapter-pg",
    name: "PrismaPg",
    make: "new PrismaPg({ connectionString: process.env.DATABASE_URL })",
  },
  mysql: {
    module: "@prisma/adapter-mariadb",
    name: "PrismaMariaDb",
    make: 'new PrismaMariaDb(process.env.DATABASE_URL ?? "mysql://root@localhost:3306/app")',
  },
} as const;

/** The npm packages the written files import, for the install line init prints; `dev` for `npm install -D`. */
export function packagesFor(c: InitChoices): { dependencies: string[]; dev: string[] } {
  // The driver also serves `npx gatehouse-auth migrate`, whatever the ORM.
  const driver = { sqlite: "better-sqlite3", postgres: "pg", mysql: "mysql2" }[c.database];
  const framework = {
    node: [],
    express: ["express"],
    fastify: ["fastify"],
    hono: ["hono", "@hono/node-server"],
    next: [],
    // The frameworks below are the app's already; Nuxt brings h3, which gatehouse-auth/nuxt uses.
    sveltekit: [],
    nuxt: [],
    astro: [],
    "tanstack-start": [],
  }[c.framework];
  const orm = {
    kysely: [],
    drizzle: ["@gatehouse-auth/drizzle", "drizzle-orm"],
    prisma: ["@gatehouse-auth/prisma", "@prisma/client", PRISMA_ADAPTER[c.database].module],
  }[c.orm];
  // The client package, and its UI library unless the server framework already is one.
  const brings: Partial<Record<InitChoices["framework"], string>> = {
    next: "react",
    "tanstack-start": "react",
    nuxt: "vue",
    sveltekit: "svelte",
  };
  const brought = brings[c.framework];
  const client = {
    react: brought === "react" ? [] : ["react"],
    vanilla: [],
    vue: ["@gatehouse-auth/vue", ...(brought === "vue" ? [] : ["vue"])],
    svelte: ["@gatehouse-auth/svelte", ...(brought === "svelte" ? [] : ["svelte"])],
    solid: ["@gatehouse-auth/solid", "solid-js"],
    none: [],
  }[c.client];
  return {
    dependencies: ["gatehouse-auth", driver, ...orm, ...framework, ...client],
    dev: c.orm === "prisma" ? ["prisma"] : [],
  };
}

export const HEADER = "// Written by `npx gatehouse-auth init`: yours to change. Docs: docs/getting-started.md";

/** The auth module: createAuth with the database, secret and base URL from the environment (.env). */
export function authModule(c: InitChoices, schemaImport: string): string {
  const fullstack = FULLSTACK.includes(c.framework);
  const lines = [fullstack ? HEADER.replace("getting-started.md", `${c.framework}.md`) : HEADER];
  const kysely = c.orm === "kysely";
  if (fullstack) lines.push('import { existsSync } from "node:fs";');
  if (c.orm === "prisma") {
    const adapter = PRISMA_ADAPTER[c.database];
    lines.push(`import { ${adapter.name} } from "${adapter.module}";`);
  } else {
    if (c.database === "sqlite") lines.push('import Database from "better-sqlite3";');
    if (c.database === "postgres") lines.push('import pg from "pg";');
    if (c.database === "mysql") lines.push('import mysql from "mysql2";');
  }
  if (c.orm === "drizzle") {
    const module = { sqlite: "better-sqlite3", postgres: "node-postgres", mysql: "mysql2" }[c.database];
    lines.push(`import { drizzle } from "drizzle-orm/${module}";`);
  }
  lines.push('import { createAuth } from "gatehouse-auth";');
  lines.push(
    {
      kysely: 'import { kyselyAdapter } from "gatehouse-auth/kysely";',
      drizzle: 'import { drizzleAdapter } from "@gatehouse-auth/drizzle";',
      prisma: 'import { prismaAdapter } from "@gatehouse-auth/prisma";',
    }[c.orm],
  );
  if (c.orm === "drizzle") lines.push(`import * as schema from ${JSON.stringify(schemaImport)};`);
  // Written by `npx prisma generate` from prisma/schema.prisma (its generator's output).
  if (c.orm === "prisma") lines.push(`import { PrismaClient } from ${JSON.stringify(schemaImport)};`);
  lines.push("");
  if (fullstack)
    lines.push(
      "// The framework's dev server and its built server do not put .env into process.env: read it here",
      "// (a variable already set in the environment wins, as with `node --env-file`).",
      'if (existsSync(".env")) process.loadEnvFile(".env");',
      "",
    );
  const connection = {
    // A file path; `npx gatehouse-auth migrate` reads the same DATABASE_URL from .env.
    sqlite: 'new Database(process.env.DATABASE_URL ?? "auth.db")',
    postgres: "new pg.Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 5000 })",
    mysql: 'mysql.createPool({ uri: process.env.DATABASE_URL, timezone: "Z" })',
  }[c.database];
  if (kysely) {
    lines.push(`const database = kyselyAdapter({ database: ${connection} });`);
  } else if (c.orm === "prisma") {
    lines.push(
      "// The tables: `npx gatehouse-auth migrate` (or `npx prisma migrate dev`); the models are in prisma/schema.prisma.",
      `const prisma = new PrismaClient({ adapter: ${PRISMA_ADAPTER[c.database].make} });`,
      "const database = prismaAdapter(prisma);",
    );
  } else {
    const provider = { sqlite: "sqlite", postgres: "pg", mysql: "mysql" }[c.database];
    const mode = c.database === "mysql" ? ', mode: "default"' : "";
    lines.push(`const db = drizzle(${connection}, { schema${mode} });`);
    lines.push(`const database = drizzleAdapter(db, { provider: "${provider}", schema });`);
  }
  lines.push(
    "",
    "// The secret (GATEHOUSE_SECRET) and the public address (GATEHOUSE_URL) come from .env.",
    "export const auth = createAuth({",
    "  database,",
    "  emailAndPassword: {",
    "    enabled: true,",
    "    // Send these with your mailer; until then the links are printed in the server's log.",
    "    sendResetPassword: ({ user, url }) => console.log(`[auth] password reset for ${user.email}: ${url}`),",
    "  },",
    "  emailVerification: {",
    "    sendVerificationEmail: ({ user, url }) => console.log(`[auth] verify ${user.email}: ${url}`),",
    "  },",
    "});",
    "",
    "export default auth;",
    "",
    "/** The signed-in session and user, as the session helpers give them. */",
    "export type Session = NonNullable<Awaited<ReturnType<typeof auth.api.getSession>>>;",
    "",
  );
  if (!c.typescript) lines.splice(-3, 2);
  return lines.join("\n");
}

/** The browser client: the same origin by default; a frontend elsewhere names the server's URL. */
export function clientModule(c: InitChoices): string {
  const from = CLIENT_MODULE[c.client === "none" ? "vanilla" : c.client];
  return [
    HEADER,
    `import { createAuthClient } from ${JSON.stringify(from)};`,
    "",
    '// A frontend served from another origin passes the auth server\'s address: createAuthClient({ baseURL: "https://api.example.com" })',
    "// (and that origin goes in the server's trustedOrigins; docs/cross-origin.md).",
    "export const authClient = createAuthClient();",
    "",
  ].join("\n");
}
