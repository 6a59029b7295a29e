// Consumer fixture: a CommonJS app. require() loads the packages' ESM builds (Node >= 20.19), and the
// app and the plugin must share one copy of @gatehouse-auth/core: the plugin's AuthError is the app's.
const assert = require("node:assert/strict");
const Database = require("better-sqlite3");
const core = require("@gatehouse-auth/core");
const { toNodeHandler } = require("@gatehouse-auth/core/node");
const { kyselyAdapter } = require("@gatehouse-auth/kysely");
const { username, USERNAME_ERRORS } = require("@gatehouse-auth/username");
const { organization } = require("@gatehouse-auth/organization");

(async () => {
  assert.equal(typeof core.createAuth, "function");
  assert.equal(typeof toNodeHandler, "function");
  assert.equal(await import("@gatehouse-auth/core"), core, "import() and require() must give one module");

  const auth = core.createAuth({
    database: kyselyAdapter({ database: new Database(":memory:") }),
    baseURL: "http://localhost:3000",
    plugins: [username(), organization()],
  });
  await auth.$context.adapter.migrate();

  const signedUp = await auth.api.signUpEmail({
    body: { email: "cjs@example.com", password: "a long enough password", name: "Cee", username: "cee_js" },
  });
  assert.equal(signedUp.user.email, "cjs@example.com");

  const signedIn = await auth.api.signInUsername({ body: { username: "CEE_JS", password: "a long enough password" } });
  assert.equal(signedIn.user.email, "cjs@example.com");

  // A refusal thrown inside the plugin is an instance of the class the app required.
  let refusal;
  try {
    await auth.api.signInUsername({ body: { username: "cee_js", password: "the wrong password!!" } });
  } catch (error) {
    refusal = error;
  }
  assert.ok(refusal instanceof core.AuthError, `expected an AuthError, got ${refusal}`);
  assert.ok(core.isAuthError(refusal));
  assert.equal(refusal.status, 401);
  assert.ok(typeof USERNAME_ERRORS === "object");
  console.log("cjs ok");
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
