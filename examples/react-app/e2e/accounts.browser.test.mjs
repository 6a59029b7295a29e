// The account switcher (@gatehouse-auth/multi-session) in Debian's Chromium, driven by playwright-core: two
// accounts signed up in one browser, switch, remove one, add it back through the sign-in page, then
// the header's sign-out leaves none. Screenshots go to test-output/browser/.
// Run after `vite build`: node --test examples/react-app/e2e/ (E2E_DEV=1: through Vite, no build needed)
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { checkScreen, openPage } from "../../../packages/react-ui/e2e/page-checks.mjs";
import { shots, signOut, signUpWithForm, startExampleApp } from "./start-example-app.mjs";

const password = "browser-password-1";

let app;
let base;
let browser;

before(async () => {
  app = await startExampleApp({ tag: "accounts" });
  ({ base, browser } = app);
});

after(() => app?.stop());

async function signUp(page, name, email) {
  await signUpWithForm(page, base, { name, email, password });
  await page.getByTestId("greeting").filter({ hasText: name }).waitFor();
}

const rows = (page) => page.getByTestId("device-account");
const row = (page, email) => rows(page).filter({ hasText: email });

test("two accounts in one browser: list, switch, remove one, add it back, sign out of all", async () => {
  const context = await browser.newContext();
  const { page, state } = await openPage(context);
  page.on("dialog", (dialog) => dialog.accept());

  await signUp(page, "Carol", "carol@example.com");
  await signUp(page, "Dave", "dave@example.com");

  await page.getByRole("link", { name: "Switch account" }).click();
  await row(page, "dave@example.com").getByTestId("active-account").waitFor();
  assert.equal(await rows(page).count(), 2);
  await page.screenshot({ path: join(shots, "accounts-01-two.png") });
  await checkScreen(page, state, "accounts");

  await row(page, "carol@example.com").getByRole("button", { name: "Switch" }).click();
  await row(page, "carol@example.com").getByTestId("active-account").waitFor();
  await page.goto(`${base}/`);
  await page.getByTestId("greeting").filter({ hasText: "Carol" }).waitFor();

  // Removing Dave signs this browser out of Dave only: Carol stays active.
  await page.goto(`${base}/accounts`);
  await row(page, "dave@example.com").getByRole("button", { name: "Remove" }).click();
  await row(page, "dave@example.com").waitFor({ state: "detached" });
  assert.equal(await rows(page).count(), 1);
  await row(page, "carol@example.com").getByTestId("active-account").waitFor();

  // Add Dave back through the sign-in page: the sign-in joins the list and returns here.
  await page.getByRole("link", { name: "Add another account" }).click();
  await page.getByLabel("Email or username").fill("dave@example.com");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).first().click();
  await row(page, "dave@example.com").getByTestId("active-account").waitFor();
  assert.equal(await rows(page).count(), 2);
  await page.screenshot({ path: join(shots, "accounts-02-added-back.png") });

  // The header's sign-out leaves every account.
  await signOut(page);
  await page.goto(`${base}/accounts`);
  await page.getByText("No accounts on this browser.").waitFor();
  await context.close();
});
