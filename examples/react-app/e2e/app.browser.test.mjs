// Browser tests of the example app in Debian's Chromium, driven by playwright-core: sign-up, email
// verification from the dev mailbox, sign-out and in, an organization with an invitation accepted in a
// second browser, an API key, a phone number proven by a texted code, and the admin page. Screenshots go to
// test-output/browser/; the screens on the way (verified, invitation, API key shown once, phone, mailbox,
// phone sign-in, admin) are checked at 390 and 1280 px, light and dark (page-checks.mjs's checkScreen:
// axe, overflow, console errors, failed requests) into test-output/screens/.
// Run after `vite build`: node --test examples/react-app/e2e/
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { checkScreen, openPage } from "../../../packages/react-ui/e2e/page-checks.mjs";
import {
  createOrganization,
  inviteMember,
  shots,
  signOut,
  signUpWithForm,
  startExampleApp,
  submitSignInForm,
} from "./start-example-app.mjs";

const password = "browser-password-1";

let app;
let base;
let browser;

before(async () => {
  app = await startExampleApp({ tag: "app" });
  ({ base, browser } = app);
});

after(() => app?.stop());

const signUp = (page, name, email) => signUpWithForm(page, base, { name, email, password });

/** Opens the newest mailbox link to `email` whose subject matches. */
async function openMail(page, email, subject) {
  await page.goto(`${base}/mailbox`);
  const message = page.getByTestId("message").filter({ hasText: email }).filter({ hasText: subject }).first();
  await message.waitFor();
  await message.getByTestId("message-link").click();
}

/** Reads the newest texted code to `phoneNumber` (E.164) from the mailbox, in a tab of its own. */
async function readSmsCode(context, phoneNumber, screen) {
  const { page: tab, state } = await openPage(context);
  await tab.goto(`${base}/mailbox`);
  const message = tab
    .getByTestId("message")
    .filter({ hasText: `SMS to ${phoneNumber}` })
    .first();
  await message.waitFor();
  const code = await message.getByTestId("message-code").textContent();
  // The mailbox polls for new messages: its network never goes idle.
  if (screen) await checkScreen(tab, state, screen, { idle: false });
  await tab.close();
  assert.match(code ?? "", /^\d{6}$/);
  return code;
}

