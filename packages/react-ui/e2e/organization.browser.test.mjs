// <OrganizationSwitcher>, <OrganizationSettings> and <AcceptInvitation> in Debian's Chromium against a
// real Gatehouse server (organization plugin with teams), at 390 px (light) and 1280 px (dark). Every
// state — empty, loading, error, filled, confirming — fails the test on an axe-core WCAG 2.2 AA
// violation, a console error, a failed or unexpected error request, or horizontal overflow.
import assert from "node:assert/strict";
import { test } from "node:test";
import { check, holdRequests, openPage } from "./page-checks.mjs";
import {
  PASSWORD,
  seedUser as seedHarnessUser,
  signInBrowser as signInHarnessBrowser,
  unique,
  harnessForFile,
} from "./harness-session.mjs";

let server;
let browser;
harnessForFile((started) => ({ server, browser } = started));
const seedUser = (tag, options) => seedHarnessUser(server, tag, options);
const signInBrowser = (context, email) => signInHarnessBrowser(server, context, email);

/** An organization created server side for `owner` (not made active anywhere). */
async function seedOrganization(owner, name = "Acme") {
  const slug = unique(name.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
  const org = await server.auth.api.createOrganization({ body: { name, slug, userId: owner.id } });
  return org;
}

/** The same user over plain HTTP, as an attacker with their cookie would call the API. */
async function httpAs(email) {
  const signIn = await fetch(`${server.base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return async (path, body) => {
    const r = await fetch(`${server.base}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base, cookie },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: await r.json().catch(() => null) };
  };
}

const combos = [
  { width: 390, height: 844, scheme: "light" },
  { width: 1280, height: 800, scheme: "dark" },
];

