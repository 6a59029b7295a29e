// Signed AuthnRequests (HTTP-Redirect binding, SAML bindings §3.4.4.1): the SP signs with a key pair of
// its own per connection, publishes the certificate in its metadata, and the test IdP — which imported
// that metadata as an administrator does — refuses a missing or altered signature.
import { X509Certificate, generateKeyPairSync } from "node:crypto";
import { symmetricDecrypt } from "@gatehouse-auth/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { KEYS, readForm, verifyRedirectSignature } from "../test/saml-idp.js";
import { type Kit, SP_ENTITY, startKit } from "../test/sso-test-kit.js";

// Registering and rotating generate RSA keys, whose time varies (prime search) and grows on a loaded
// machine: generous bounds, so that no test fails by timing.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
  await kit.connect("signed", "signed.test", true, { samlConfig: { signAuthnRequests: true } });
  await kit.connect("plain", "plain.test");
});
afterAll(() => kit.close());

const metadataOf = async (providerId: string) =>
  (await kit.owner.client.get("/sso/saml2/sp/metadata", { query: { providerId } })).text;
const signingCertOf = (metadata: string) =>
  /<KeyDescriptor use="signing">[\s\S]*?<ds:X509Certificate>([^<]+)</.exec(metadata)?.[1] ?? null;

/** A sign-in's redirect URL (not yet sent to the IdP). */
async function redirectUrl(providerId: string) {
  const browser = kit.browser();
  const r = await browser.post("/sign-in/sso", { providerId, callbackURL: "/dashboard" });
  expect(r.status).toBe(200);
  return { browser, url: r.body.url as string };
}

