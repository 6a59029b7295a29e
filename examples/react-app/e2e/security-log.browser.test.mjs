// The security log page in Debian's Chromium: after a sign-up, a sign-out, a refused sign-in and a
// sign-in, the user's own log lists each, newest first, with a readable device. Screenshot in test-output/browser/.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { checkScreen, openPage } from "../../../packages/react-ui/e2e/page-checks.mjs";
import { shots, signOut, signUpWithForm, startExampleApp, submitSignInForm } from "./start-example-app.mjs";

const password = "browser-password-1";

let app;
let base;
let browser;

before(async () => {
  app = await startExampleApp({ tag: "security" });
  ({ base, browser } = app);
});

after(() => app?.stop());

test("the security log lists the user's sign-ins, the refused one included", async () => {
  const { page, state } = await openPage(await browser.newContext());
  // The refused sign-in below is on purpose.
  state.expected.push("/sign-in/email");
  await signUpWithForm(page, base, { name: "Erin", email: "erin@example.com", password });
  await signOut(page);

  const signIn = async (pass) => {
    await page.goto(`${base}/sign-in`);
    await submitSignInForm(page, "erin@example.com", pass);
  };
  await signIn("not-the-password-1");
  await page.getByRole("alert").waitFor();
  await signIn(password);
  await page.getByTestId("greeting").waitFor();

  await page.getByRole("link", { name: "Security log", exact: true }).click();
  const rows = page.getByTestId("security-event");
  await rows.filter({ hasText: "Failed sign-in" }).waitFor();
  const texts = await rows.allInnerTexts();
  // Newest first: the sign-in, the refused attempt, the sign-out, the sign-up's own session.
  const order = ["Signed in", "Failed sign-in", "Signed out"].map((label) => texts.findIndex((t) => t.includes(label)));
  assert.ok(
    order.every((i) => i >= 0),
    texts.join("\n"),
  );
  assert.deepEqual(
    [...order].sort((a, b) => a - b),
    order,
    texts.join("\n"),
  );
  assert.match(texts[order[1]], /\(refused\)/);
  assert.match(texts[order[0]], /127\.0\.0\.1/);
  assert.match(texts[order[0]], /Chrome/);
  await page.screenshot({ path: join(shots, "security-log.png") });
  await checkScreen(page, state, "security-log");
});
