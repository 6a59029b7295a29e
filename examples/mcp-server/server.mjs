// Runs the example: node examples/mcp-server/server.mjs (after `pnpm build` in the Gatehouse clone).
// The MCP server is http://localhost:3000/mcp; point an MCP client (or the MCP Inspector) at it.
import { createServer } from "node:http";
import Database from "better-sqlite3";
import { createMcpApp } from "./src/app.mjs";

const port = Number(process.env.PORT ?? 3000);
const baseURL = process.env.GATEHOUSE_URL ?? `http://localhost:${port}`;
const app = createMcpApp({ baseURL, database: new Database(process.env.DATABASE_FILE ?? "mcp-example.db") });

await app.auth.$context.adapter.migrate?.(); // creates the tables on first start
await app.auth.ready();
createServer(app.listener).listen(port, () => console.log(`MCP server at ${app.resource}`));
