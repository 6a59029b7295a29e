// The admin dashboard (/api/auth/dashboard) in Debian's Chromium, against the example app: every page
// shows real data, destructive actions go through a confirmation dialog (cancel changes nothing), the
// ban is enforced at sign-in, impersonation lands on the app as the user; a non-admin gets the 403
// page, and a stranger is sent to sign in and then back. The seeded support agent (a custom role: look
// up, no actions) sees only what the role grants, and the server refuses the rest. The admin's page talks to its own origin
// only, with no console error or CSP violation. One screenshot per page in test-output/browser/; each page
// is also checked at 390 and 1280 px, light and dark (page-checks.mjs's checkScreen: axe, overflow,
// console errors, failed requests), into test-output/screens/dashboard-*.png.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { checkScreen, openPage } from "../../../packages/react-ui/e2e/page-checks.mjs";
import { shots, startExampleApp, submitSignInForm } from "./start-example-app.mjs";

const password = "dashboard-password-1";
// The admin auth.mjs seeds in every database.
const adminEmail = "admin@example.com";
const adminPassword = "admin-password-123";
const userEmail = "pat@example.com";
// The support agent auth.mjs seeds too: a custom role that may look things up but change nothing.
const supportEmail = "support@example.com";
const supportPassword = "support-password-123";

let app;
let base;
let browser;

before(async () => {
  app = await startExampleApp({
    tag: "dashboard",
    env: { GATEHOUSE_RATE_LIMIT: "off" },
  });
  ({ base, browser } = app);
});

after(() => app?.stop());