test("sign up, verify from the mailbox, sign out and in, organization with an invited member, API key, phone, admin", async () => {
  const alice = await browser.newContext();
  const { page, state } = await openPage(alice);

  await signUp(page, "Alice", "alice@example.com");
  assert.equal(await page.getByTestId("greeting").textContent(), "Hello, Alice");
  await page.getByTestId("unverified").waitFor();

  await openMail(page, "alice@example.com", "Verify your email");
  await page.getByTestId("verified").waitFor();
  await page.screenshot({ path: join(shots, "01-verified.png") });
  await checkScreen(page, state, "home-verified");

  await signOut(page);
  await page.goto(`${base}/sign-in`);
  await submitSignInForm(page, "alice@example.com", password);
  await page.getByTestId("greeting").waitFor();

  await createOrganization(page, base, "Acme");
  await inviteMember(page, "bob@example.com");

  // Bob, in a browser of his own, signs up and accepts from the mailbox. An invitation is for whoever
  // can read that mailbox: until Bob has verified the address, the invitation stays closed to him.
  const bob = await browser.newContext();
  const { page: bobPage, state: bobState } = await openPage(bob);
  // Until Bob's address is verified, the invitation is refused to him (403), as the card says.
  bobState.expected.push("/organization/get-invitation");
  await signUp(bobPage, "Bob", "bob@example.com");
  await openMail(bobPage, "bob@example.com", "Join Acme");
  const invitation = bobPage.getByTestId("gh-accept-invitation");
  await invitation.getByText("Verify bob@example.com first").waitFor();
  assert.equal(await invitation.getByRole("button", { name: "Accept" }).count(), 0);
  await checkScreen(bobPage, bobState, "accept-invitation-verify-first");
  await openMail(bobPage, "bob@example.com", "Verify your email");
  await bobPage.getByTestId("verified").waitFor();
  await openMail(bobPage, "bob@example.com", "Join Acme");
  await invitation.getByText("invited you to join Acme as member.").waitFor();
  await checkScreen(bobPage, bobState, "accept-invitation");
  await invitation.getByRole("button", { name: "Accept" }).click();
  await invitation.getByRole("status").filter({ hasText: "You joined Acme." }).waitFor();
  await bobPage.goto(`${base}/organizations`);
  const bobMembers = bobPage.getByTestId("gh-organization-members");
  await bobMembers.getByText("alice@example.com").waitFor();
  assert.equal(await bobMembers.locator(".gh-list-item").count(), 2);
  await bobPage.screenshot({ path: join(shots, "02-bob-joined.png") });

  await page.reload();
  await page.getByTestId("gh-organization-members").getByText("bob@example.com").waitFor();
  await page.screenshot({ path: join(shots, "03-organization.png") });

  // The old /api-keys path lands on the account page, whose API keys card makes the key (shown once).
  await page.goto(`${base}/api-keys`);
  await page.waitForURL(`${base}/account`);
  const keys = page.getByTestId("gh-account-api-keys");
  await keys.getByLabel("Name").fill("ci");
  await keys.getByRole("button", { name: "Create key" }).click();
  const key = await keys.getByLabel("API key").inputValue();
  assert.ok(key && key.length >= 16);
  await checkScreen(page, state, "account-api-key-created");
  await keys.getByRole("button", { name: "Done" }).click();
  await keys.locator(".gh-list-item", { hasText: "ci" }).waitFor();
  await page.screenshot({ path: join(shots, "04-api-key.png") });
  const asKey = await (await fetch(`${base}/api/auth/get-session`, { headers: { "x-api-key": key } })).json();
  assert.equal(asKey?.user?.email, "alice@example.com");

  // Alice attaches a phone number: the code is texted (into the mailbox, read in another tab), a wrong
  // code is refused on the page, the right one verifies the number for the page and the session.
  await page.getByRole("link", { name: "Phone", exact: true }).click();
  await page.getByText("No phone number yet.").waitFor();
  // The wrong code and the wrong password below are refused on purpose.
  state.expected.push("/phone-number/update", "/sign-in/phone-number");
  await page.getByLabel("Phone number").fill("+1 555 014 2001");
  await page.getByRole("button", { name: "Text me a code" }).click();
  await page.getByLabel("Code").waitFor();
  const code = await readSmsCode(alice, "+15550142001", "mailbox");
  await page.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("alert").filter({ hasText: "Invalid OTP" }).waitFor();
  await page.screenshot({ path: join(shots, "06-phone-code.png") });
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByTestId("phone-verified").waitFor();
  assert.equal(await page.getByTestId("phone-number").textContent(), "+15550142001");
  await page.screenshot({ path: join(shots, "07-phone.png") });
  await checkScreen(page, state, "phone");
  const session = await (await page.request.get(`${base}/api/auth/get-session`)).json();
  assert.equal(session?.user?.phoneNumber, "+15550142001");
  assert.equal(session?.user?.phoneNumberVerified, true);

  // Changing the number works the same way; national spelling is read as a US number.
  await page.getByLabel("Phone number").fill("(555) 014-2002");
  await page.getByRole("button", { name: "Text me a code" }).click();
  await page.getByLabel("Code").fill(await readSmsCode(alice, "+15550142002"));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByTestId("phone-number").filter({ hasText: "+15550142002" }).waitFor();
  await page.reload();
  await page.getByTestId("phone-verified").waitFor();

  // And the verified number signs Alice in with her password.
  await signOut(page);
  await page.goto(`${base}/sign-in`);
  await page.getByRole("link", { name: "Sign in with a phone number" }).click();
  await page.getByLabel("Phone number").fill("+1 555 014 2002");
  await page.getByLabel("Password").fill("wrong-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("alert").filter({ hasText: "Invalid phone number or password" }).waitFor();
  await page.screenshot({ path: join(shots, "08-sign-in-phone.png") });
  await checkScreen(page, state, "sign-in-phone");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("greeting").waitFor();

  // The seeded admin bans Bob; Bob's open session ends.
  const adminContext = await browser.newContext();
  const { page: adminPage, state: adminState } = await openPage(adminContext);
  // Banning asks for confirmation first.
  adminPage.on("dialog", (dialog) => dialog.accept());
  await adminPage.goto(`${base}/sign-in`);
  await submitSignInForm(adminPage, "admin@example.com", "admin-password-123");
  await adminPage.getByRole("link", { name: "Admin" }).click();
  const bobRow = adminPage.getByTestId("user-row").filter({ hasText: "bob@example.com" });
  await bobRow.getByRole("button", { name: "Ban" }).click();
  await bobRow.filter({ hasText: "banned" }).waitFor();
  await adminPage.screenshot({ path: join(shots, "09-admin.png") });
  await checkScreen(adminPage, adminState, "admin");
  // On a phone each user is a card: every action button lies inside the screen (none behind a sideways
  // scroll), and each cell says what it is.
  await adminPage.setViewportSize({ width: 390, height: 800 });
  for (const name of ["Unban", "Impersonate", "Sign out everywhere", "Remove"]) {
    const box = await bobRow.getByRole("button", { name }).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${name} is on screen at 390 px: ${JSON.stringify(box)}`);
  }
  const label = await bobRow
    .locator("td[data-label=Status]")
    .evaluate((td) => getComputedStyle(td, "::before").content);
  assert.match(label, /Status/);
  await adminPage.setViewportSize({ width: 1280, height: 800 });
  assert.equal(
    await bobRow
      .locator("td")
      .first()
      .evaluate((td) => getComputedStyle(td).display),
    "table-cell",
  );
  await bobPage.reload();
  await bobPage.getByRole("link", { name: "Sign in" }).first().waitFor();

  await Promise.all([alice.close(), bob.close(), adminContext.close()]);
});
