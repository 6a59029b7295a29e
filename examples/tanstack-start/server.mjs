// The production server: dist/server/server.js (vite build's Fetch handler) on Node through srvx, the
// HTTP layer TanStack Start's own preview and Nitro's node preset use, with dist/client served as static
// files first. srvx puts the socket's address on the request, where toTanStackStartHandler reads it for
// the rate limiter. HOST and PORT as usual (default 127.0.0.1:3000).
import { serve } from "srvx";
import { staticMiddleware } from "srvx/static";
import app from "./dist/server/server.js";

serve({
  hostname: process.env.HOST ?? "127.0.0.1",
  port: Number(process.env.PORT ?? 3000),
  middleware: [staticMiddleware({ dir: new URL("./dist/client", import.meta.url).pathname })],
  fetch: app.fetch,
});
