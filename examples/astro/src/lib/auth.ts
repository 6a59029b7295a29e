// The app's Gatehouse: email and password on a SQLite file. Imported only by server code (the endpoint,
// the middleware and page frontmatter), so the database never reaches a browser bundle.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { createAuth, definePlugin } from "@gatehouse-auth/core";
import { jwt } from "@gatehouse-auth/jwt";
import { kyselyAdapter } from "@gatehouse-auth/kysely";
import { oauthProvider } from "@gatehouse-auth/oauth-provider";
import Database from "better-sqlite3";

const file = process.env.GATEHOUSE_DB ?? join(process.cwd(), ".data", "gatehouse.db");
mkdirSync(dirname(file), { recursive: true });

export const auth = createAuth({
  database: kyselyAdapter({ database: new Database(file) }),
  // Development only: in production, set GATEHOUSE_SECRET to 32+ random characters.
  secret: process.env.GATEHOUSE_SECRET ?? "astro-example-secret-change-me-0123456789",
  baseURL: process.env.GATEHOUSE_URL ?? "http://localhost:4321",
  emailAndPassword: { enabled: true },
  // Creates or updates the tables before the first request is answered (plugin inits run first).
  plugins: [
    definePlugin({ id: "migrate-on-start", init: async (ctx) => void (await ctx.adapter.migrate?.()) }),
    // The app is also an OAuth provider: its origin-root metadata is mounted in src/pages/.well-known/.
    jwt(),
    oauthProvider({ loginPage: "/sign-in" }),
  ],
});

/** What `getSession` and the middleware give the pages. */
export type Session = NonNullable<Awaited<ReturnType<typeof auth.api.getSession>>>;
