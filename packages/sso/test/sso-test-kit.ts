// Shared by the SSO tests: an auth with organizations and SSO, an IdP, a DNS server, an owner and a
// verified SAML connection for acme.test.
import type { AuthOptions } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import type { TestClient, TestResponse } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import { sso } from "../src/index.js";
import type { SsoOptions } from "../src/index.js";
import { startDns } from "./dns-server.js";
import { readForm, startIdp } from "./saml-idp.js";

export const BASE = "http://localhost:3000";
export const ACS = (providerId: string) => `${BASE}/api/auth/sso/saml2/sp/acs/${providerId}`;
export const SP_ENTITY = (providerId: string) => `${BASE}/sp/${providerId}`;

let counter = 0;

/** Everything a test needs, started once per file. */
export async function startKit(options: SsoOptions = {}, extra: Partial<AuthOptions> = {}) {
  const dns = await startDns();
  let audience = "";
  const idp = await startIdp(() => audience);
  const auth = makeTestAuth({
    ...extra,
    emailAndPassword: {
      enabled: true,
      password: {
        hash: async (p: string) => `plain:${p}`,
        verify: async ({ hash, password }) => hash === `plain:${password}`,
      },
    },
    plugins: [
      organization(),
      sso({ ...options, domainVerification: { dnsServers: [dns.address], ...options.domainVerification } }),
      ...(extra.plugins ?? []),
    ],
  });
  const owner = await signUpUser(auth, `owner-${++counter}@owner.test`);
  const org = await owner.client.post("/organization/create", { name: "Acme", slug: `acme-${counter}` });
  if (org.status !== 200) throw new Error(`org: ${org.status} ${org.text}`);
  const organizationId: string = org.body.id;

  /** Registers a SAML connection for `domain` (verified through DNS unless `verify` is false). */
  async function connect(providerId: string, domain = "acme.test", verify = true, body: Record<string, unknown> = {}) {
    audience = SP_ENTITY(providerId);
    const r = await owner.client.post("/sso/register", {
      providerId,
      issuer: SP_ENTITY(providerId),
      domain,
      organizationId,
      ...body,
      samlConfig: {
        entryPoint: idp.ssoUrl,
        idpMetadata: { metadata: idp.metadata },
        spMetadata: {},
        ...(body.samlConfig as Record<string, unknown> | undefined),
      },
    });
    if (r.status !== 200) throw new Error(`register: ${r.status} ${r.text}`);
    await importSpMetadata(providerId);
    if (verify) {
      dns.records.set(`_gatehouse-sso-${providerId}.${domain}`, [r.body.domainVerificationToken]);
      const v = await owner.client.post("/sso/verify-domain", { providerId });
      if (v.status !== 200) throw new Error(`verify: ${v.status} ${v.text}`);
    }
    return r.body;
  }

  /** The IdP's administrator imports the connection's SP metadata (again after a key rotation). */
  async function importSpMetadata(providerId: string) {
    const m = await owner.client.get("/sso/saml2/sp/metadata", { query: { providerId } });
    if (m.status !== 200) throw new Error(`metadata: ${m.status} ${m.text}`);
    idp.trustSp(m.text);
    return m.text;
  }

  /** Starts a sign-in in `browser` and returns the IdP's form (the IdP serves it over HTTP). */
  async function startSignIn(browser: TestClient, providerId: string, callbackURL = "/dashboard") {
    audience = SP_ENTITY(providerId);
    const r = await browser.post("/sign-in/sso", { providerId, callbackURL });
    if (r.status !== 200) throw new Error(`sign-in/sso: ${r.status} ${r.text}`);
    const page = await fetch(r.body.url);
    return { url: r.body.url as string, form: readForm(await page.text()) };
  }

  /** Posts a SAMLResponse to an ACS as the IdP's auto-post form does: cross-site, form-encoded. */
  function post(browser: TestClient, providerId: string, samlResponse: string, relayState = ""): Promise<TestResponse> {
    const form = new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString();
    return browser.request("POST", `/sso/saml2/sp/acs/${providerId}`, form, {
      raw: true,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: idp.origin,
        "sec-fetch-site": "cross-site",
      },
    });
  }

  /** The session a browser holds now (null when signed out). */
  async function sessionOf(browser: TestClient) {
    const r = await browser.get("/get-session");
    return r.body as { user: { id: string; email: string; name: string } } | null;
  }

  return {
    auth,
    dns,
    idp,
    owner,
    organizationId,
    connect,
    importSpMetadata,
    startSignIn,
    post,
    sessionOf,
    browser: () => createTestClient(auth),
    setAudience: (a: string) => {
      audience = a;
    },
    close: async () => {
      await idp.close();
      await dns.close();
    },
  };
}

export type Kit = Awaited<ReturnType<typeof startKit>>;
