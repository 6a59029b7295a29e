// The components at the narrowest width they promise (320 px, the smallest phones; docs/react-ui.md), in
// Debian's Chromium against a real Gatehouse server: each first screen signed out and signed in, with
// the same checks as every other state (axe WCAG 2.2 AA, no horizontal overflow, no console error or
// failed request), light and dark. The other files cover each state at 390 and 1280 px.
import { test } from "node:test";
import { check, openPage } from "./page-checks.mjs";
import { harnessForFile, seedUser, signInBrowser, unique } from "./harness-session.mjs";

let server;
let browser;
harnessForFile((started) => ({ server, browser } = started));

const SIGNED_OUT = ["SignIn", "SignUp", "ForgotPassword", "VerifyEmail"];
const SIGNED_IN = ["UserButton", "AccountSettings", "OrganizationSwitcher", "Organization"];

for (const scheme of ["light", "dark"]) {
  const combo = { width: 320, scheme };

  test(`every component's first screen fits 320 px (${scheme})`, async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, colorScheme: scheme });
    try {
      const { page, state } = await openPage(context);
      // The components ask whether a session exists before they know what to show.
      state.expected = ["/get-session"];
      for (const name of SIGNED_OUT) {
        await page.goto(`${server.base}/?c=${name}`);
        await page.locator(".gh-root").first().waitFor();
        await check(page, state, `narrow-${name}`, combo);
      }

      const owner = await seedUser(server, `narrow-${scheme}`);
      const slug = unique("narrow");
      const org = await server.auth.api.createOrganization({
        body: { name: "A rather long organization name, Incorporated", slug, userId: owner.id },
      });
      await signInBrowser(server, context, owner.email, org.id);
      for (const name of SIGNED_IN) {
        await page.goto(`${server.base}/?c=${name}`);
        await page.locator(".gh-root").first().waitFor();
        // The signed-in views load their lists after mount: wait for the first card's heading.
        await page.getByRole("heading").first().waitFor();
        await check(page, state, `narrow-${name}`, combo);
      }
    } finally {
      await context.close();
    }
  });
}
