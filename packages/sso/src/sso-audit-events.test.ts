// The audit log records SSO: connections created, updated, deleted; domains verified; enforcement
// changed; sign-ins through a connection and refusals with their reason; no secret in any event.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, CLIENT, type OidcKit, startOidcKit } from "../test/oidc-kit.js";

let kit: OidcKit;
beforeAll(async () => {
  kit = await startOidcKit({}, ["okta"]);
});
afterAll(() => kit?.close());

interface Row {
  type: string;
  organizationId: string | null;
  userId: string | null;
  actorUserId: string | null;
  outcome: string;
  details: string;
}

async function events() {
  // The recorder writes after the answer; auth.settled() waits for what it started (no sleep).
  await kit.auth.settled();
  const rows = await kit.auth.$context.db.findMany<Row>({
    model: "auditEvent",
    sortBy: { field: "createdAt", direction: "asc" },
  });
  return rows.map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));
}

describe("SSO audit events", () => {
  it("records the connection's life, sign-ins and refusals in the organization, without secrets", async () => {
    const ownerId = ((await kit.session(kit.owner)) as { user: { id: string } }).user.id;
    expect((await kit.connect("okta")).status).toBe(200);
    expect(
      (await kit.owner.post(`${kit.api}/sso/update-provider`, { providerId: "okta", disabled: false })).status,
    ).toBe(200);
    expect(
      (await kit.owner.post(`${kit.api}/sso/update-provider`, { providerId: "okta", enforceSSO: true })).status,
    ).toBe(200);

    // A sign-in, and a refused one (the callback replayed in another browser).
    const browser = new Browser();
    await kit.idpUser(browser, "lin@acme.test");
    const { callback } = await kit.toIdp(browser, { providerId: "okta" });
    expect((await browser.go(callback)).location).toBe(`${kit.appUrl}/dashboard`);
    const signedIn = await kit.session(browser);
    const replay = await new Browser().go(callback);
    expect(new URL(replay.location ?? "").searchParams.get("error")).toBe("invalid_state");
    // Outside the domain: refused with its reason.
    const eve = new Browser();
    await kit.idpUser(eve, "eve@evil.test");
    const evil = await kit.toIdp(eve, { providerId: "okta" });
    await eve.go(evil.callback);

    expect((await kit.owner.post(`${kit.api}/sso/delete-provider`, { providerId: "okta" })).status).toBe(200);

    const all = await events();
    const sso = all.filter((e) => e.type.startsWith("sso.") || e.details.method === "sso");
    expect(sso.map((e) => e.type)).toEqual([
      "sso.connection_created",
      "sso.domain_verified",
      "sso.connection_updated",
      "sso.enforcement_changed",
      "user.signed_in",
      "user.sign_in_failed",
      "user.sign_in_failed",
      "sso.connection_deleted",
    ]);
    for (const e of sso) expect(e.organizationId).toBe(kit.organizationId);
    const [created, verified, updated, enforced, success, replayed, outside, deleted] = sso;
    expect(created).toMatchObject({ actorUserId: ownerId, outcome: "success" });
    expect(created?.details).toMatchObject({ providerId: "okta", domain: "acme.test", protocol: "oidc" });
    expect(verified?.details).toEqual({ providerId: "okta" });
    expect(updated?.details).toMatchObject({ providerId: "okta", disabled: false, fields: "disabled" });
    expect(enforced?.details).toMatchObject({ providerId: "okta", enforceSSO: true });
    expect(success).toMatchObject({ userId: signedIn?.user.id, actorUserId: signedIn?.user.id, outcome: "success" });
    expect(success?.details).toEqual({ method: "sso", providerId: "okta", protocol: "oidc" });
    expect(replayed).toMatchObject({ outcome: "failure" });
    expect(replayed?.details).toMatchObject({ method: "sso", providerId: "okta", reason: "invalid_state" });
    expect(outside?.details).toMatchObject({ reason: "domain_not_verified" });
    expect(deleted).toMatchObject({ actorUserId: ownerId, details: { providerId: "okta" } });

    // No client secret, authorization code or state anywhere in the log.
    const text = JSON.stringify(all);
    const params = new URL(callback).searchParams;
    for (const secret of [CLIENT.secret, params.get("code"), params.get("state")])
      expect(text).not.toContain(secret as string);
  });

  it("records a stranger's refused registration, with the error code", async () => {
    const stranger = new Browser();
    await stranger.post(`${kit.api}/sign-up/email`, { name: "S", email: "s2@stranger.test", password: "password-123" });
    const r = await stranger.post(`${kit.api}/sso/register`, {
      providerId: "grab",
      issuer: kit.issuer,
      domain: "acme.test",
      organizationId: kit.organizationId,
      oidcConfig: { clientId: CLIENT.id, clientSecret: "stranger-secret-value-0123456789" },
    });
    expect(r.status).toBe(403);
    const refused = (await events()).filter((e) => e.type === "sso.connection_created" && e.outcome === "failure");
    expect(refused).toHaveLength(1);
    expect(refused[0]?.details).toMatchObject({
      providerId: "grab",
      error: "NOT_ALLOWED_TO_MANAGE_PROVIDERS",
      status: 403,
    });
    expect(JSON.stringify(refused)).not.toContain("stranger-secret-value");
  });
});
