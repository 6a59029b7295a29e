// Sign-in by phone in <SignIn>, in Debian's Chromium against a real Gatehouse with the phone-number plugin and
// its rate limits on, at 390 px (light) and 1280 px (dark): the Phone tab loads its form on demand; a
// malformed number is tied to the field; the texted code (read from the harness's sender) signs in; a new
// code can be asked for until the server's rate limit answers 429, whose Retry-After holds the button off,
// said in words; wrong codes end at the server's attempt limit, said as a sentence; a user with two-step
// verification gets the second step; a number and password sign in from the password form. Every state fails
// on an axe-core WCAG 2.2 AA violation, a console error, an unexpected error answer or horizontal overflow.
import assert from "node:assert/strict";
import { test } from "node:test";
import { check, openPage } from "./page-checks.mjs";
import { PASSWORD, harnessForFile, seedUser, signInBrowser } from "./harness-session.mjs";
import { totp } from "./totp.mjs";

let server;
let browser;
harnessForFile(
  (started) => ({ server, browser } = started),
  () => ({ rateLimit: true }),
);

let numbers = 0;
let clients = 0;
/** A user with a proven phone number; answers `{ email, phone }`. */
async function seedPhoneUser(tag) {
  const user = await seedUser(server, tag);
  const phone = `+1415555${String(1000 + (++numbers % 9000)).padStart(4, "0")}`;
  await server.auth.$context.db.update({
    model: "user",
    where: [{ field: "id", value: user.id }],
    update: { phoneNumber: phone, phoneNumberVerified: true },
  });
  return { ...user, phone };
}

/** The last code the harness texted to `phone`. */
function lastCode(phone) {
  const sent = server.outbox.filter((m) => m.kind === "phone-otp" && m.phoneNumber === phone).at(-1);
  assert.ok(sent, `a code was texted to ${phone}`);
  return sent.code;
}

/** The input's description (`aria-describedby`) as text. */
const descriptionOf = (locator) =>
  locator.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
const isFocused = (locator) => locator.evaluate((el) => el === document.activeElement);

const combos = [
  { width: 390, height: 844, scheme: "light" },
  { width: 1280, height: 800, scheme: "dark" },
];

