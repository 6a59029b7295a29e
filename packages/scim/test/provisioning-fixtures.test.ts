// Drives the request sequences Okta and Microsoft Entra send (fixtures/) over HTTP against a real server,
// and validates every User and Group the server answers against RFC 7643's core schemas with SCIMMY.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOrganization, startScimServer } from "../src/test-helpers.js";
import { ENTRA_REQUESTS } from "./fixtures/entra-requests.js";
import { OKTA_REQUESTS } from "./fixtures/okta-requests.js";
import type { Step } from "./fixtures/step.js";
import { runSteps } from "./run-steps.js";

let server: Awaited<ReturnType<typeof startScimServer>>;
beforeAll(async () => {
  server = await startScimServer();
});
afterAll(() => server.close());

async function run(steps: readonly Step[]) {
  const org = await newOrganization(server);
  return { org, vars: await runSteps(org.scim, steps) };
}

describe("identity providers' request sequences", () => {
  it("Okta: users and pushed groups", async () => {
    const { org, vars } = await run(OKTA_REQUESTS);
    // Okta's group membership is the organization's team membership.
    const ctx = server.auth.$context;
    const account = await ctx.users.findByEmail("test.user@okta.local");
    const member = await ctx.db.findOne({
      model: "member",
      where: [
        { field: "organizationId", value: org.organizationId },
        { field: "userId", value: account?.id as string },
      ],
    });
    expect(member).toMatchObject({ role: "member" });
    expect(vars.userId).toBeTruthy();
  });

  it("Microsoft Entra ID: users and groups", async () => {
    await run(ENTRA_REQUESTS);
  });
});
