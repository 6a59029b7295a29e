// Consumer fixture: a TypeScript file compiled as CommonJS (.cts, module nodenext). Its types come
// from the same dist/*.d.ts as ESM users' ("types" is the first condition every export entry has).
import core = require("@gatehouse-auth/core");
import kysely = require("@gatehouse-auth/kysely");
import node = require("@gatehouse-auth/core/node");
import plugin = require("@gatehouse-auth/username");

const auth = core.createAuth({
  database: kysely.kyselyAdapter({ database: {} }),
  plugins: [plugin.username()],
});
const handler: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown =
  node.toNodeHandler(auth);
const call: Promise<unknown> = auth.api.signInUsername({ body: { username: "ada", password: "x" } });
// @ts-expect-error a misspelt endpoint is a type error: the types are real, not any
auth.api.signInUsernam;
export = { handler, call };
