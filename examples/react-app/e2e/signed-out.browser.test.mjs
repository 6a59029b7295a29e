// Every page of the example app, opened in Debian's Chromium by a visitor who is not signed in: no
// request may come back 401 (a page that needs a user shows a sign-in prompt instead of calling list
// routes it cannot use) and nothing may be logged as a console error. Screenshot in test-output/browser/.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { checkScreen } from "../../../packages/react-ui/e2e/page-checks.mjs";
import { shots, startExampleApp } from "./start-example-app.mjs";

/** Pages that show the user's own data: signed out, each shows the sign-in prompt. */
const needUser = ["/account", "/phone", "/organizations", "/security", "/admin"];
/** Old paths a component now covers: they redirect (to the account or organization page, here its prompt). */
const moved = { "/api-keys": "/account", "/passkeys": "/account", "/organizations/sso": "/organizations" };
/** Pages a visitor can use signed out. */
const open = [
  "/",
  "/sign-in",
  "/sign-up",
  "/forgot-password",
  "/mailbox",
  "/accounts",
  "/accept-invitation/no-such-invitation",
];

let app;
let base;
let browser;

before(async () => {
  app = await startExampleApp({ tag: "signed-out" });
  ({ base, browser } = app);
});

after(() => app?.stop());

test("signed out, no page gets a 401 or logs a console error; pages that need a user ask to sign in", async () => {
  const page = await (await browser.newContext()).newPage();
  const problems = [];
  page.on("response", (r) => {
    if (r.status() === 401) problems.push(`${page.url()}: ${r.request().method()} ${r.url()} answered 401`);
  });
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`${page.url()}: console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${page.url()}: uncaught ${e.message}`));

  const unprompted = [];
  for (const [from, to] of Object.entries(moved)) {
    await page.goto(`${base}${from}`);
    await page.waitForURL(`${base}${to}`);
    await page.getByTestId("sign-in-prompt").waitFor();
  }
  for (const path of [...needUser, ...open]) {
    await page.goto(`${base}${path}`);
    // Settled: the session is known (the header shows the signed-out links) and no request is in flight.
    await page.getByRole("link", { name: "Sign up" }).first().waitFor();
    await page.waitForLoadState("networkidle");
    if (path === "/account") {
      await page.screenshot({ path: join(shots, "signed-out-prompt.png") });
      // The prompt as a screen (page-checks.mjs: axe, overflow; the problems are this test's own).
      await checkScreen(page, { problems, expected: [] }, "sign-in-prompt");
    }
    if (!needUser.includes(path)) continue;
    const signIn = page.getByTestId("sign-in-prompt").getByRole("link", { name: "Sign in" });
    // The prompt's link brings the visitor back to this page once signed in.
    if ((await signIn.count()) === 0) unprompted.push(path);
    else assert.equal(await signIn.getAttribute("href"), `/sign-in?next=${encodeURIComponent(path)}`);
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(unprompted, []);
});
