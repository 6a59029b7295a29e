import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GatehouseUI } from "../src/index.js";
import { OrganizationSso } from "../src/organization-sso.js";
import { SsoConnectionItem } from "../src/sso-connection.js";

// The session is known (as after hydration); the object has no other method, so any call during render
// would throw: the card's list, token and verification requests all wait for the browser.
const client = {
  useSession: () => ({
    data: { user: { id: "u1", name: "Ada Lovelace", email: "ada@example.com" }, session: {} },
    isPending: false,
  }),
};

describe("the Single sign-on card on the server (no DOM)", () => {
  it("renders its loading state and the new-connection form without window or a request", () => {
    expect(typeof window).toBe("undefined");
    const html = renderToString(
      <GatehouseUI client={client} theme="dark" messages={{ ui: { ssoNewTitle: "Nouvelle connexion" } }}>
        <OrganizationSso organizationId="o1" organizationName="Acme Rockets" owners={[]} scim />
      </GatehouseUI>,
    );
    for (const text of ["Single sign-on", "Acme Rockets", "Loading…", "Connection id", "Email domain"])
      expect(html).toContain(text);
    // SAML is the first choice: its metadata field shows; the OIDC fields do not.
    expect(html).toContain("Identity provider metadata XML");
    expect(html).not.toContain("Client secret");
    // An app's override of one of the card's strings is used.
    expect(html).toContain("Nouvelle connexion");
    expect(html).not.toContain("New connection");
  });

  it("renders a connection: the server's URLs, the TXT record name, enforcement waiting for the domain", () => {
    const c = {
      providerId: "okta",
      protocol: "saml" as const,
      issuer: "https://app.example.com/api/auth/sso/saml2/sp/metadata?providerId=okta",
      domain: "acme.com",
      domainVerified: false,
      enforceSSO: false,
      breakGlassUserIds: [],
      disabled: true,
      samlConfig: { callbackUrl: "https://app.example.com/api/auth/sso/saml2/sp/acs/okta" },
    };
    const owners = [{ userId: "u1", name: "Ada Lovelace", email: "ada@example.com" }];
    const html = renderToString(
      <GatehouseUI client={client}>
        <ul>
          <SsoConnectionItem c={c} owners={owners} organizationId="o1" scim onChange={() => {}} />
        </ul>
      </GatehouseUI>,
    );
    // The SP metadata URL comes from the ACS URL the server answered (same API root), not from window.
    expect(html).toContain("https://app.example.com/api/auth/sso/saml2/sp/metadata?providerId=okta");
    expect(html).toContain("https://app.example.com/api/auth/sso/saml2/sp/acs/okta");
    expect(html).toContain("_gatehouse-sso-okta.acme.com");
    expect(html).toContain("https://app.example.com/api/auth/scim/v2");
    for (const text of [
      "Domain not verified",
      "Disabled",
      "Verify acme.com",
      "Verify the domain first.",
      "Enable okta",
    ])
      expect(html).toContain(text);
    expect(html).toMatch(/<input type="checkbox" disabled=""/);
    // The SCIM token is never rendered before it is generated in the browser.
    expect(html).toContain("Generate SCIM token");
    expect(html).not.toContain("SCIM token</label>");
  });
});
