// <OrganizationSettings>' team members in Debian's Chromium against a real Gatehouse server (organization
// plugin with teams), at 390 px (light) and 1280 px (dark): a team's members with their names (read from the
// organization's member list already loaded, no request per row), add and remove for whom the server's
// has-permission allows, read-only for a plain member. Every state fails on an axe-core WCAG 2.2 AA
// violation, a console error, a failed or unexpected error request, or horizontal overflow.
import assert from "node:assert/strict";
import { test } from "node:test";
import { check, holdRequests, openPage } from "./page-checks.mjs";
import {
  seedUser as seedHarnessUser,
  signInBrowser as signInHarnessBrowser,
  unique,
  harnessForFile,
} from "./harness-session.mjs";

let server;
let browser;
harnessForFile((started) => ({ server, browser } = started));
const seedUser = (tag) => seedHarnessUser(server, tag);
const signInBrowser = (context, email, organizationId) => signInHarnessBrowser(server, context, email, organizationId);

const isFocused = (locator) => locator.evaluate((el) => el === document.activeElement);

const combos = [
  { width: 390, height: 844, scheme: "light" },
  { width: 1280, height: 800, scheme: "dark" },
];

for (const combo of combos) {
  const label = `${combo.width} px, ${combo.scheme}`;
  const newContext = () =>
    browser.newContext({ viewport: { width: combo.width, height: combo.height }, colorScheme: combo.scheme });

  test(`OrganizationSettings team members: names, loading, add, remove; a member reads only (${label})`, async () => {
    const owner = await seedUser("owner");
    const slug = unique("globex");
    const org = await server.auth.api.createOrganization({ body: { name: "Globex", slug, userId: owner.id } });
    const bob = await seedUser("bob");
    const cy = await seedUser("cy");
    for (const u of [bob, cy])
      await server.auth.api.addMember({ body: { userId: u.id, organizationId: org.id, role: "member" } });

    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    await signInBrowser(context, owner.email, org.id);
    await page.goto(`${server.base}/?c=Organization&pageSize=2`);
    const teams = page.getByTestId("gh-organization-teams");
    const toggle = teams.getByRole("button", { name: "Members of Globex" });
    await toggle.waitFor();
    await page.getByTestId("gh-organization-members").getByText(owner.email).waitFor();
    await page.waitForLoadState("networkidle");
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");

    // Opening the team: one list-team-members request (held to show the loading state), nothing per row.
    const asked = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/auth/")) asked.push(new URL(r.url()).pathname);
    });
    const hold = await holdRequests(page, "**/api/auth/organization/list-team-members?*");
    await toggle.click();
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    const panel = teams.getByTestId("gh-team-members");
    await hold.firstHeld;
    await panel.getByText("Loading…").waitFor();
    await at("org-team-members-loading", { idle: false });
    await hold.release();
    const list = panel.getByRole("list", { name: "Members of Globex" });
    await list.getByText(owner.name).waitFor();
    await page.waitForLoadState("networkidle");
    // (A session refresh the client may make on its own is not about the team.)
    assert.deepEqual(
      asked.filter((p) => !p.endsWith("/get-session")),
      ["/api/auth/organization/list-team-members"],
    );
    await at("org-team-members");

    // Add: the select offers the loaded members not in the team (cy comes from the full organization,
    // beyond the members card's first page of two).
    const select = panel.getByLabel("Add to Globex");
    const offered = await select.locator("option").allTextContents();
    assert.deepEqual([...offered].sort(), [bob.name, cy.name]);
    await select.selectOption({ label: bob.name });
    await panel.getByRole("button", { name: "Add", exact: true }).click();
    await panel
      .getByRole("status")
      .filter({ hasText: `${bob.name} is in Globex now.` })
      .waitFor();
    await list.getByText(bob.name).waitFor();
    assert.deepEqual(await select.locator("option").allTextContents(), [cy.name]);
    await at("org-team-members-added");

    // Remove: a confirmation that takes focus; then gone (from the server too).
    await panel.getByRole("button", { name: `Remove ${bob.name} from Globex` }).click();
    const question = panel.locator(".gh-confirm p");
    await question.waitFor();
    assert.equal(await isFocused(question), true);
    await at("org-team-members-confirm-remove");
    await panel.locator(".gh-confirm").getByRole("button", { name: "Remove" }).click();
    await panel
      .getByRole("status")
      .filter({ hasText: `${bob.name} is no longer in Globex.` })
      .waitFor();
    const team = (
      await server.auth.$context.db.findMany({ model: "team", where: [{ field: "organizationId", value: org.id }] })
    )[0];
    const rows = await server.auth.$context.db.findMany({
      model: "teamMember",
      where: [{ field: "teamId", value: team.id }],
    });
    assert.deepEqual(
      rows.map((r) => r.userId),
      [owner.id],
    );
    await context.close();

    // A plain member sees the team's members with names, and no add or remove control.
    const memberContext = await newContext();
    const seen = await openPage(memberContext);
    await signInBrowser(memberContext, cy.email, org.id);
    await seen.page.goto(`${server.base}/?c=Organization`);
    const theirTeams = seen.page.getByTestId("gh-organization-teams");
    await theirTeams.getByRole("button", { name: "Members of Globex" }).click();
    const theirPanel = theirTeams.getByTestId("gh-team-members");
    await theirPanel.getByText(owner.name).waitFor();
    await seen.page.waitForLoadState("networkidle");
    assert.equal(await theirPanel.getByRole("button").count(), 0);
    assert.equal(await theirPanel.getByRole("combobox").count(), 0);
    await check(seen.page, seen.state, "org-team-members-read-only", combo);
    // The server refuses what the UI does not offer: adding over HTTP with the member's cookie.
    const cookie = (await memberContext.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const refused = await fetch(`${server.base}/api/auth/organization/add-team-member`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base, cookie },
      body: JSON.stringify({ teamId: team.id, userId: cy.id }),
    });
    assert.equal(refused.status, 403);
    assert.equal((await refused.json()).code, "NOT_ALLOWED_TO_UPDATE_TEAM");
    await memberContext.close();
  });
}
