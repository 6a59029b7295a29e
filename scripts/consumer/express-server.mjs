// Consumer fixture: Express with a JSON body parser mounted BEFORE the auth handler (the order most
// apps have). The handler must use req.body rather than wait on the spent request stream.
import Database from "better-sqlite3";
import { createAuth } from "@gatehouse-auth/core";
import { toNodeHandler } from "@gatehouse-auth/core/node";
import { kyselyAdapter } from "@gatehouse-auth/kysely";
import express from "express";

const port = Number(process.env.PORT);
const auth = createAuth({
  database: kyselyAdapter({ database: new Database(":memory:") }),
  baseURL: `http://localhost:${port}`,
});
await auth.$context.adapter.migrate?.();

const app = express();
app.use(express.json());
app.use(toNodeHandler(auth));
app.get("/hello", (_req, res) => res.send("hello from express"));
app.listen(port, () => console.log("listening"));
