// The audit log records SAML sign-ins at the ACS (method sso, protocol saml) and refusals with their
// reason: a replayed response, a response no request of this browser asked for.
import { auditLog } from "@gatehouse-auth/audit-log";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Kit, startKit } from "../test/sso-test-kit.js";

let kit: Kit;
beforeAll(async () => {
  kit = await startKit({}, { plugins: [auditLog()] });
  await kit.connect("acme");
});
afterAll(() => kit.close());

async function ssoEvents() {
  // The recorder writes after the answer; auth.settled() waits for what it started (no sleep).
  await kit.auth.settled();
  const rows = await kit.auth.$context.db.findMany<{
    type: string;
    organizationId: string | null;
    userId: string | null;
    outcome: string;
    details: string;
  }>({
    model: "auditEvent",
    sortBy: { field: "createdAt", direction: "asc" },
  });
  return rows
    .map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }))
    .filter((r) => r.details.method === "sso");
}

describe("SAML audit events", () => {
  it("records the sign-in and each refusal with its reason, never the SAMLResponse", async () => {
    kit.idp.user = { email: "audit@acme.test", givenName: "Au", surname: "Dit", groups: [] };
    const browser = kit.browser();
    const { form } = await kit.startSignIn(browser, "acme");
    expect((await kit.post(browser, "acme", form.SAMLResponse, form.RelayState)).status).toBe(302);
    const session = await kit.sessionOf(browser);
    // The same response again (its request is spent), and one posted by a browser that sent no request.
    await kit.post(browser, "acme", form.SAMLResponse, form.RelayState);
    await kit.post(kit.browser(), "acme", form.SAMLResponse, form.RelayState);

    const events = await ssoEvents();
    expect(events.map((e) => [e.type, e.outcome, e.details.reason ?? null])).toEqual([
      ["user.signed_in", "success", null],
      ["user.sign_in_failed", "failure", "unsolicited_response"],
      ["user.sign_in_failed", "failure", "unsolicited_response"],
    ]);
    expect(events[0]).toMatchObject({ userId: session?.user.id, organizationId: kit.organizationId });
    expect(events[0]?.details).toEqual({ method: "sso", providerId: "acme", protocol: "saml" });
    expect(JSON.stringify(events)).not.toContain(form.SAMLResponse.slice(0, 40));
  });
});