for (const combo of combos) {
  const label = `${combo.width} px, ${combo.scheme}`;
  // Each context is its own client for the rate limits (one address each).
  const newContext = () =>
    browser.newContext({
      viewport: { width: combo.width, height: combo.height },
      colorScheme: combo.scheme,
      extraHTTPHeaders: { "x-harness-client": `10.0.0.${++clients}` },
    });

  test(`SignIn by phone: on-demand form, bad number, resend until the server's cooldown, code signs in (${label})`, async () => {
    const user = await seedPhoneUser("phone");
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name) => check(page, state, name, combo);
    await page.goto(`${server.base}/?c=SignIn`);
    const signIn = page.getByTestId("gh-sign-in");
    const tab = signIn.getByRole("button", { name: "Phone", exact: true });
    await tab.click();
    assert.equal(await tab.getAttribute("aria-pressed"), "true");
    const number = signIn.getByLabel("Phone number");
    await number.waitFor();
    assert.match(await descriptionOf(number), /With your country code/);
    assert.equal(await number.getAttribute("type"), "tel");
    await at("phone-sign-in");

    // A number that isn't one: the server's sentence, under the field, which takes focus.
    state.expected = ["/phone-number/send-otp"];
    await number.fill("12");
    await signIn.getByRole("button", { name: "Text me a code" }).click();
    await signIn.locator(".gh-field-error").waitFor();
    assert.equal(await number.getAttribute("aria-invalid"), "true");
    assert.match(await descriptionOf(number), /Enter a valid phone number, with its country code\./);
    assert.equal(await isFocused(number), true);
    await at("phone-sign-in-bad-number");

    // The code step: one-time-code autocomplete, focus on the code.
    await number.fill(user.phone);
    await signIn.getByRole("button", { name: "Text me a code" }).click();
    await signIn.getByText(`We texted a code to ${user.phone}.`).waitFor();
    const code = signIn.getByLabel("Code", { exact: true });
    assert.equal(await code.getAttribute("autocomplete"), "one-time-code");
    assert.equal(await isFocused(code), true);
    await at("phone-sign-in-code");

    // A new code: the route allows 3 requests a minute per client (the refused number was one); the 4th
    // answers 429 with Retry-After, which holds the button off and is said in words.
    const resend = signIn.getByRole("button", { name: "Text me a new code" });
    await resend.click();
    await signIn.getByText(`We texted a new code to ${user.phone}.`).waitFor();
    state.expected = ["/phone-number/send-otp"];
    await resend.click();
    await signIn.getByText("Too many attempts. Please wait a moment and try again.").waitFor();
    await signIn.getByText(/You can ask for a new code in \d+ s\./).waitFor();
    assert.equal(await resend.isDisabled(), true);
    await at("phone-sign-in-cooldown");

    // The last code sent signs in.
    await code.fill(lastCode(user.phone));
    await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByTestId("signed-in").waitFor();
    await context.close();
  });

  test(`SignIn by phone: wrong codes end at the server's limit, said as a sentence (${label})`, async () => {
    const user = await seedPhoneUser("phone-wrong");
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name) => check(page, state, name, combo);
    await page.goto(`${server.base}/?c=SignIn`);
    const signIn = page.getByTestId("gh-sign-in");
    await signIn.getByRole("button", { name: "Phone", exact: true }).click();
    await signIn.getByLabel("Phone number").fill(user.phone);
    await signIn.getByRole("button", { name: "Text me a code" }).click();
    const code = signIn.getByLabel("Code", { exact: true });
    await code.waitFor();
    const right = lastCode(user.phone);
    const wrong = right === "000000" ? "111111" : "000000";
    state.expected = ["/phone-number/verify"];
    // allowedAttempts is 3: three wrong codes are "not right", tied to the field.
    for (let i = 0; i < 3; i++) {
      await code.fill(wrong);
      const answered = page.waitForResponse((r) => r.url().endsWith("/phone-number/verify"));
      await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
      assert.equal((await answered).status(), 400);
      await signIn.locator(".gh-field-error", { hasText: "That code isn't right." }).waitFor();
      assert.equal(await code.getAttribute("aria-invalid"), "true");
      assert.match(await descriptionOf(code), /That code isn't right\./);
    }
    await at("phone-sign-in-wrong-code");
    // Then even the right code is refused: the code is dead, and the sentence says to ask for a new one.
    await code.fill(right);
    await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
    await signIn.getByRole("alert").filter({ hasText: "Too many wrong codes. Ask for a new one." }).waitFor();
    await at("phone-sign-in-too-many");
    const session = await context.request.get(`${server.base}/api/auth/get-session`);
    assert.equal(await session.text(), "null");
    // A new code works.
    await signIn.getByRole("button", { name: "Text me a new code" }).click();
    await signIn.getByText(`We texted a new code to ${user.phone}.`).waitFor();
    await code.fill(lastCode(user.phone));
    await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByTestId("signed-in").waitFor();
    await context.close();
  });

  test(`SignIn by phone: the second-factor step; phone number and password (${label})`, async () => {
    const user = await seedPhoneUser("phone-2fa");
    // Two-step verification on, through the routes, as the user.
    const setup = await newContext();
    await signInBrowser(server, setup, user.email);
    const post = async (path, data) => {
      const r = await setup.request.post(`${server.base}/api/auth${path}`, { data, headers: { origin: server.base } });
      assert.equal(r.status(), 200, await r.text());
      return r.json();
    };
    const enabled = await post("/two-factor/enable", { password: PASSWORD });
    await post("/two-factor/verify-totp", { code: totp(enabled.totpURI) });
    await setup.close();

    const context = await newContext();
    const { page, state } = await openPage(context);
    await page.goto(`${server.base}/?c=SignIn`);
    const signIn = page.getByTestId("gh-sign-in");
    await signIn.getByRole("button", { name: "Phone", exact: true }).click();
    await signIn.getByLabel("Phone number").fill(user.phone);
    await signIn.getByRole("button", { name: "Text me a code" }).click();
    await signIn.getByLabel("Code", { exact: true }).fill(lastCode(user.phone));
    await signIn.getByRole("button", { name: "Sign in", exact: true }).click();
    const step = page.getByTestId("gh-two-factor");
    await step.getByRole("heading", { name: "Two-step verification" }).waitFor();
    await check(page, state, "phone-sign-in-two-factor", combo);
    await step.getByRole("button", { name: "Backup code" }).click();
    await step.getByLabel("Backup code").fill(enabled.backupCodes[0]);
    await step.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("signed-in").waitFor();
    await context.close();

    // The password form takes a number (E.164, "+" first): a wrong password is the server's sentence.
    const other = await seedPhoneUser("phone-password");
    const second = await newContext();
    const opened = await openPage(second);
    await opened.page.goto(`${server.base}/?c=SignIn`);
    const form = opened.page.getByTestId("gh-sign-in");
    await form.getByLabel("Email or username").fill(other.phone);
    await form.getByLabel("Password").fill("not-the-password");
    opened.state.expected = ["/sign-in/phone-number"];
    await form.getByRole("button", { name: "Sign in", exact: true }).click();
    await form.getByText("That phone number and password don't match an account.").waitFor();
    await check(opened.page, opened.state, "phone-password-wrong", combo);
    await form.getByLabel("Password").fill(PASSWORD);
    await form.getByRole("button", { name: "Sign in", exact: true }).click();
    await opened.page.getByTestId("signed-in").waitFor();
    await second.close();
  });
}
