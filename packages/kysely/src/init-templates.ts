// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the templates are source code whose own template literals must stay unevaluated
/** What `gatehouse-auth init` sets up: one choice of each. */
export interface InitChoices {
  framework: "node" | "express" | "fastify" | "hono" | "next";
  database: "sqlite" | "postgres" | "mysql";
  orm: "kysely" | "drizzle";
  client: "react" | "vanilla" | "none";
  /** Files in TypeScript (the folder has a tsconfig.json) or JavaScript modules (.mjs). */
  typescript: boolean;
}

export const FRAMEWORKS = ["node", "express", "fastify", "hono", "next"] as const;
export const DATABASES = ["sqlite", "postgres", "mysql"] as const;
export const ORMS = ["kysely", "drizzle"] as const;
export const CLIENTS = ["react", "vanilla", "none"] as const;

/** The npm packages the written files import, for the install line init prints. */
export function packagesFor(c: InitChoices): string[] {
  const driver = { sqlite: "better-sqlite3", postgres: "pg", mysql: "mysql2" }[c.database];
  const framework = {
    node: [],
    express: ["express"],
    fastify: ["fastify"],
    hono: ["hono", "@hono/node-server"],
    next: [],
  }[c.framework];
  const orm = c.orm === "drizzle" ? ["@gatehouse-auth/drizzle", "drizzle-orm"] : [];
  return ["gatehouse-auth", driver, ...orm, ...framework];
}

const HEADER = "// Written by `npx gatehouse-auth init`: yours to change. Docs: docs/getting-started.md";

/** The auth module: createAuth with the database, secret and base URL from the environment (.env). */
export function authModule(c: InitChoices, schemaImport: string): string {
  const lines = [HEADER];
  const kysely = c.orm === "kysely";
  if (c.database === "sqlite") lines.push('import Database from "better-sqlite3";');
  if (c.database === "postgres") lines.push('import pg from "pg";');
  if (c.database === "mysql") lines.push('import mysql from "mysql2";');
  if (!kysely) {
    const module = { sqlite: "better-sqlite3", postgres: "node-postgres", mysql: "mysql2" }[c.database];
    lines.push(`import { drizzle } from "drizzle-orm/${module}";`);
  }
  lines.push('import { createAuth } from "gatehouse-auth";');
  lines.push(
    kysely
      ? 'import { kyselyAdapter } from "gatehouse-auth/kysely";'
      : 'import { drizzleAdapter } from "@gatehouse-auth/drizzle";',
  );
  if (!kysely) lines.push(`import * as schema from ${JSON.stringify(schemaImport)};`);
  lines.push("");
  const connection = {
    // A file path; `npx gatehouse-auth migrate` reads the same DATABASE_URL from .env.
    sqlite: 'new Database(process.env.DATABASE_URL ?? "auth.db")',
    postgres: "new pg.Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 5000 })",
    mysql: 'mysql.createPool({ uri: process.env.DATABASE_URL, timezone: "Z" })',
  }[c.database];
  if (kysely) {
    lines.push(`const database = kyselyAdapter({ database: ${connection} });`);
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
  );
  return lines.join("\n");
}

/** The server (or, for Next.js, the route handler) that mounts the auth routes under /api/auth. */
export function serverModule(c: InitChoices, authImport: string): string {
  const auth = `import { auth } from ${JSON.stringify(authImport)};`;
  const port = "const port = Number(process.env.PORT ?? 3000);";
  switch (c.framework) {
    case "next":
      return [
        HEADER,
        'import { toNextJsHandler } from "gatehouse-auth/next";',
        auth,
        "",
        "export const { GET, POST, PATCH, PUT, DELETE, OPTIONS } = toNextJsHandler(auth);",
        "",
      ].join("\n");
    case "node":
      return [
        HEADER,
        'import { createServer } from "node:http";',
        'import { getSessionFromHeaders } from "gatehouse-auth";',
        'import { toNodeHandler } from "gatehouse-auth/node";',
        auth,
        "",
        port,
        "const handleAuth = toNodeHandler(auth);",
        "await auth.ready(); // says what is missing if the database is behind: run `npx gatehouse-auth migrate`",
        "createServer(async (req, res) => {",
        '  if (req.url?.startsWith("/api/auth/")) return handleAuth(req, res);',
        '  if (req.url === "/me") {',
        "    const session = await getSessionFromHeaders(auth, req.headers);",
        "    res.writeHead(session ? 200 : 401, { 'content-type': 'application/json' });",
        '    return res.end(JSON.stringify(session ? session.user : { error: "Sign in first" }));',
        "  }",
        "  res.writeHead(404).end();",
        "}).listen(port, () => console.log(`listening on http://localhost:${port}`));",
        "",
      ].join("\n");
    case "express":
      return [
        HEADER,
        'import express from "express";',
        'import { getSessionFromHeaders } from "gatehouse-auth";',
        'import { toNodeHandler } from "gatehouse-auth/node";',
        auth,
        "",
        port,
        "await auth.ready(); // says what is missing if the database is behind: run `npx gatehouse-auth migrate`",
        "const app = express();",
        "app.use(toNodeHandler(auth)); // serves /api/auth/*, passes everything else on",
        "app.use(express.json());",
        'app.get("/me", async (req, res) => {',
        "  const session = await getSessionFromHeaders(auth, req.headers);",
        '  if (!session) return res.status(401).json({ error: "Sign in first" });',
        "  res.json(session.user);",
        "});",
        "app.listen(port, () => console.log(`listening on http://localhost:${port}`));",
        "",
      ].join("\n");
    case "fastify":
      return [
        HEADER,
        'import Fastify from "fastify";',
        'import { getSessionFromHeaders } from "gatehouse-auth";',
        'import { toFastifyPlugin } from "gatehouse-auth/fastify";',
        auth,
        "",
        port,
        "await auth.ready(); // says what is missing if the database is behind: run `npx gatehouse-auth migrate`",
        "const app = Fastify();",
        "app.register(toFastifyPlugin(auth)); // serves /api/auth/*",
        'app.get("/me", async (request, reply) => {',
        "  const session = await getSessionFromHeaders(auth, request.headers);",
        '  if (!session) return reply.code(401).send({ error: "Sign in first" });',
        "  return session.user;",
        "});",
        'await app.listen({ port, host: "127.0.0.1" });',
        "console.log(`listening on http://localhost:${port}`);",
        "",
      ].join("\n");
    case "hono":
      return [
        HEADER,
        'import { serve } from "@hono/node-server";',
        'import { getConnInfo } from "@hono/node-server/conninfo";',
        'import { Hono } from "hono";',
        'import { getSessionFromHeaders } from "gatehouse-auth";',
        auth,
        "",
        port,
        "await auth.ready(); // says what is missing if the database is behind: run `npx gatehouse-auth migrate`",
        "const app = new Hono();",
        'app.on(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"], "/api/auth/*", (c) =>',
        "  auth.handler(c.req.raw, { clientAddress: getConnInfo(c).remote.address }),",
        ");",
        'app.get("/me", async (c) => {',
        "  const session = await getSessionFromHeaders(auth, c.req.raw.headers);",
        '  return session ? c.json(session.user) : c.json({ error: "Sign in first" }, 401);',
        "});",
        "serve({ fetch: app.fetch, port }, () => console.log(`listening on http://localhost:${port}`));",
        "",
      ].join("\n");
  }
}

/** The browser client: the same origin by default; a frontend elsewhere names the server's URL. */
export function clientModule(c: InitChoices): string {
  const from = c.client === "react" ? "gatehouse-auth/react" : "gatehouse-auth/client";
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
