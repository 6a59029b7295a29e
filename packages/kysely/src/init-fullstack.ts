// The files `gatehouse-auth init` writes for SvelteKit, Nuxt, Astro and TanStack Start: what
// docs/sveltekit.md, nuxt.md, astro.md and tanstack-start.md tell a user to write (and examples/* run),
// on the all-in-one package's subpaths. Every file is TypeScript: the frameworks' project creators
// make TypeScript apps, and each framework compiles .ts itself.
import type { InitChoices } from "./init-templates.js";

type Fullstack = "sveltekit" | "nuxt" | "astro" | "tanstack-start";

const HEADER = "// Written by `npx gatehouse-auth init`: yours to change. Docs: docs/";

/** Where the files go in an app of each framework (relative to the app's folder). */
export interface FullstackLayout {
  /** The auth module (where `migrate`, `doctor` and `create-admin` look for it: find-config.ts). */
  auth: string;
  /** The browser client. */
  client: string;
  /** Where the generated ORM schema goes next to the auth module (Drizzle). */
  schema: string;
}

export const FULLSTACK_LAYOUT: Record<Fullstack, FullstackLayout> = {
  // $lib/server: SvelteKit refuses to bundle it into browser code.
  sveltekit: {
    auth: "src/lib/server/auth.ts",
    schema: "src/lib/server/auth-schema.ts",
    client: "src/lib/auth-client.ts",
  },
  // Everything under server/ stays on the server (Nitro); the app's code is under app/ (Nuxt 4).
  nuxt: { auth: "server/utils/auth.ts", schema: "server/utils/auth-schema.ts", client: "app/lib/auth-client.ts" },
  astro: { auth: "src/lib/auth.ts", schema: "src/lib/auth-schema.ts", client: "src/lib/auth-client.ts" },
  "tanstack-start": { auth: "src/lib/auth.ts", schema: "src/lib/auth-schema.ts", client: "src/lib/auth-client.ts" },
};

/** The dev server's address, for GATEHOUSE_URL in .env (the address people open in the browser). */
export const DEV_URL: Record<Fullstack, string> = {
  sveltekit: "http://localhost:5173",
  nuxt: "http://localhost:3000",
  astro: "http://localhost:4321",
  "tanstack-start": "http://localhost:3000",
};

/** How to start the dev server, for the "Next:" lines. */
export const DEV_COMMAND: Record<Fullstack, string> = {
  sveltekit: "npx vite dev",
  nuxt: "npx nuxt dev",
  astro: "npx astro dev",
  "tanstack-start": "npx vite dev --port 3000",
};

export function isFullstack(framework: InitChoices["framework"]): framework is Fullstack {
  return framework in FULLSTACK_LAYOUT;
}

/**
 * The route mount and the session helper for `framework`: [file, content] pairs. `authFrom(file)` is
 * the import specifier of the auth module from `file` (extensionless: the frameworks' bundlers resolve it).
 */