for (const combo of combos) {
  const label = `${combo.width} px, ${combo.scheme}`;
  const newContext = () =>
    browser.newContext({ viewport: { width: combo.width, height: combo.height }, colorScheme: combo.scheme });

  test(`OrganizationSwitcher: empty, create (invalid slug, taken slug), paged list, keyboard switch (${label})`, async () => {
    const owner = await seedUser("switcher");
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    await signInBrowser(context, owner.email);
    await page.goto(`${server.base}/?c=Organization&pageSize=2`);
    const switcher = page.getByTestId("gh-organization-switcher");
    const trigger = switcher.getByRole("button", { name: "Organization: Personal account" });
    await trigger.waitFor();
    await page.getByText("Choose an organization to see its settings.").waitFor();
    await at("org-empty");

    // Loading: the list request held; the panel says so.
    const hold = await holdRequests(page, "**/api/auth/organization/list?*");
    await trigger.focus();
    await page.keyboard.press("Enter");
    assert.equal(await trigger.getAttribute("aria-expanded"), "true");
    await hold.firstHeld;
    await switcher.getByText("Loading…").waitFor();
    await at("org-switcher-loading", { idle: false });
    await hold.release();
    const listbox = switcher.getByRole("listbox", { name: "Your organizations" });
    await listbox.waitFor();
    await switcher.getByText("You aren't in any organization yet.").waitFor();
    // The listbox has focus, its active option is the selected one (personal).
    assert.equal(await listbox.evaluate((el) => el === document.activeElement), true);
    const selected = switcher.getByRole("option", { selected: true });
    assert.equal(await selected.textContent(), "Personal account");
    assert.equal(await listbox.getAttribute("aria-activedescendant"), await selected.getAttribute("id"));
    await at("org-switcher-open-empty");

    // Create: a slug the rules refuse is tied to its field; the server's "taken" too; then it works.
    const taken = await seedOrganization(await seedUser("slug-owner"), "Taken");
    await switcher.getByRole("button", { name: "Create an organization" }).click();
    await switcher.getByLabel("Name").fill("Rocket Works");
    const slug = switcher.getByLabel("Address (slug)");
    assert.equal(await slug.inputValue(), "rocket-works");
    await slug.fill("Bad Slug!");
    await switcher.getByRole("button", { name: "Create organization" }).click();
    await switcher.locator(".gh-field-error", { hasText: "Use lowercase letters" }).waitFor();
    assert.equal(await slug.getAttribute("aria-invalid"), "true");
    assert.equal(await slug.evaluate((el) => el === document.activeElement), true);
    await at("org-switcher-create-invalid");
    state.expected = ["/organization/create"];
    await slug.fill(taken.slug);
    await switcher.getByRole("button", { name: "Create organization" }).click();
    await switcher.locator(".gh-field-error", { hasText: "That organization already exists." }).waitFor();
    const mySlug = unique("rocket");
    await slug.fill(mySlug);
    await switcher.getByRole("button", { name: "Create organization" }).click();
    await switcher.getByRole("button", { name: "Organization: Rocket Works" }).waitFor();
    assert.equal(await switcher.getByRole("button", { name: /^Organization:/ }).getAttribute("aria-expanded"), "false");
    // The settings on the same page follow the new active organization.
    await page.getByTestId("gh-organization-profile").getByLabel("Name").waitFor();
    assert.equal(await page.getByTestId("gh-organization-profile").getByLabel("Name").inputValue(), "Rocket Works");

    // Two more organizations: with two a page, "Show more" fetches the third by cursor.
    await seedOrganization(owner, "Beta Labs");
    // Listed in the order joined: a later millisecond, so Gamma sorts after Beta without a tie.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const gamma = await seedOrganization(owner, "Gamma Co");
    const button = switcher.getByRole("button", { name: /^Organization:/ });
    await button.focus();
    await page.keyboard.press("ArrowDown");
    await listbox.waitFor();
    // Reopened, the list is read afresh and the keyboard cursor starts on the active organization. The
    // listbox shows while the list loads (cursor on its first option): wait for the cursor to get there.
    const rocketId = await switcher.getByRole("option", { name: "Rocket Works" }).getAttribute("id");
    await listbox.and(page.locator(`[aria-activedescendant="${rocketId}"]`)).waitFor();
    assert.equal(await listbox.getAttribute("aria-activedescendant"), rocketId);
    assert.deepEqual(await switcher.getByRole("option").allTextContents(), [
      "Personal account",
      "Rocket Works",
      "Beta Labs",
    ]);
    await switcher.getByRole("button", { name: "Show more" }).click();
    await switcher.getByRole("option", { name: "Gamma Co" }).waitFor();
    assert.equal(await switcher.getByRole("button", { name: "Show more" }).count(), 0);
    await at("org-switcher-open-filled");

    // Keyboard: End moves to the last, Up to Beta Labs, Enter switches; the settings follow.
    await listbox.focus();
    await page.keyboard.press("End");
    const last = switcher.getByRole("option", { name: "Gamma Co" });
    assert.equal(await listbox.getAttribute("aria-activedescendant"), await last.getAttribute("id"));
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await switcher.getByRole("button", { name: "Organization: Beta Labs" }).waitFor();
    assert.equal(await button.evaluate((el) => el === document.activeElement), true);
    await page.getByTestId("gh-organization-profile").getByLabel("Name").waitFor();
    await page.waitForFunction(
      () => document.querySelector("[data-testid=gh-organization-profile] input[name=name]")?.value === "Beta Labs",
    );
    await switcher.getByRole("status").filter({ hasText: "Beta Labs is now active." }).waitFor({ state: "attached" });

    // Escape closes the popover and gives focus back; "Personal account" clears the active organization.
    await page.keyboard.press("Enter");
    await listbox.waitFor();
    await page.keyboard.press("Escape");
    assert.equal(await button.getAttribute("aria-expanded"), "false");
    assert.equal(await button.evaluate((el) => el === document.activeElement), true);
    await button.click();
    await switcher.getByRole("option", { name: "Personal account" }).click();
    await switcher.getByRole("button", { name: "Organization: Personal account" }).waitFor();
    await page.getByText("Choose an organization to see its settings.").waitFor();

    // A stale list: Gamma is deleted after the list was read; picking it shows the server's refusal in
    // the popover, which stays open, and nothing changes.
    await button.click();
    await switcher.getByRole("button", { name: "Show more" }).click();
    await switcher.getByRole("option", { name: "Gamma Co" }).waitFor();
    const byGamma = [{ field: "organizationId", value: gamma.id }];
    const gammaTeams = await server.auth.$context.db.findMany({ model: "team", where: byGamma });
    await server.auth.$context.db.deleteMany({
      model: "teamMember",
      where: [{ field: "teamId", operator: "in", value: gammaTeams.map((t) => t.id) }],
    });
    await server.auth.$context.db.deleteMany({ model: "team", where: byGamma });
    await server.auth.$context.db.deleteMany({ model: "member", where: byGamma });
    await server.auth.$context.db.delete({ model: "organization", where: [{ field: "id", value: gamma.id }] });
    state.expected = ["/organization/set-active"];
    await switcher.getByRole("option", { name: "Gamma Co" }).click();
    await switcher.getByRole("alert").filter({ hasText: "That organization wasn't found." }).waitFor();
    assert.equal(await button.getAttribute("aria-expanded"), "true");
    await switcher.getByRole("button", { name: "Organization: Personal account" }).waitFor();
    await at("org-switcher-error");
    await context.close();
  });

  test(`OrganizationSettings as owner: members, invitations, teams, profile, leave, delete (${label})`, async () => {
    const owner = await seedUser("owner");
    const org = await seedOrganization(owner, "Northwind");
    const other = await seedOrganization(owner, "Other Org");
    const people = [];
    for (const tag of ["bob", "cy", "di"]) {
      const user = await seedUser(tag);
      await server.auth.api.addMember({ body: { userId: user.id, organizationId: org.id, role: "member" } });
      people.push(user);
    }
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    await signInBrowser(context, owner.email);
    await context.request.post(`${server.base}/api/auth/organization/set-active`, {
      data: { organizationId: org.id },
      headers: { origin: server.base },
    });

    // Loading: members held.
    const hold = await holdRequests(page, "**/api/auth/organization/list-members?*");
    await page.goto(`${server.base}/?c=Organization&pageSize=2`);
    await hold.firstHeld;
    const members = page.getByTestId("gh-organization-members");
    await members.getByText("Loading…").waitFor();
    await at("org-settings-loading", { idle: false });
    await hold.release();

    // Filled: two members a page (the owner first), "Show more" brings the rest.
    await members.getByText(owner.email).waitFor();
    await members.getByRole("button", { name: "Show more" }).click();
    await members.getByText(people[2].email).waitFor();
    assert.equal(await members.getByText("You", { exact: true }).count(), 1);
    await page.getByTestId("gh-organization-profile").getByText("Your role: owner").waitFor();
    await page.getByTestId("gh-organization-teams").getByText("Northwind").waitFor();
    await page.getByTestId("gh-organization-invitations").getByText("No pending invitations.").waitFor();
    await at("org-settings-filled");

    // Role change: Bob becomes admin (the server's answer is the state shown).
    await members.getByLabel(`Role of ${people[0].name}`).selectOption("admin");
    await members
      .getByRole("listitem")
      .filter({ hasText: people[0].email })
      .getByRole("button", { name: "Change role" })
      .click();
    await members
      .getByRole("status")
      .filter({ hasText: `${people[0].name} is now admin.` })
      .waitFor();
    const bob = await server.auth.$context.db.findOne({
      model: "member",
      where: [
        { field: "organizationId", value: org.id },
        { field: "userId", value: people[0].id },
      ],
    });
    assert.equal(bob.role, "admin");

    // Remove with confirmation: Cancel keeps Cy; confirming removes Cy.
    await members.getByRole("button", { name: `Remove ${people[1].name}` }).click();
    const question = members.getByText(`Remove ${people[1].name} from the organization?`);
    await question.waitFor();
    assert.equal(await question.evaluate((el) => el === document.activeElement), true);
    await at("org-members-confirm");
    await members.getByRole("button", { name: "Cancel" }).click();
    await members.getByRole("button", { name: `Remove ${people[1].name}` }).click();
    // While the removal runs, its button says so and every action of the section waits (no double submit).
    const removing = await holdRequests(page, "**/api/auth/organization/remove-member");
    await members.locator(".gh-confirm").getByRole("button", { name: "Remove" }).click();
    await removing.firstHeld;
    const busy = members.locator(".gh-confirm").getByRole("button", { name: "Please wait…" });
    assert.equal(await busy.isDisabled(), true);
    assert.equal(await busy.getAttribute("aria-busy"), "true");
    for (const b of await members.getByRole("button", { name: "Change role" }).all())
      assert.equal(await b.isDisabled(), true);
    await removing.release();
    await members
      .getByRole("status")
      .filter({ hasText: `${people[1].name} is removed.` })
      .waitFor();
    await members.getByText(people[1].email).waitFor({ state: "detached" });

    // Invitations: invite, the same address again (tied to the field), resend, cancel with confirmation.
    const invitations = page.getByTestId("gh-organization-invitations");
    const invitee = `${unique("invitee")}@example.com`;
    await invitations.getByLabel("Email to invite").fill(invitee);
    await invitations.getByLabel("Role").selectOption("admin");
    await invitations.getByRole("button", { name: "Send invitation" }).click();
    await invitations.getByRole("status").filter({ hasText: invitee }).waitFor();
    await invitations
      .getByRole("listitem")
      .filter({ hasText: invitee })
      .getByText(/^admin · expires/)
      .waitFor();
    state.expected = ["/organization/invite-member"];
    await invitations.getByRole("button", { name: "Send invitation" }).click();
    await invitations.locator(".gh-field-error", { hasText: "already been invited" }).waitFor();
    assert.equal(await invitations.getByLabel("Email to invite").getAttribute("aria-invalid"), "true");
    await at("org-invitations-error");
    await invitations.getByRole("button", { name: `Resend the invitation to ${invitee}` }).click();
    await invitations.getByRole("status").filter({ hasText: "is sent again" }).waitFor();
    assert.equal(server.outbox.filter((m) => m.kind === "invitation" && m.email === invitee).length, 2);
    await invitations.getByRole("button", { name: `Cancel invitation to ${invitee}` }).click();
    await invitations.getByText(`Cancel the invitation to ${invitee}?`).waitFor();
    await at("org-invitations-confirm");
    await invitations.locator(".gh-confirm").getByRole("button", { name: "Cancel invitation" }).click();
    await invitations.getByText("No pending invitations.").waitFor();

    // Teams: the one the owner is in cannot go (the server's sentence); a new one can be made and removed.
    const teams = page.getByTestId("gh-organization-teams");
    state.expected = ["/organization/remove-team"];
    await teams.getByRole("button", { name: "Remove team Northwind" }).click();
    await teams.locator(".gh-confirm").getByRole("button", { name: "Remove" }).click();
    await teams.getByRole("alert").filter({ hasText: "You can't remove a team you're in." }).waitFor();
    await at("org-teams-error");
    await teams.getByRole("button", { name: "Cancel" }).click();
    await teams.getByLabel("Team name").fill("Design");
    await teams.getByRole("button", { name: "Create team" }).click();
    await teams.getByRole("status").filter({ hasText: "Design is created." }).waitFor();
    await teams.getByRole("button", { name: "Remove team Design" }).click();
    await teams.locator(".gh-confirm").getByRole("button", { name: "Remove" }).click();
    await teams.getByRole("status").filter({ hasText: "Design is removed." }).waitFor();

    // Profile: another organization's slug is refused on its field; a new name saves.
    const profile = page.getByTestId("gh-organization-profile");
    state.expected = ["/organization/update"];
    await profile.getByLabel("Address (slug)").fill(other.slug);
    // The field still holds what was typed when Save is pressed, and the server's answer is the refusal: a
    // failure here says which of the two went wrong (once, in CI, the field error never showed).
    assert.equal(await profile.getByLabel("Address (slug)").inputValue(), other.slug);
    const refused = page.waitForResponse((r) => r.url().endsWith("/api/auth/organization/update"));
    await profile.getByRole("button", { name: "Save" }).click();
    const answer = await refused;
    assert.equal(answer.status(), 400, `update answered ${answer.status()}: ${await answer.text()}`);
    await profile.locator(".gh-field-error", { hasText: "That address is taken." }).waitFor();
    await profile.getByLabel("Address (slug)").fill(org.slug);
    await profile.getByLabel("Logo URL (optional)").fill("javascript:alert(1)");
    await profile.getByRole("button", { name: "Save" }).click();
    await profile.locator(".gh-field-error", { hasText: "https://" }).waitFor();
    await profile.getByLabel("Logo URL (optional)").fill("");
    await profile.getByLabel("Name").fill("Northwind Traders");
    await profile.getByRole("button", { name: "Save" }).click();
    await profile.getByRole("status").filter({ hasText: "The organization is saved." }).waitFor();
    await page
      .getByTestId("gh-organization-switcher")
      .getByRole("button", { name: /Northwind Traders/ })
      .waitFor();

    // Leave: the only owner is refused, in the catalogue's words.
    const leave = page.getByTestId("gh-organization-leave");
    state.expected = ["/organization/leave"];
    await leave.getByRole("button", { name: "Leave Northwind Traders…" }).click();
    await leave.locator(".gh-confirm").getByRole("button", { name: "Leave" }).click();
    await leave.getByRole("alert").filter({ hasText: "only owner" }).waitFor();

    // Delete: the name must be typed exactly; then it is gone and the page says so.
    const del = page.getByTestId("gh-organization-delete");
    await del.getByRole("button", { name: "Delete Northwind Traders…" }).click();
    const heading = del.getByRole("heading", { name: "Delete Northwind Traders?" });
    await heading.waitFor();
    assert.equal(await heading.evaluate((el) => el === document.activeElement), true);
    await del.getByLabel("Type Northwind Traders to confirm").fill("Northwind");
    await del.getByRole("button", { name: "Delete organization" }).click();
    await del.locator(".gh-field-error", { hasText: "exactly as shown" }).waitFor();
    await at("org-delete-confirm");
    await del.getByLabel("Type Northwind Traders to confirm").fill("Northwind Traders");
    await del.getByRole("button", { name: "Delete organization" }).click();
    await page.getByRole("status").filter({ hasText: "Northwind Traders is deleted." }).waitFor();
    await page.getByText("Choose an organization to see its settings.").waitFor();
    const gone = await server.auth.$context.db.findOne({
      model: "organization",
      where: [{ field: "id", value: org.id }],
    });
    assert.equal(gone, null);
    await at("org-deleted");
    await context.close();
  });

  test(`OrganizationSettings as member and admin: the server's answers decide, refusals read as sentences (${label})`, async () => {
    const owner = await seedUser("boss");
    const org = await seedOrganization(owner, "Initech");
    const member = await seedUser("peon");
    const admin = await seedUser("lead");
    await server.auth.api.addMember({ body: { userId: member.id, organizationId: org.id, role: "member" } });
    await server.auth.api.addMember({ body: { userId: admin.id, organizationId: org.id, role: "admin" } });

    // A member sees the organization read-only: no forms or buttons that only the server would refuse.
    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    await signInBrowser(context, member.email);
    await context.request.post(`${server.base}/api/auth/organization/set-active`, {
      data: { organizationId: org.id },
      headers: { origin: server.base },
    });
    await page.goto(`${server.base}/?c=Organization`);
    const profile = page.getByTestId("gh-organization-profile");
    await profile.getByText("Your role: member").waitFor();
    await page.getByTestId("gh-organization-members").getByText(admin.email).waitFor();
    await page.getByTestId("gh-organization-invitations").getByText("No pending invitations.").waitFor();
    assert.equal(await profile.getByRole("textbox").count(), 0);
    assert.equal(await page.getByLabel("Email to invite").count(), 0);
    assert.equal(await page.getByRole("combobox").count(), 0);
    assert.equal(await page.getByRole("button", { name: /^Remove/ }).count(), 0);
    assert.equal(await page.getByTestId("gh-organization-delete").count(), 0);
    await at("org-settings-member");

    // Hidden is not the protection: the same member's cookie over HTTP is refused by the server.
    const asMember = await httpAs(member.email);
    const update = await asMember("/organization/update", { organizationId: org.id, data: { name: "Pwned" } });
    assert.equal(update.status, 403);
    assert.equal(update.body.code, "NOT_ALLOWED_TO_UPDATE_ORGANIZATION");
    const invite = await asMember("/organization/invite-member", {
      organizationId: org.id,
      email: "x@example.com",
      role: "owner",
    });
    assert.equal(invite.status, 403);
    assert.equal(invite.body.code, "NOT_ALLOWED_TO_INVITE");
    const del = await asMember("/organization/delete", { organizationId: org.id });
    assert.equal(del.status, 403);
    // An outsider cannot read who is in it.
    const stranger = await seedUser("stranger");
    const asStranger = await httpAs(stranger.email);
    const perm = await asStranger("/organization/has-permission", {
      organizationId: org.id,
      permissions: { member: ["delete"] },
    });
    assert.equal(perm.status, 400);
    assert.equal(perm.body.code, "USER_NOT_MEMBER_OF_ORGANIZATION");

    // The member leaves: confirmation, then the page says so.
    const leave = page.getByTestId("gh-organization-leave");
    await leave.getByRole("button", { name: "Leave Initech…" }).click();
    await at("org-leave-confirm");
    await leave.locator(".gh-confirm").getByRole("button", { name: "Leave" }).click();
    await page.getByRole("status").filter({ hasText: "You left Initech." }).waitFor();
    await context.close();

    // An admin may remove members, so the button shows for the owner's row too; the server refuses.
    const adminContext = await newContext();
    const adminPage = await openPage(adminContext);
    await signInBrowser(adminContext, admin.email);
    await adminContext.request.post(`${server.base}/api/auth/organization/set-active`, {
      data: { organizationId: org.id },
      headers: { origin: server.base },
    });
    await adminPage.page.goto(`${server.base}/?c=Organization`);
    const members = adminPage.page.getByTestId("gh-organization-members");
    await members.getByRole("button", { name: `Remove ${owner.name}` }).click();
    adminPage.state.expected = ["/organization/remove-member", "/organization/update-member-role"];
    await members.locator(".gh-confirm").getByRole("button", { name: "Remove" }).click();
    await members.getByRole("alert").filter({ hasText: "at least one owner" }).waitFor();
    // Nor may an admin make themselves owner.
    await members.getByLabel(`Role of ${admin.name}`).selectOption("owner");
    await members
      .getByRole("listitem")
      .filter({ hasText: admin.email })
      .getByRole("button", { name: "Change role" })
      .click();
    await members.getByRole("alert").filter({ hasText: "You don't have permission to change this member." }).waitFor();
    await check(adminPage.page, adminPage.state, "org-settings-admin-refused", combo);
    await adminContext.close();
  });

  test(`OrganizationSettings: a list that fails to load offers a retry (${label})`, async () => {
    const owner = await seedUser("flaky");
    const org = await seedOrganization(owner, "Flaky");
    const context = await newContext();
    const { page, state } = await openPage(context);
    await signInBrowser(context, owner.email);
    await context.request.post(`${server.base}/api/auth/organization/set-active`, {
      data: { organizationId: org.id },
      headers: { origin: server.base },
    });
    // The member listing answers a client error once (a stale cursor); Try again asks the real server.
    let failures = 0;
    await page.route("**/api/auth/organization/list-members?*", async (route) => {
      if (failures++ > 0) return route.continue();
      await route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ code: "INVALID_CURSOR", message: "Invalid cursor" }),
      });
    });
    state.expected = ["/organization/list-members"];
    await page.goto(`${server.base}/?c=Organization`);
    const members = page.getByTestId("gh-organization-members");
    await members.getByText("This couldn't be loaded.").waitFor();
    await check(page, state, "org-settings-load-failed", combo);
    await members.getByRole("button", { name: "Try again" }).click();
    await members.getByText(owner.email).waitFor();
    await context.close();
  });

  test(`AcceptInvitation: signed out, unverified, other address, gone, filled, decline, accept, already a member (${label})`, async () => {
    const owner = await seedUser("inviter");
    const org = await seedOrganization(owner, "Umbrella");
    const asOwner = await httpAs(owner.email);
    const inviteeEmail = `${unique("guest")}@example.com`;
    const sent = await asOwner("/organization/invite-member", {
      organizationId: org.id,
      email: inviteeEmail,
      role: "admin",
    });
    assert.equal(sent.status, 200);
    const id = sent.body.id;
    const url = `${server.base}/?c=AcceptInvitation&id=${encodeURIComponent(id)}`;

    const context = await newContext();
    const { page, state } = await openPage(context);
    const at = (name, options) => check(page, state, name, combo, options);
    const card = page.getByTestId("gh-accept-invitation");

    // Signed out: a way to sign in, nothing about the invitation.
    await page.goto(url);
    await card.getByText("Sign in with the invited address").waitFor();
    assert.equal(await page.getByText("Umbrella").count(), 0);
    await at("invitation-signed-out");

    // Someone else signed in: told so, and the organization's name stays hidden.
    const stranger = await seedUser("not-invited");
    await signInBrowser(context, stranger.email);
    state.expected = ["/organization/get-invitation"];
    await page.goto(url);
    await card.getByText(`You're signed in as ${stranger.email}`).waitFor();
    assert.equal(await page.getByText("Umbrella").count(), 0);
    await at("invitation-other-address");
    const asStranger = await httpAs(stranger.email);
    const stolen = await asStranger("/organization/accept-invitation", { invitationId: id });
    assert.equal(stolen.status, 403);
    assert.equal(stolen.body.code, "NOT_INVITATION_RECIPIENT");

    // The invitee, unverified: verify first (the library's default), with the link sent from here.
    const invitee = await seedUser("guest", { verified: false, email: inviteeEmail });
    await signInBrowser(context, invitee.email);
    await page.goto(url);
    await card.getByText(`Verify ${invitee.email} first`).waitFor();
    assert.equal(await page.getByText("Umbrella").count(), 0);
    await at("invitation-unverified");
    await card.getByRole("button", { name: "Email me a verification link" }).click();
    await card.getByRole("status").filter({ hasText: invitee.email }).waitFor();
    assert.ok(server.outbox.some((m) => m.kind === "verify" && m.email === invitee.email));
    await server.auth.$context.db.update({
      model: "user",
      where: [{ field: "id", value: invitee.id }],
      update: { emailVerified: true },
    });
    await signInBrowser(context, invitee.email);

    // Loading, then filled: organization, inviter, role.
    const hold = await holdRequests(page, "**/api/auth/organization/get-invitation?*");
    await page.goto(url);
    await hold.firstHeld;
    await card.getByText("Loading…").waitFor();
    await at("invitation-loading", { idle: false });
    await hold.release();
    await card.getByText(`${owner.email} invited you to join Umbrella as admin.`).waitFor();
    await at("invitation-filled");

    // Decline asks first; "Cancel" keeps it.
    await card.getByRole("button", { name: "Decline" }).click();
    await card.getByText("Decline the invitation to Umbrella?").waitFor();
    await at("invitation-confirm-decline");
    await card.getByRole("button", { name: "Cancel" }).click();

    // Accept: a member now, the organization active.
    await card.getByRole("button", { name: "Accept" }).click();
    await card.getByRole("status").filter({ hasText: "You joined Umbrella." }).waitFor();
    const joined = await server.auth.$context.db.findOne({
      model: "member",
      where: [
        { field: "organizationId", value: org.id },
        { field: "userId", value: invitee.id },
      ],
    });
    assert.equal(joined.role, "admin");
    await at("invitation-accepted");

    // The same link again: the invitation is answered.
    await page.goto(url);
    await card.getByText("This invitation has expired, was canceled, or was already answered.").waitFor();
    await at("invitation-gone");

    // Already a member: an invitation made before the user was added directly.
    const second = await seedUser("twice");
    const again = await asOwner("/organization/invite-member", {
      organizationId: org.id,
      email: second.email,
      role: "member",
    });
    await server.auth.api.addMember({ body: { userId: second.id, organizationId: org.id, role: "member" } });
    await signInBrowser(context, second.email);
    state.expected = ["/organization/get-invitation", "/organization/accept-invitation"];
    await page.goto(`${server.base}/?c=AcceptInvitation&id=${again.body.id}`);
    await card.getByRole("button", { name: "Accept" }).click();
    await card.getByRole("alert").filter({ hasText: "You're already a member of this organization." }).waitFor();
    await at("invitation-already-member");

    // An expired one reads as gone; a made-up id too, and nothing of it is echoed.
    const third = await seedUser("late");
    const late = await asOwner("/organization/invite-member", {
      organizationId: org.id,
      email: third.email,
      role: "member",
    });
    await server.auth.$context.db.update({
      model: "invitation",
      where: [{ field: "id", value: late.body.id }],
      update: { expiresAt: new Date(Date.now() - 1000) },
    });
    await signInBrowser(context, third.email);
    await page.goto(`${server.base}/?c=AcceptInvitation&id=${late.body.id}`);
    await card.getByText("This invitation has expired").waitFor();
    await page.goto(`${server.base}/?c=AcceptInvitation&id=${encodeURIComponent("<img src=x onerror=alert(1)>")}`);
    await card.getByText("This invitation has expired").waitFor();
    assert.equal(await page.locator("img").count(), 0);
    await context.close();
  });
}