/** A JSON call to the auth server as a browser of the app's origin would make it. */
async function http(path, { body, cookie, method = body ? "POST" : "GET" } = {}) {
  const res = await fetch(`${base}/api/auth${path}`, {
    method,
    redirect: "manual",
    headers: {
      origin: base,
      ...(body ? { "content-type": "application/json" } : {}),
      ...(cookie ? { cookie } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  // Cleared cookies (Max-Age=0) are dropped; the rest are what a browser would send next.
  const setCookie = res.headers
    .getSetCookie()
    .filter((c) => !/max-age=0\b/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: res.status, json, text, cookie: setCookie || cookie, headers: res.headers };
}

const signIn = (email, pass = password) => http("/sign-in/email", { body: { email, password: pass } });

/** A browser context already signed in with `cookie` (name=value pairs from the HTTP sign-in). */
async function contextWith(cookie) {
  const context = await browser.newContext();
  const cookies = cookie.split("; ").map((pair) => {
    const i = pair.indexOf("=");
    return { name: pair.slice(0, i), value: pair.slice(i + 1), url: base };
  });
  await context.addCookies(cookies);
  return context;
}

/**
 * Records what must not happen on an admin's page: other origins, console errors, uncaught errors (and,
 * with page-checks.mjs's openPage, failed requests and error answers) into `problems`.
 */
function watch(page, problems = []) {
  const origin = new URL(base).origin;
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.protocol !== "data:" && url.origin !== origin) problems.push(`request to ${req.url()}`);
  });
  page.on("console", (msg) => {
    if (msg.type() === "error" || /Content Security Policy/i.test(msg.text()))
      problems.push(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

test("an admin runs the dashboard: overview, users, ban, role, sessions, keys, audit log, impersonation", async () => {
  // A plain user with an organization and an API key, and one refused sign-in for the charts.
  const admin = await signIn(adminEmail, adminPassword);
  assert.equal(admin.status, 200, admin.text);
  const pat = await http("/sign-up/email", { body: { name: "Pat Doe", email: userEmail, password } });
  assert.equal(pat.status, 200, pat.text);
  const patId = pat.json.user.id;
  const org = await http("/organization/create", { body: { name: "Acme Corp", slug: "acme" }, cookie: pat.cookie });
  assert.equal(org.status, 200, org.text);
  const key = await http("/api-key/create", { body: { name: "ci-deploy" }, cookie: pat.cookie });
  assert.equal(key.status, 200, key.text);
  assert.equal((await signIn(userEmail, "wrong-password-1")).status, 401);

  const context = await browser.newContext();
  const { page, state } = await openPage(context);
  const problems = watch(page, state.problems);

  // Sign in through the app; admins get a Dashboard link in the header.
  await page.goto(`${base}/sign-in`);
  await submitSignInForm(page, adminEmail, adminPassword);
  await page.getByTestId("greeting").waitFor();
  await page.getByRole("link", { name: "Dashboard" }).click();
  await page.waitForURL(`${base}/api/auth/dashboard`);

  // Overview: totals and the three charts, with data from the sign-ups above.
  await page.getByRole("heading", { name: "Overview" }).waitFor();
  const stats = page.getByTestId("stat");
  await stats.first().waitFor();
  const cards = await stats.allInnerTexts();
  const count = (label) =>
    Number(
      cards
        .find((c) => c.endsWith(`\n${label}`))
        ?.split("\n")[0]
        .replace(/\D/g, ""),
    );
  assert.ok(count("Users") >= 2, cards.join(" | "));
  assert.equal(count("Banned users"), 0);
  assert.equal(count("Organizations"), 1);
  assert.equal(count("API keys"), 1);
  assert.ok(count("Active sessions") >= 2);
  const signUps = page.getByTestId("chart-signUps");
  assert.ok(Number(await signUps.locator(".chart-total").textContent()) >= 2);
  assert.ok(Number(await page.getByTestId("chart-failedSignIns").locator(".chart-total").textContent()) >= 1);
  await page.getByRole("img", { name: /Sign-ups per day/ }).waitFor();
  await page.screenshot({ path: join(shots, "dashboard-overview.png"), fullPage: true });
  await checkScreen(page, state, "dashboard-overview");

  // Users: both listed; the search narrows to one.
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await page.getByTestId("user-row").filter({ hasText: userEmail }).waitFor();
  await page.getByTestId("user-row").filter({ hasText: adminEmail }).waitFor();
  await page.screenshot({ path: join(shots, "dashboard-users.png"), fullPage: true });
  await checkScreen(page, state, "dashboard-users");
  // An embedding page forces a scheme with data-theme on .gh-dash (<Dashboard theme>): it wins over
  // prefers-color-scheme either way, and no attribute follows the system.
  const background = () => page.locator(".gh-dash").evaluate((el) => getComputedStyle(el).backgroundColor);
  const setTheme = (theme) =>
    page
      .locator(".gh-dash")
      .evaluate((el, t) => (t ? el.setAttribute("data-theme", t) : el.removeAttribute("data-theme")), theme);
  const lightBg = "rgb(245, 246, 248)";
  const darkBg = "rgb(15, 18, 24)";
  await page.emulateMedia({ colorScheme: "dark" });
  assert.equal(await background(), darkBg);
  await setTheme("light");
  assert.equal(await background(), lightBg);
  await page.emulateMedia({ colorScheme: "light" });
  assert.equal(await background(), lightBg);
  await setTheme("dark");
  assert.equal(await background(), darkBg);
  await setTheme(null);
  assert.equal(await background(), lightBg);
  await page.getByLabel("Search", { exact: true }).fill("pat@");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-row"]').length === 1);
  await page.getByRole("link", { name: "Pat Doe" }).click();

  // User detail: accounts, the session, the organization and the API key.
  await page.getByRole("heading", { name: "Pat Doe" }).waitFor();
  await page.getByRole("cell", { name: "credential", exact: true }).waitFor();
  await page.getByRole("link", { name: "Acme Corp" }).waitFor();
  await page.getByRole("cell", { name: "ci-deploy", exact: true }).waitFor();
  assert.ok((await page.getByTestId("session-row").count()) >= 1);
  // The passkey plugin is installed: the card is there, empty for a password user.
  await page.getByRole("heading", { name: "Passkeys" }).waitFor();
  await page.getByText("No passkeys.").waitFor();
  await page.screenshot({ path: join(shots, "dashboard-user.png"), fullPage: true });
  await checkScreen(page, state, "dashboard-user");

  // On a phone (390 px): one column, no sideways scrolling of the page, no sidebar band behind the
  // headings, the navigation one row.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("heading", { name: "Pat Doe" }).waitFor();
  const phone = await page.evaluate(() => {
    const app = document.querySelector(".app");
    const links = [...document.querySelectorAll(".sidebar nav a")].map((a) => a.getBoundingClientRect().top);
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      band: getComputedStyle(app).backgroundImage,
      navRows: new Set(links.map((top) => Math.round(top))).size,
    };
  });
  assert.deepEqual(phone, { overflow: 0, band: "none", navRows: 1 });
  await page.screenshot({ path: join(shots, "dashboard-user-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Ban, cancelled: the dialog names the user and nothing changes.
  await page.getByRole("button", { name: "Ban", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Ban ${userEmail}?` });
  await dialog.waitFor();
  assert.equal(
    await dialog.getByRole("button", { name: "Cancel" }).evaluate((b) => b === document.activeElement),
    true,
  );
  await dialog.getByLabel("Reason (optional)").fill("Spam");
  await page.screenshot({ path: join(shots, "dashboard-confirm.png") });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
  assert.equal((await http("/get-session", { cookie: pat.cookie })).json?.user?.email, userEmail);
  assert.equal(await page.getByText("Banned", { exact: true }).count(), 0);

  // Delete, dismissed with Escape: the user stays.
  await page.getByRole("button", { name: "Delete user" }).click();
  const deleting = page.getByRole("dialog", { name: `Delete ${userEmail}?` });
  await deleting.getByText("cannot be undone").waitFor();
  await page.keyboard.press("Escape");
  await deleting.waitFor({ state: "detached" });
  assert.equal((await http("/get-session", { cookie: pat.cookie })).json?.user?.email, userEmail);

  // Ban, confirmed (slowed down: while it runs the button is disabled and a second submit sends
  // nothing): the page shows it, the user's session is gone and sign-in is refused.
  let banRequests = 0;
  page.on("request", (req) => req.url().endsWith("/admin/ban-user") && banRequests++);
  await page.route("**/api/auth/admin/ban-user", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.getByRole("button", { name: "Ban", exact: true }).click();
  await dialog.getByLabel("Reason (optional)").fill("Spam");
  await dialog.getByRole("button", { name: "Ban user" }).click();
  const working = dialog.getByRole("button", { name: "Working…" });
  await working.waitFor();
  assert.equal(await working.isDisabled(), true);
  await dialog.getByLabel("Reason (optional)").press("Enter");
  await dialog.waitFor({ state: "detached" });
  await page.unroute("**/api/auth/admin/ban-user");
  assert.equal(banRequests, 1);
  await page.getByTestId("ban-reason").filter({ hasText: "Spam" }).waitFor();
  await page.getByText("Banned", { exact: true }).first().waitFor();
  assert.equal((await http("/get-session", { cookie: pat.cookie })).json?.user ?? null, null);
  const refused = await signIn(userEmail);
  assert.equal(refused.status, 403, refused.text);
  assert.equal(refused.json.code, "BANNED_USER");

  // Unban, so the rest can go on.
  await page.getByRole("button", { name: "Unban", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unban user" }).click();
  await page.getByRole("button", { name: "Ban", exact: true }).waitFor();
  const back = await signIn(userEmail);
  assert.equal(back.status, 200, back.text);
  await signIn(userEmail);

  // Role: user → admin, confirmed; the server has it.
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await page.getByRole("button", { name: "Change role" }).click();
  await page.getByRole("dialog").getByText("to admin").waitFor();
  await page.getByRole("dialog").getByRole("button", { name: "Change role" }).click();
  await page.getByRole("status").filter({ hasText: "Role changed." }).waitFor();
  const listed = await page.request.get(
    `${base}/api/auth/admin/list-users?filterField=email&filterValue=${encodeURIComponent(userEmail)}`,
  );
  assert.equal((await listed.json()).users[0].role, "admin");
  // And back, so impersonation (refused for admins) works below.
  await page.getByLabel("Role", { exact: true }).selectOption("user");
  await page.getByRole("button", { name: "Change role" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Change role" }).click();
  await page.getByRole("dialog").waitFor({ state: "detached" });

  // Sessions: one revoked, then all.
  await page.reload();
  const sessions = page.getByTestId("session-row");
  await sessions.first().waitFor();
  const before = await sessions.count();
  assert.ok(before >= 2, `sessions: ${before}`);
  await sessions.first().getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke session" }).click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="session-row"]').length === n, before - 1);
  await page.getByRole("button", { name: "Revoke all sessions" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke all sessions" }).click();
  await page.getByText("No active sessions.").waitFor();
  assert.equal((await http("/get-session", { cookie: back.cookie })).json?.user ?? null, null);

  // Organizations and one organization.
  await page.getByRole("link", { name: "Organizations", exact: true }).click();
  await page.getByTestId("organization-row").filter({ hasText: "Acme Corp" }).waitFor();
  await page.screenshot({ path: join(shots, "dashboard-organizations.png"), fullPage: true });
  await checkScreen(page, state, "dashboard-organizations");
  await page.getByRole("link", { name: "Acme Corp" }).click();
  await page.getByRole("heading", { name: "Acme Corp" }).waitFor();
  await page.getByTestId("members-table").getByText(userEmail).waitFor();
  await page.getByTestId("members-table").getByText("owner").waitFor();
  await page.screenshot({ path: join(shots, "dashboard-organization.png"), fullPage: true });
  await checkScreen(page, state, "dashboard-organization");

  // API keys: listed with the owner; deleted through the dialog.
  await page.getByRole("link", { name: "API keys", exact: true }).click();
  const keyRow = page.getByTestId("api-key-row").filter({ hasText: "ci-deploy" });
  await keyRow.getByText(userEmail).waitFor();
  await page.screenshot({ path: join(shots, "dashboard-api-keys.png"), fullPage: true });
  await checkScreen(page, state, "dashboard-api-keys");
  await keyRow.getByRole("button", { name: /Delete/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete API key" }).click();
  await page.getByText("No API keys.").waitFor();
  const keys = await page.request.get(`${base}/api/auth/dashboard/api/list-api-keys`);
  assert.equal((await keys.json()).total, 0);

  // Audit log: filtered by type, the ban is there, naming the admin as actor.
  await page.getByRole("link", { name: "Audit log", exact: true }).click();
  await page.getByTestId("audit-row").first().waitFor();
  await page.getByLabel("Event type").fill("user.banned");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="audit-row"]')].every((r) => r.textContent.includes("user.banned")),
  );
  const rows = page.getByTestId("audit-row");
  assert.equal(await rows.count(), 1);
  assert.match(await rows.first().textContent(), /Spam/);
  // Users by name, not id: the admin (the viewer) and the banned user (named by one user-names call).
  await rows.first().getByText(`${adminEmail} (you)`).waitFor();
  await rows.first().getByText(`Pat Doe (${userEmail})`).waitFor();
  await page.screenshot({ path: join(shots, "dashboard-audit-log.png"), fullPage: true });
  await checkScreen(page, state, "dashboard-audit-log");

  // Impersonation: from the user's page, lands on the app signed in as the user.
  await page.goto(`${base}/api/auth/dashboard#/users/${encodeURIComponent(patId)}`);
  await page.getByRole("button", { name: "Impersonate" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Impersonate" }).click();
  await page.waitForURL(`${base}/`);
  await page.getByText(`Impersonating ${userEmail}`).waitFor();
  const session = await (await page.request.get(`${base}/api/auth/get-session`)).json();
  assert.equal(session.user.email, userEmail);
  assert.equal(session.session.impersonatedBy, admin.json.user.id);

  // The dashboard, opened while impersonating, offers only the way back to the admin's own session.
  await page.goto(`${base}/api/auth/dashboard`);
  await page.getByRole("heading", { name: `You are impersonating ${userEmail}` }).waitFor();
  assert.equal(await page.getByRole("link", { name: "Users", exact: true }).count(), 0);
  await page.getByRole("button", { name: "Stop impersonating" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();
  assert.equal((await (await page.request.get(`${base}/api/auth/get-session`)).json()).user.email, adminEmail);

  assert.deepEqual(problems, []);
  await context.close();
});

test("a non-admin gets the 403 page; a stranger signs in first and returns to the dashboard", async () => {
  const sam = await http("/sign-up/email", { body: { name: "Sam", email: "sam@example.com", password } });
  assert.equal(sam.status, 200, sam.text);
  const context = await contextWith(sam.cookie);
  const { page, state } = await openPage(context);
  state.expected.push("/api/auth/dashboard");
  const refused = await page.goto(`${base}/api/auth/dashboard`);
  assert.equal(refused.status(), 403);
  await page.screenshot({ path: join(shots, "dashboard-403.png") });
  // The refusal page is styled, light and dark, readable on a phone.
  await page.getByRole("heading", { level: 1 }).waitFor();
  await checkScreen(page, state, "dashboard-403");
  // The JSON API refuses too, whatever the page would show.
  const me = await page.request.get(`${base}/api/auth/dashboard/api/me`);
  assert.equal(me.status(), 403);
  await context.close();

  // A stranger is sent to the app's sign-in page, and comes back to the dashboard once signed in.
  const stranger = await fetch(`${base}/api/auth/dashboard`, { redirect: "manual" });
  assert.equal(stranger.status, 302);
  assert.match(stranger.headers.get("location") ?? "", /^\/sign-in\?callbackURL=/);
  const api = await fetch(`${base}/api/auth/dashboard/api/me`);
  assert.equal(api.status, 401);
  const strangerContext = await browser.newContext();
  const strangerPage = await strangerContext.newPage();
  await strangerPage.goto(`${base}/api/auth/dashboard`);
  await strangerPage.waitForURL(/\/sign-in\?callbackURL=/);
  await submitSignInForm(strangerPage, adminEmail, adminPassword);
  await strangerPage.waitForURL(`${base}/api/auth/dashboard`);
  await strangerPage.getByRole("heading", { name: "Overview" }).waitFor();
  await strangerContext.close();
});

test("a support agent sees only what the custom role grants; the server refuses the rest", async () => {
  // Someone to look up: a session, an organization and an API key.
  const robinEmail = "robin@example.com";
  const robin = await http("/sign-up/email", { body: { name: "Robin Roe", email: robinEmail, password } });
  assert.equal(robin.status, 200, robin.text);
  const robinId = robin.json.user.id;
  const org = await http("/organization/create", { body: { name: "Roe Ltd", slug: "roe" }, cookie: robin.cookie });
  assert.equal(org.status, 200, org.text);
  const key = await http("/api-key/create", { body: { name: "robin-key" }, cookie: robin.cookie });
  assert.equal(key.status, 200, key.text);

  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watch(page);

  // Sign in through the app; the support role gets the Dashboard link but not the admin page.
  await page.goto(`${base}/sign-in`);
  await submitSignInForm(page, supportEmail, supportPassword);
  await page.getByTestId("greeting").waitFor();
  assert.equal(await page.getByRole("link", { name: "Admin", exact: true }).count(), 0);
  await page.getByRole("link", { name: "Dashboard" }).click();
  await page.waitForURL(`${base}/api/auth/dashboard`);
  await page.getByRole("heading", { name: "Overview" }).waitFor();

  // The server reports exactly the role's grants; the sidebar has no API keys entry.
  const me = await (await page.request.get(`${base}/api/auth/dashboard/api/me`)).json();
  assert.deepEqual(me.permissions, {
    dashboard: ["view"],
    user: ["list", "get"],
    session: ["list"],
    organization: ["list", "get"],
    auditLog: ["list"],
  });
  const nav = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link");
  // SSO too: the example installs the sso plugin, and its page needs only organization: get.
  assert.deepEqual(await nav.allInnerTexts(), ["Overview", "Users", "Organizations", "Audit log", "SSO"]);
  assert.equal(await page.getByRole("link", { name: "API keys", exact: true }).count(), 0);
  // Typing the address in does not open it either.
  await page.goto(`${base}/api/auth/dashboard#/api-keys`);
  await page.getByRole("heading", { name: "Not found" }).waitFor();
  assert.equal(await page.getByTestId("api-key-row").count(), 0);

  // The user's page: profile, role, sessions and organizations, read-only; no API keys.
  await page.goto(`${base}/api/auth/dashboard#/users`);
  await page.getByRole("link", { name: "Robin Roe" }).click();
  await page.getByRole("heading", { name: "Robin Roe" }).waitFor();
  await page.getByRole("cell", { name: "credential", exact: true }).waitFor();
  await page.getByRole("link", { name: "Roe Ltd" }).waitFor();
  await page.getByTestId("audit-row").first().waitFor();
  assert.ok((await page.getByTestId("session-row").count()) >= 1);
  for (const name of ["Ban", "Unban", "Delete user", "Impersonate", "Revoke", "Revoke all sessions", "Change role"])
    assert.equal(await page.getByRole("button", { name, exact: true }).count(), 0, `button ${name}`);
  assert.equal(await page.getByRole("combobox", { name: "Role" }).count(), 0);
  assert.equal(await page.getByRole("heading", { name: "API keys" }).count(), 0);
  assert.equal(await page.getByRole("cell", { name: "robin-key", exact: true }).count(), 0);
  await page.screenshot({ path: join(shots, "dashboard-support-user.png"), fullPage: true });

  // Organizations and the audit log open.
  await page.getByRole("link", { name: "Organizations", exact: true }).click();
  await page.getByTestId("organization-row").filter({ hasText: "Roe Ltd" }).waitFor();
  await page.getByRole("link", { name: "Audit log", exact: true }).click();
  await page.getByTestId("audit-row").first().waitFor();
  assert.deepEqual(problems, []);

  // Hiding is a convenience: the server refuses every action, called as this page would call it (the
  // page's own fetch, so its cookies and its real Origin).
  const call = (path, body) =>
    page.evaluate(
      async ([path, body]) => {
        const res = await fetch(`/api/auth${path}`, {
          method: body ? "POST" : "GET",
          headers: body ? { "content-type": "application/json" } : {},
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { status: res.status, json: await res.json().catch(() => null) };
      },
      [path, body],
    );
  const keys = await call("/dashboard/api/list-api-keys");
  assert.equal(keys.status, 403);
  assert.equal(keys.json.code, "DASHBOARD_PERMISSION_DENIED");
  const ban = await call("/admin/ban-user", { userId: robinId, banReason: "support tried" });
  assert.equal(ban.status, 403);
  assert.equal(ban.json.code, "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS");
  for (const [path, body] of [
    ["/admin/set-role", { userId: robinId, role: "admin" }],
    ["/admin/impersonate-user", { userId: robinId }],
    ["/admin/revoke-user-sessions", { userId: robinId }],
    ["/admin/set-user-password", { userId: robinId, newPassword: "taken-over-123" }],
    ["/admin/remove-user", { userId: robinId }],
    ["/dashboard/api/delete-api-key", { id: key.json.id }],
  ]) {
    const refused = await call(path, body);
    assert.equal(refused.status, 403, `${path}: ${JSON.stringify(refused.json)}`);
  }
  // Nothing changed: Robin is still signed in, not banned, still a plain user, and the key is there.
  const session = await http("/get-session", { cookie: robin.cookie });
  assert.equal(session.json?.user?.email, robinEmail);
  assert.equal(session.json.user.role, "user");
  assert.equal(session.json.user.banned, false);
  const admin = await signIn(adminEmail, adminPassword);
  const list = await http(`/dashboard/api/list-api-keys?userId=${encodeURIComponent(robinId)}`, {
    cookie: admin.cookie,
  });
  assert.deepEqual(
    list.json.apiKeys.map((k) => k.name),
    ["robin-key"],
  );
  await context.close();
});

test("an admin manages OAuth clients: list, detail, disable and enable, rotate the secret once, delete", async () => {
  const admin = await signIn(adminEmail, adminPassword);
  assert.equal(admin.status, 200, admin.text);
  const created = await http("/oauth2/admin/create-client", {
    body: { name: "Browser partner", redirectUris: ["https://partner.example.org/cb"] },
    cookie: admin.cookie,
  });
  assert.equal(created.status, 200, created.text);
  const clientId = created.json.client.clientId;
  const firstSecret = created.json.clientSecret;
  // Whether the client authenticates with `secret`: introspection answers it 200, anything else 401.
  const secretWorks = async (secret) => {
    const res = await fetch(`${base}/api/auth/oauth2/introspect`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
      },
      body: new URLSearchParams({ token: "nothing" }),
    });
    await res.arrayBuffer();
    return res.status === 200;
  };
  assert.equal(await secretWorks(firstSecret), true);

  const context = await contextWith(admin.cookie);
  const { page, state } = await openPage(context);
  const problems = watch(page, state.problems);
  await page.goto(`${base}/api/auth/dashboard#/oauth-clients`);
  await page.getByRole("heading", { name: "OAuth clients" }).waitFor();
  // The configured demo clients are listed, read-only; the new one next to them.
  await page.getByTestId("oauth-client-row").filter({ hasText: "Partner app" }).first().waitFor();
  await page.getByTestId("oauth-client-row").filter({ hasText: "Living-room TV" }).waitFor();
  const row = page.getByTestId("oauth-client-row").filter({ hasText: clientId });
  await row.waitFor();
  await page.screenshot({ path: join(shots, "dashboard-oauth-clients.png"), fullPage: true });
  await checkScreen(page, state, "dashboard-oauth-clients");
  await row.getByRole("link", { name: "Browser partner" }).click();
  await page.getByRole("heading", { name: "Browser partner" }).waitFor();
  await page.getByText("https://partner.example.org/cb").waitFor();

  // Disable: the client stops authenticating; enable: it works again.
  await page.getByRole("button", { name: "Disable", exact: true }).click();
  await page.getByText("Browser partner disabled").waitFor();
  assert.equal(await secretWorks(firstSecret), false);
  await page.getByRole("button", { name: "Enable", exact: true }).click();
  await page.getByText("Browser partner enabled.").waitFor();
  assert.equal(await secretWorks(firstSecret), true);

  // Rotate, cancelled: nothing changes. Confirmed: the new secret is shown once and is the only one working.
  await page.getByRole("button", { name: "Rotate secret" }).click();
  const rotating = page.getByRole("dialog", { name: "Rotate this client's secret?" });
  await rotating.getByRole("button", { name: "Cancel" }).click();
  await rotating.waitFor({ state: "detached" });
  assert.equal(await secretWorks(firstSecret), true);
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await rotating.getByRole("button", { name: "Rotate secret" }).click();
  const shown = page.getByTestId("new-client-secret");
  await shown.waitFor();
  const newSecret = (await shown.locator(".mono").textContent()).trim();
  assert.match(newSecret, /^[A-Za-z0-9]{48}$/);
  await page.screenshot({ path: join(shots, "dashboard-oauth-client.png"), fullPage: true });
  await checkScreen(page, state, "dashboard-oauth-client");
  assert.equal(await secretWorks(firstSecret), false);
  assert.equal(await secretWorks(newSecret), true);
  // Never shown again: a reload shows no secret.
  await page.reload();
  await page.getByRole("heading", { name: "Browser partner" }).waitFor();
  assert.equal(await page.getByTestId("new-client-secret").count(), 0);

  // Delete, confirmed: back to the list without it; the client no longer exists.
  await page.getByRole("button", { name: "Delete client" }).click();
  const deleting = page.getByRole("dialog", { name: "Delete this client?" });
  await deleting.getByText("cannot be undone").waitFor();
  await deleting.getByRole("button", { name: "Delete client" }).click();
  await page.getByRole("heading", { name: "OAuth clients" }).waitFor();
  await page.getByTestId("oauth-client-row").filter({ hasText: "Living-room TV" }).waitFor();
  assert.equal(await page.getByTestId("oauth-client-row").filter({ hasText: clientId }).count(), 0);
  assert.equal(await secretWorks(newSecret), false);
  const gone = await http(`/oauth2/admin/get-client?clientId=${clientId}`, { cookie: admin.cookie });
  assert.equal(gone.status, 404);
  assert.deepEqual(problems, []);
  await context.close();
});
