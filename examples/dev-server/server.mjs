// The smallest useful Gatehouse app: node:http, embedded SQLite in .data/dev.db, and one HTML page
// that signs up, signs in, shows the session and signs out through the HTTP API.
import { mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import Database from "better-sqlite3";
import { createAuth } from "@gatehouse/core";
import { toNodeHandler } from "@gatehouse/core/node";
import { kyselyAdapter } from "@gatehouse/kysely";

const port = Number(process.env.PORT ?? 3000);
const baseURL = `http://localhost:${port}`;
const dataDir = new URL("./.data/", import.meta.url);
mkdirSync(dataDir, { recursive: true });

const auth = createAuth({
  database: kyselyAdapter({ database: new Database(new URL("dev.db", dataDir).pathname) }),
  // Development only: production refuses to start without a real secret of 32+ characters.
  secret: process.env.AUTH_SECRET,
  baseURL,
  trustedOrigins: [`http://127.0.0.1:${port}`],
  emailAndPassword: { enabled: true },
});
await auth.$context.adapter.migrate?.();

const page = readFileSync(new URL("./index.html", import.meta.url));
const authHandler = toNodeHandler(auth);
createServer((req, res) => {
  if (req.method === "GET" && (req.url === "/" || req.url === "/index.html")) {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
    return;
  }
  authHandler(req, res);
}).listen(port, () => console.log(`Gatehouse example running at ${baseURL}`));
