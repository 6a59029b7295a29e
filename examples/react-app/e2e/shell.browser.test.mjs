// The product shell in Debian's Chromium at 390 and 1280 px, light and dark: the header (name, pages,
// theme toggle, Sign in / Sign up or the organization switcher and the user button), the pages folding
// behind the menu button on a phone, the dark theme picked and kept, the favicon. Every state passes the
// components' own checks (packages/react-ui/e2e/page-checks.mjs: axe WCAG 2.2 AA, no horizontal overflow,
// no console error or failed request); screenshots go to test-output/screens/<name>-<width>-<scheme>.png.
// The other tests check the screens their flows reach the same way (checkScreen).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { check, openPage, screens } from "../../../packages/react-ui/e2e/page-checks.mjs";
import { createOrganization, signUpWithForm, startExampleApp } from "./start-example-app.mjs";

const combos = [
  { width: 390, scheme: "light" },
  { width: 390, scheme: "dark" },
  { width: 1280, scheme: "light" },
  { width: 1280, scheme: "dark" },
];

let app;
let base;
let browser;

before(async () => {
  app = await startExampleApp({ tag: "shell", env: { GATEHOUSE_RATE_LIMIT: "off" } });
  ({ base, browser } = app);
});

after(() => app?.stop());

/** The page's own colour scheme as the browser computes it (styles.css's `color-scheme`). */
const pageScheme = (page) => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);

test("the favicon is an SVG the page links", async () => {
  const res = await fetch(`${base}/favicon.svg`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "image/svg+xml");
  assert.match(await res.text(), /^<svg /);
  const html = await (await fetch(`${base}/`)).text();
  assert.match(html, /<link rel="icon" href="\/favicon.svg" type="image\/svg\+xml"/);
});

for (const combo of combos) {
  test(`shell at ${combo.width} px, ${combo.scheme}: signed out, signed in, the menu`, async () => {
    const context = await browser.newContext({
      viewport: { width: combo.width, height: 800 },
      colorScheme: combo.scheme,
    });
    const { page, state } = await openPage(context);
    const phone = combo.width < 600;
    const menu = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    const screen = (name) => check(page, state, name, combo, { dir: screens });

    await page.goto(`${base}/`);
    await page.getByRole("link", { name: "Sign up" }).first().waitFor();
    // The page follows the system's scheme until the visitor picks one.
    assert.equal(await pageScheme(page), combo.scheme);
    assert.equal(await nav.isVisible(), !phone, "the pages fold behind the menu on a phone only");
    assert.equal(await menu.isVisible(), phone);
    await screen("home-signed-out");
    // The auth pages are the components inside the shell.
    for (const [path, testId] of [
      ["/sign-in", "gh-sign-in"],
      ["/sign-up", "gh-sign-up"],
      ["/forgot-password", "gh-forgot-password"],
    ]) {
      await page.goto(`${base}${path}`);
      await page.getByTestId(testId).locator("form").first().waitFor();
      await screen(path.slice(1));
    }

    const email = `shell-${combo.width}-${combo.scheme}@example.com`;
    await signUpWithForm(page, base, { name: "Sam Shell", email, password: "browser-password-1" });
    await page.getByTestId("gh-organization-switcher").waitFor();
    await page.getByRole("button", { name: "Account: Sam Shell" }).waitFor();
    await screen("home");
    // The settings pages: <AccountSettings> (and the app's own cards), <OrganizationSettings>.
    await page.goto(`${base}/account`);
    await page.getByTestId("gh-account-sessions").getByText("This device").waitFor();
    await screen("account");
    await page.goto(`${base}/organizations`);
    await page.getByText("Choose an organization to see its settings.").waitFor();
    await screen("organization-empty");
    await createOrganization(page, base, `Shell ${combo.width} ${combo.scheme}`);
    await page.getByTestId("gh-organization-invitations").getByText("No pending invitations.").waitFor();
    await screen("organization");
    await page.goto(`${base}/`);

    if (phone) {
      // The menu discloses the pages as one column; picking a page closes it; Escape closes it too.
      assert.equal(await menu.getAttribute("aria-expanded"), "false");
      await menu.click();
      assert.equal(await menu.getAttribute("aria-expanded"), "true");
      await nav.getByRole("link", { name: "Security log" }).waitFor();
      await screen("menu");
      await nav.getByRole("link", { name: "Security log" }).click();
      await page.waitForURL(`${base}/security`);
      assert.equal(await nav.isVisible(), false);
      await menu.click();
      await page.keyboard.press("Escape");
      assert.equal(await nav.isVisible(), false);
      assert.equal(await menu.evaluate((el) => el === document.activeElement), true, "focus returns to the button");
    } else {
      // Every page link stays on one row.
      const tops = await nav.getByRole("link").evaluateAll((links) => links.map((a) => a.getBoundingClientRect().top));
      assert.equal(new Set(tops).size, 1, "the pages are one row");
    }

    // The theme toggle picks the other scheme, for the page and the components, and keeps it on reload.
    const toggle = page.getByRole("button", { name: "Dark theme" });
    assert.equal(await toggle.getAttribute("aria-pressed"), String(combo.scheme === "dark"));
    await toggle.click();
    const other = combo.scheme === "dark" ? "light" : "dark";
    assert.equal(await pageScheme(page), other);
    assert.equal(await page.getByTestId("gh-user-button").getAttribute("data-theme"), other);
    await page.reload();
    await page
      .getByTestId("greeting")
      .or(page.getByRole("heading", { name: "Security log" }))
      .first()
      .waitFor();
    assert.equal(await pageScheme(page), other);
    await check(page, state, "toggled", { ...combo, scheme: `${combo.scheme}-toggled-${other}` }, { dir: screens });
    await context.close();
  });
}
