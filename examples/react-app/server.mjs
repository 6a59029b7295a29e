// The example app's server: Gatehouse under /api/auth, the dev mailbox under /dev/mailbox, and the
// React app — through Vite's middleware in development, from dist/ after `vite build` in production.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { toNodeHandler } from "@gatehouse-auth/core/node";
import { createAppAuth } from "./auth.mjs";
import { handleMailbox } from "./mailbox.mjs";

const root = fileURLToPath(new URL(".", import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "localhost";
const baseURL = `http://${host}:${port}`;
const production = process.env.NODE_ENV === "production";

const { auth, close } = await createAppAuth({ baseURL, databaseUrl: process.env.DATABASE_URL });
const authHandler = toNodeHandler(auth);

let serveApp;
if (production) {
  const dist = join(root, "dist");
  if (!existsSync(join(dist, "index.html")))
    throw new Error("no dist/: run `pnpm --filter @gatehouse-auth/example-react-app build` first");
  const types = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
  };
  serveApp = (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", baseURL).pathname);
    let file = join(dist, path);
    // Unknown paths are app routes (/organizations, /accept-invitation/…): the SPA answers them.
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, "index.html");
    res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  };
} else {
  const { createServer: createVite } = await import("vite");
  const vite = await createVite({ root, server: { middlewareMode: true }, appType: "spa" });
  serveApp = vite.middlewares;
}

const server = createServer((req, res) => {
  if (req.url?.startsWith("/api/auth")) return authHandler(req, res);
  if (handleMailbox(req, res)) return;
  // No page of the app may be framed by another site: a framed consent or device page could be
  // clickjacked into "Allow" / "Approve".
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Content-Security-Policy", "frame-ancestors 'none'");
  serveApp(req, res);
});
server.listen(port, host, () => console.log(`Gatehouse example app ready at ${baseURL}`));

const stop = async () => {
  server.close();
  await close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
