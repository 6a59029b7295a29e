// The physical limit: node:http answering a constant JSON of get-session's size.
import { createServer } from "node:http";

const body = JSON.stringify({
  session: {
    id: "x".repeat(32),
    token: "t".repeat(32),
    userId: "u".repeat(32),
    expiresAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ipAddress: "127.0.0.1",
    userAgent: null,
  },
  user: {
    id: "u".repeat(32),
    name: "Bench",
    email: "bench@example.com",
    emailVerified: false,
    image: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  },
});
createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
