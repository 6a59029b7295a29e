// A connection notes its last sign-in (GET /sso/providers answers it, the dashboard lists it) with at most
// one write a minute: the app's clock is the test's, so the minute's edges are exact, never timed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, type OidcKit, startOidcKit } from "../test/oidc-kit.js";

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
let clock = T0;
let kit: OidcKit;
beforeAll(async () => {
  kit = await startOidcKit({}, ["okta"], { now: () => clock });
});
afterAll(() => kit?.close());

/** The connection's lastSignInAt as its organization's owner reads it over HTTP. */
async function lastSignInAt(): Promise<string | null> {
  const r = await kit.owner.go(`${kit.api}/sso/providers?organizationId=${kit.organizationId}`);
  expect(r.status).toBe(200);
  const [provider] = r.json().providers as { providerId: string; lastSignInAt: string | null }[];
  expect(provider?.providerId).toBe("okta");
  return provider?.lastSignInAt ?? null;
}

/** A new person of the domain signs in through the connection at the app's time `at`. */
async function signInAt(at: number, email: string) {
  clock = at;
  const browser = new Browser();
  await kit.idpUser(browser, email);
  const { callback } = await kit.toIdp(browser, { providerId: "okta" });
  expect((await browser.go(callback)).location).toBe(`${kit.appUrl}/dashboard`);
  expect((await kit.session(browser))?.user.email).toBe(email);
}

describe("a connection's last sign-in", () => {
  it("is null before the first sign-in, then the sign-in's time, refreshed at most once a minute", async () => {
    expect((await kit.connect("okta")).status).toBe(200);
    const row = () =>
      kit.auth.$context.db.findOne<{ updatedAt: Date }>({
        model: "ssoProvider",
        where: [{ field: "providerId", value: "okta" }],
      });
    const updatedAt = (await row())?.updatedAt;
    expect(await lastSignInAt()).toBeNull();

    await signInAt(T0, "first@acme.test");
    expect(await lastSignInAt()).toBe(new Date(T0).toISOString());
    // Within the minute: no write, the first time stays.
    await signInAt(T0 + 59_999, "second@acme.test");
    expect(await lastSignInAt()).toBe(new Date(T0).toISOString());
    // A minute on: written again.
    await signInAt(T0 + 60_000, "third@acme.test");
    expect(await lastSignInAt()).toBe(new Date(T0 + 60_000).toISOString());
    // A sign-in is no change of the connection's settings.
    expect((await row())?.updatedAt).toEqual(updatedAt);
  });

  it("does not move on a refused sign-in", async () => {
    const before = await lastSignInAt();
    clock = T0 + 10 * 60_000;
    const eve = new Browser();
    await kit.idpUser(eve, "eve@evil.test");
    const { callback } = await kit.toIdp(eve, { providerId: "okta" });
    expect(new URL((await eve.go(callback)).location ?? "").searchParams.get("error")).toBe("domain_not_verified");
    expect(await lastSignInAt()).toBe(before);
  });
});
