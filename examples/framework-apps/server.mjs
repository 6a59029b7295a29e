// The framework apps' server: Gatehouse (email and password, organizations) under /api/auth, and the
// three built apps under /vue/, /svelte/ and /solid/ from their dist/ folders. One server and one
// database for the three: each app is a different client of the same auth server.
//   npx -y pnpm@10 --filter @gatehouse-auth/example-framework-apps build && node server.mjs
import { createReadStream, existsSync, mkdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createAuth } from "@gatehouse-auth/core";
import { toNodeHandler } from "@gatehouse-auth/core/node";
import { createDatabaseFromUrl, kyselyAdapter } from "@gatehouse-auth/kysely";
import { organization } from "@gatehouse-auth/organization";

const root = fileURLToPath(new URL(".", import.meta.url));
const port = Number(process.env.PORT ?? 3001);
const host = process.env.HOST ?? "localhost";
const baseURL = `http://${host}:${port}`;
const APPS = ["vue", "svelte", "solid"];

let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  mkdirSync(join(root, ".data"), { recursive: true });
  databaseUrl = join(root, ".data", "app.db");
}
const db = await createDatabaseFromUrl(databaseUrl);
const auth = createAuth({
  database: kyselyAdapter({ database: db.database }),
  // Development only: in production Gatehouse refuses to start without a real 32+ character secret.
  secret: process.env.GATEHOUSE_SECRET ?? "framework-apps-secret-change-me-0123456789abcdef",
  baseURL,
  emailAndPassword: { enabled: true },
  // The browser test signs up and in many times from one address within seconds; it turns the
  // per-client limits off. Never set this in production.
  ...(process.env.GATEHOUSE_RATE_LIMIT === "off" ? { rateLimit: { enabled: false } } : {}),
  plugins: [organization()],
});
await auth.$context.adapter.migrate?.();
const authHandler = toNodeHandler(auth);

const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css" };
for (const app of APPS)
  if (!existsSync(join(root, app, "dist", "index.html")))
    throw new Error(`no ${app}/dist/: run \`npx -y pnpm@10 --filter @gatehouse-auth/example-framework-apps build\``);

/** Serves /<app>/… from <app>/dist; unknown paths answer the app's index.html (client-side routes). */
function serveApp(req, res) {
  const path = decodeURIComponent(new URL(req.url ?? "/", baseURL).pathname);
  const app = APPS.find((name) => path === `/${name}` || path.startsWith(`/${name}/`));
  if (!app) {
    res.writeHead(200, { "content-type": types[".html"] });
    res.end(APPS.map((name) => `<p><a href="/${name}/">${name}</a></p>`).join(""));
    return;
  }
  const dist = join(root, app, "dist");
  let file = join(dist, path.slice(app.length + 1));
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, "index.html");
  res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
  createReadStream(file).pipe(res);
}

const server = createServer((req, res) => {
  if (req.url?.startsWith("/api/auth")) return authHandler(req, res);
  serveApp(req, res);
});
server.listen(port, host, () => console.log(`Gatehouse framework apps ready at ${baseURL}`));

const stop = async () => {
  server.close();
  await db.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
