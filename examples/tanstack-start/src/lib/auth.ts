// The app's Gatehouse: email and password on a SQLite file. Imported only by server code (the server
// routes and the server functions' handlers), so the database never reaches a browser bundle.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { createAuth, definePlugin } from "@gatehouse-auth/core";
import { jwt } from "@gatehouse-auth/jwt";
import { kyselyAdapter } from "@gatehouse-auth/kysely";
import { oauthProvider } from "@gatehouse-auth/oauth-provider";
import { Kysely, SqliteDialect } from "kysely";
import { nodeSqlite } from "./node-sqlite";

const file = process.env.GATEHOUSE_DB ?? join(process.cwd(), ".data", "gatehouse.db");
mkdirSync(dirname(file), { recursive: true });

export const auth = createAuth({
  database: kyselyAdapter({
    db: new Kysely({ dialect: new SqliteDialect({ database: nodeSqlite(file) }) }),
    dialect: "sqlite",
    where: file,
  }),
  // Development only: in production, set GATEHOUSE_SECRET to 32+ random characters.
  secret: process.env.GATEHOUSE_SECRET ?? "tanstack-example-secret-change-me-0123456789",
  baseURL: process.env.GATEHOUSE_URL ?? "http://localhost:3000",
  emailAndPassword: { enabled: true },
  plugins: [
    // Creates or updates the tables before the first request is answered (plugin inits run first).
    definePlugin({ id: "migrate-on-start", init: async (ctx) => void (await ctx.adapter.migrate?.()) }),
    // The app is also an OAuth provider: its origin-root metadata is mounted in src/routes/[.]well-known/.
    jwt(),
    oauthProvider({ loginPage: "/sign-in" }),
  ],
});

/** What the session server function gives the pages. */
export type Session = NonNullable<Awaited<ReturnType<typeof auth.api.getSession>>>;