describe("signed AuthnRequests", () => {
  it("publishes AuthnRequestsSigned and the signing certificate; the IdP verifies the signature and the sign-in completes", async () => {
    const metadata = await metadataOf("signed");
    expect(metadata).toContain('AuthnRequestsSigned="true"');
    const cert = signingCertOf(metadata);
    expect(cert).not.toBeNull();
    // A real X.509 certificate whose key verifies its own signature (self-signed, RSA-2048).
    const x509 = new X509Certificate(Buffer.from(cert ?? "", "base64"));
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);

    kit.setAudience(SP_ENTITY("signed"));
    const { browser, url } = await redirectUrl("signed");
    const params = new URL(url).searchParams;
    expect(params.get("SigAlg")).toBe("http://www.w3.org/2001/04/xmldsig-more#rsa-sha256");
    expect(params.get("Signature")).toBeTruthy();
    expect(verifyRedirectSignature(url, cert)).toBe("valid");
    kit.idp.user = { email: "signer@signed.test" };
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const form = readForm(await page.text());
    const r = await kit.post(browser, "signed", form.SAMLResponse, form.RelayState);
    expect(r.headers.get("location")).toBe("/dashboard");
    expect((await kit.sessionOf(browser))?.user.email).toBe("signer@signed.test");

    // A connection without the option sends unsigned requests and publishes no signing key.
    const plain = await metadataOf("plain");
    expect(plain).toContain('AuthnRequestsSigned="false"');
    expect(plain).not.toContain("KeyDescriptor");
    expect(new URL((await redirectUrl("plain")).url).searchParams.has("Signature")).toBe(false);
  });

  it("the IdP refuses the request without its signature, with an altered query, or with another request's signature", async () => {
    const { url } = await redirectUrl("signed");
    const u = new URL(url);
    const stripped = new URL(url);
    stripped.searchParams.delete("Signature");
    stripped.searchParams.delete("SigAlg");
    const relay = new URL(url);
    relay.searchParams.set("RelayState", "tampered");
    const other = new URL((await redirectUrl("signed")).url);
    const swapped = new URL(url);
    swapped.searchParams.set("SAMLRequest", other.searchParams.get("SAMLRequest") ?? "");
    const sha1 = new URL(url);
    sha1.searchParams.set("SigAlg", "http://www.w3.org/2000/09/xmldsig#rsa-sha1");
    for (const [name, bad] of [
      ["unsigned", stripped],
      ["RelayState changed", relay],
      ["another request under this signature", swapped],
      ["SigAlg changed", sha1],
    ] as const) {
      const before = kit.idp.refused.length;
      const page = await fetch(bad.href);
      expect(page.status, name).toBe(403);
      expect(kit.idp.refused.length, name).toBe(before + 1);
    }
    // The untouched URL still passes (so the refusals above are about the changes).
    expect((await fetch(u.href)).status).toBe(200);
  });

  it("keeps the private key out of every answer and stores it only encrypted", async () => {
    const row = await kit.auth.$context.db.findOne<{ secret: string | null; config: string }>({
      model: "ssoProvider",
      where: [{ field: "providerId", value: "signed" }],
    });
    expect(row?.secret).toBeTruthy();
    expect(row?.secret).not.toContain("PRIVATE KEY");
    expect(row?.config).not.toContain("PRIVATE KEY");
    const keys = JSON.parse(symmetricDecrypt(kit.auth.$context.secret, row?.secret ?? "") ?? "{}") as {
      signing?: string;
    };
    expect(keys.signing).toContain("BEGIN PRIVATE KEY");
    // A line from the key's end (the private exponent and primes; its start holds the public modulus,
    // which the certificate carries too): no answer may carry any of it.
    const lines = (keys.signing ?? "").trim().split("\n");
    const fragment = lines[lines.length - 4] ?? "missing";
    const answers = [
      await metadataOf("signed"),
      (await kit.owner.client.get("/sso/providers", { query: { organizationId: kit.organizationId } })).text,
      (await kit.owner.client.post("/sso/update-provider", { providerId: "signed", disabled: false })).text,
    ];
    for (const text of answers) {
      expect(text).not.toContain(fragment);
      expect(text).not.toContain("PRIVATE KEY");
    }
  });

  it("takes a supplied key pair, and refuses one whose certificate is not the key's, a short key or garbage", async () => {
    const supplied = { privateKey: KEYS.attacker.key, certificate: KEYS.attacker.cert };
    await kit.connect("supplied", "supplied.test", false, { samlConfig: { spSigningKey: supplied } });
    const cert = signingCertOf(await metadataOf("supplied"));
    expect(cert).toBe(KEYS.attacker.cert.replace(/-----[^-]+-----|\s/g, ""));

    const register = (providerId: string, samlConfig: Record<string, unknown>) =>
      kit.owner.client.post("/sso/register", {
        providerId,
        issuer: `https://sp.test/${providerId}`,
        domain: `${providerId}.test`,
        organizationId: kit.organizationId,
        samlConfig: { idpMetadata: { metadata: kit.idp.metadata }, ...samlConfig },
      });
    const short = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    });
    for (const [name, spSigningKey] of [
      ["mismatched", { privateKey: KEYS.attacker.key, certificate: KEYS.idp.cert }],
      ["1024-bit", { privateKey: short.toString(), certificate: KEYS.attacker.cert }],
      ["garbage", { privateKey: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----", certificate: "x" }],
    ] as const) {
      const r = await register(`bad-${name.slice(0, 4)}`, { spSigningKey });
      expect(r.status, name).toBe(400);
      expect(r.body.code).toBe("INVALID_PROVIDER_CONFIG");
      expect(r.text).not.toContain("PRIVATE KEY");
    }
    // Signing switched off with a key supplied is a contradiction, not a silent choice.
    const off = await register("bad-off", { signAuthnRequests: false, spSigningKey: supplied });
    expect(off.status).toBe(400);
  });

  it("honours an IdP's WantAuthnRequestsSigned: signs without being asked, refuses to be told not to", async () => {
    const metadata = kit.idp.metadataWantingSignedRequests;
    await kit.connect("wants", "wants.test", true, { samlConfig: { idpMetadata: { metadata } } });
    expect(await metadataOf("wants")).toContain('AuthnRequestsSigned="true"');
    expect(new URL((await redirectUrl("wants")).url).searchParams.get("Signature")).toBeTruthy();

    const unsigned = await kit.owner.client.post("/sso/register", {
      providerId: "wants-unsigned",
      issuer: "https://sp.test/wants-unsigned",
      domain: "wants-unsigned.test",
      organizationId: kit.organizationId,
      samlConfig: { idpMetadata: { metadata }, signAuthnRequests: false },
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.message).toContain("WantAuthnRequestsSigned");
    const off = await kit.owner.client.post("/sso/update-provider", {
      providerId: "wants",
      samlConfig: { signAuthnRequests: false },
    });
    expect(off.status).toBe(400);
  });
});
