// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the templates are source code whose own template literals must stay unevaluated
// The server files `gatehouse-auth init` writes for node:http, Express, Fastify, Hono and Next.js (the
// full-stack frameworks' files are in init-fullstack.ts).
import { HEADER, type InitChoices } from "./init-templates.js";

/** The server (or, for Next.js, the route handler) that mounts the auth routes under /api/auth. */
export function serverModule(c: InitChoices, authImport: string): string | null {
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
    default:
      return null; // SvelteKit, Nuxt, Astro, TanStack Start: init-fullstack.ts
  }
}