export function fullstackFiles(framework: Fullstack, authFrom: (file: string) => string): [string, string][] {
  const auth = (file: string) => `import { auth } from ${JSON.stringify(authFrom(file))};`;
  switch (framework) {
    case "sveltekit":
      return [
        [
          "src/hooks.server.ts",
          [
            `${HEADER}sveltekit.md`,
            'import type { Handle } from "@sveltejs/kit";',
            'import { toSvelteKitHandler } from "gatehouse-auth/sveltekit";',
            'import { auth } from "$lib/server/auth";',
            "",
            "// Answers /api/auth/* and passes every other request on to SvelteKit. With a handle of your own:",
            '// sequence(toSvelteKitHandler(auth), yours) from "@sveltejs/kit/hooks".',
            "export const handle: Handle = toSvelteKitHandler(auth);",
            "",
          ].join("\n"),
        ],
        [
          "src/routes/api/session/+server.ts",
          [
            `${HEADER}sveltekit.md`,
            'import { json, type RequestHandler } from "@sveltejs/kit";',
            'import { getSession } from "gatehouse-auth/sveltekit";',
            'import { auth } from "$lib/server/auth";',
            "",
            "// The visitor, read on the server from the request's cookie; getSession(auth, event) works the same in",
            "// a load function, a form action or a hook. Return only what the page needs.",
            "export const GET: RequestHandler = async (event) => {",
            "  const session = await getSession(auth, event);",
            "  if (!session) return json({ user: null });",
            "  const { name, email } = session.user;",
            "  return json({ user: { name, email }, expiresAt: session.session.expiresAt.toISOString() });",
            "};",
            "",
          ].join("\n"),
        ],
      ];
    case "nuxt":
      return [
        [
          "server/api/auth/[...all].ts",
          [
            `${HEADER}nuxt.md`,
            'import { toNuxtHandler } from "gatehouse-auth/nuxt";',
            auth("server/api/auth/[...all].ts"),
            "",
            "// The folder must match basePath (/api/auth): Gatehouse answers 404 anywhere else.",
            "export default toNuxtHandler(auth);",
            "",
          ].join("\n"),
        ],
        [
          "server/api/session.get.ts",
          [
            `${HEADER}nuxt.md`,
            'import { getSession } from "gatehouse-auth/nuxt";',
            auth("server/api/session.get.ts"),
            "",
            '// The visitor, read on the server from the request\'s cookie: pages call it with useFetch("/api/session"),',
            "// which forwards the browser's cookie during server rendering. Return only what the pages need.",
            "export default defineEventHandler(async (event) => {",
            "  const session = await getSession(auth, event);",
            "  if (!session) return { user: null };",
            "  const { name, email } = session.user;",
            "  return { user: { name, email }, expiresAt: session.session.expiresAt.toISOString() };",
            "});",
            "",
          ].join("\n"),
        ],
      ];
    case "astro":
      return [
        [
          "src/pages/api/auth/[...all].ts",
          [
            `${HEADER}astro.md`,
            'import { toAstroHandler } from "gatehouse-auth/astro";',
            auth("src/pages/api/auth/[...all].ts"),
            "",
            "// Rendered on request (the session belongs to a request); the folder must match basePath (/api/auth).",
            "export const prerender = false;",
            "export const ALL = toAstroHandler(auth);",
            "",
          ].join("\n"),
        ],
        [
          "src/middleware.ts",
          [
            `${HEADER}astro.md`,
            'import { sessionMiddleware } from "gatehouse-auth/astro";',
            `import { auth, type Session } from ${JSON.stringify(authFrom("src/middleware.ts"))};`,
            "",
            "declare global {",
            "  namespace App {",
            "    interface Locals {",
            "      /** The signed-in session and user, or null: read once per request by the middleware below. */",
            "      session: Session | null;",
            "    }",
            "  }",
            "}",
            "",
            "// Astro.locals.session in pages and endpoints. With middleware of your own: sequence(sessionMiddleware(auth), yours)",
            '// from "astro:middleware".',
            "export const onRequest = sessionMiddleware(auth);",
            "",
          ].join("\n"),
        ],
        [
          "src/pages/api/session.ts",
          [
            `${HEADER}astro.md`,
            'import type { APIRoute } from "astro";',
            "",
            "export const prerender = false;",
            "",
            "// The visitor, as the middleware read it from the request's cookie. Return only what the page needs.",
            "export const GET: APIRoute = ({ locals }) => {",
            "  const session = locals.session;",
            "  if (!session) return Response.json({ user: null });",
            "  const { name, email } = session.user;",
            "  return Response.json({ user: { name, email }, expiresAt: session.session.expiresAt.toISOString() });",
            "};",
            "",
          ].join("\n"),
        ],
      ];
    case "tanstack-start":
      return [
        [
          "src/routes/api/auth/$.ts",
          [
            `${HEADER}tanstack-start.md`,
            'import { createFileRoute } from "@tanstack/react-router";',
            'import { toTanStackStartHandler } from "gatehouse-auth/tanstack-start";',
            auth("src/routes/api/auth/$.ts"),
            "",
            "// Every /api/auth/* request, whatever its method, goes to Gatehouse.",
            'export const Route = createFileRoute("/api/auth/$")({',
            "  server: { handlers: toTanStackStartHandler(auth) },",
            "});",
            "",
          ].join("\n"),
        ],
        [
          "src/lib/session.ts",
          [
            `${HEADER}tanstack-start.md`,
            'import { createServerFn } from "@tanstack/react-start";',
            'import { getRequest } from "@tanstack/react-start/server";',
            'import { getSession } from "gatehouse-auth/tanstack-start";',
            auth("src/lib/session.ts"),
            "",
            "// The visitor as a server function: a loader calls it on the server during SSR (and through an RPC on",
            "// client-side navigation); getSession reads the request's cookie either way. Only what the pages show",
            "// crosses to the browser.",
            'export const fetchSession = createServerFn({ method: "GET" }).handler(async () => {',
            "  const session = await getSession(auth, getRequest());",
            "  if (!session) return { user: null };",
            "  const { name, email } = session.user;",
            "  return { user: { name, email }, expiresAt: session.session.expiresAt.toISOString() };",
            "});",
            "",
          ].join("\n"),
        ],
      ];
  }
}
