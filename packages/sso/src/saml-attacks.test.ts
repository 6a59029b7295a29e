import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AssertionSpec, KEYS, type ReceivedRequest, readRedirect, responseXml, sign } from "../test/saml-idp.js";
import { type Kit, SP_ENTITY, startKit } from "../test/sso-test-kit.js";
import { XSW, tamper } from "../test/xsw.js";

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
  await kit.connect("acme");
  await kit.connect("other", "other.test");
});
afterAll(() => kit.close());

const VICTIM = "ceo@acme.test";
const b64 = (xml: string) => Buffer.from(xml).toString("base64");

function spec(req: ReceivedRequest, over: Partial<AssertionSpec> = {}): AssertionSpec {
  return {
    entityId: kit.idp.entityId,
    acs: req.acs,
    audience: SP_ENTITY("acme"),
    inResponseTo: req.id,
    nameId: "mallory@acme.test",
    ...over,
  };
}

/** Starts a real sign-in in a fresh browser, posts what `build` makes of its request; reports the outcome. */
async function attempt(
  build: (req: ReceivedRequest) => string,
  {
    providerId = "acme",
    postTo = providerId,
    encode = b64,
  }: { providerId?: string; postTo?: string; encode?: (x: string) => string } = {},
) {
  const browser = kit.browser();
  const start = await browser.post("/sign-in/sso", { providerId, callbackURL: "/dashboard" });
  expect(start.status).toBe(200);
  const req = readRedirect(start.body.url);
  const res = await kit.post(browser, postTo, encode(build(req)));
  return { res, session: await kit.sessionOf(browser), browser, req };
}

function expectRefused(outcome: Awaited<ReturnType<typeof attempt>>, code?: string) {
  expect(outcome.res.status, outcome.res.text).toBe(302);
  const location = outcome.res.headers.get("location") ?? "";
  expect(location).toMatch(/[?&]error=/);
  if (code) expect(location).toContain(`error=${code}`);
  expect(outcome.session).toBeNull();
  expect(outcome.res.headers.getSetCookie().some((c) => c.includes("session_token=") && !/max-age=0/i.test(c))).toBe(
    false,
  );
}

describe("the attack corpus: every forged, stale or misdirected response is refused", () => {
  it("control: a well-formed response built the same way signs in (so the refusals below mean something)", async () => {
    const ok = await attempt((req) => sign(responseXml(spec(req)), "assertion"));
    expect(ok.res.headers.get("location")).toBe("/dashboard");
    expect(ok.session?.user.email).toBe("mallory@acme.test");
  });

  it("unsigned", async () => expectRefused(await attempt((req) => responseXml(spec(req)))));

  it("signed by a key the connection does not trust", async () => {
    expectRefused(await attempt((req) => sign(responseXml(spec(req)), "both", KEYS.attacker)));
  });

  it("altered after signing (response and assertion signed)", async () => {
    expectRefused(await attempt((req) => tamper(sign(responseXml(spec(req)), "both"), VICTIM)));
    expectRefused(await attempt((req) => tamper(sign(responseXml(spec(req)), "assertion"), VICTIM)));
  });

  for (const [name, wrap] of Object.entries(XSW)) {
    it(`signature wrapping ${name}`, async () => {
      const what = name === "XSW1" || name === "XSW2" ? "response" : "assertion";
      const outcome = await attempt((req) => wrap(sign(responseXml(spec(req)), what), VICTIM));
      expect(outcome.session?.user.email).not.toBe(VICTIM);
      expectRefused(outcome);
    });
  }

  it("a comment in the NameID is read whole (ceo@acme.test<!---->.evil.test is not ceo@acme.test)", async () => {
    const outcome = await attempt((req) =>
      sign(responseXml(spec(req, { nameId: "x", email: null }), "ceo@acme.test<!---->.evil.test"), "both"),
    );
    expect(outcome.session?.user.email).not.toBe(VICTIM);
    expectRefused(outcome);
  });

  it("expired, and not yet valid (beyond the skew)", async () => {
    const now = Date.now();
    expectRefused(
      await attempt((req) =>
        sign(
          responseXml(spec(req, { notBefore: new Date(now - 3_600_000), notOnOrAfter: new Date(now - 600_000) })),
          "both",
        ),
      ),
    );
    expectRefused(
      await attempt((req) =>
        sign(
          responseXml(spec(req, { notBefore: new Date(now + 600_000), notOnOrAfter: new Date(now + 3_600_000) })),
          "both",
        ),
      ),
    );
  });

  it("wrong audience, destination, recipient; another IdP's issuer", async () => {
    expectRefused(await attempt((req) => sign(responseXml(spec(req, { audience: SP_ENTITY("other") })), "both")));
    expectRefused(
      await attempt((req) => sign(responseXml(spec(req, { destination: "https://evil.example/acs" })), "both")),
      "invalid_destination",
    );
    expectRefused(
      await attempt((req) => sign(responseXml(spec(req, { recipient: "https://evil.example/acs" })), "both")),
      "invalid_recipient",
    );
    expectRefused(
      await attempt((req) => sign(responseXml(spec(req, { entityId: "https://evil.example/idp" })), "both")),
    );
  });

  it("a non-Success status", async () => {
    expectRefused(
      await attempt((req) =>
        sign(responseXml(spec(req, { status: "urn:oasis:names:tc:SAML:2.0:status:Requester" })), "both"),
      ),
    );
  });

  it("unsolicited (IdP-initiated): no InResponseTo, or no request in this browser", async () => {
    expectRefused(await attempt((req) => sign(responseXml(spec(req, { inResponseTo: null })), "both")));
    const stranger = kit.browser();
    const res = await kit.post(
      stranger,
      "acme",
      b64(
        sign(
          responseXml(spec({ id: "_x", acs: "", issuer: "", relayState: "" }, { acs: `${kit.idp.origin}` })),
          "both",
        ),
      ),
    );
    expect(res.headers.get("location")).toContain("error=unsolicited_response");
    expect(await kit.sessionOf(stranger)).toBeNull();
  });

  it("a response to another browser's request (login CSRF) is refused", async () => {
    const victimBrowser = kit.browser();
    const start = await victimBrowser.post("/sign-in/sso", { providerId: "acme", callbackURL: "/dashboard" });
    expect(start.status).toBe(200);
    // The attacker answers their own request and pushes the answer into the victim's browser.
    const outcome = await attempt((req) => sign(responseXml(spec(req)), "both"), { encode: (x) => b64(x) });
    expect(outcome.session?.user.email).toBe("mallory@acme.test");
    const theirs = await attempt((req) => req.id);
    void theirs;
    const attackerReq = readRedirect(
      (await kit.browser().post("/sign-in/sso", { providerId: "acme", callbackURL: "/" })).body.url,
    );
    const res = await kit.post(victimBrowser, "acme", b64(sign(responseXml(spec(attackerReq)), "both")));
    expect(res.headers.get("location")).toMatch(/error=/);
    expect(await kit.sessionOf(victimBrowser)).toBeNull();
  });

  it("replayed: the same response twice, and a new response reusing a spent assertion ID", async () => {
    const first = await attempt((req) => sign(responseXml(spec(req, { assertionId: "_spent-assertion-1" })), "both"));
    expect(first.session?.user.email).toBe("mallory@acme.test");
    // The request is spent: the same bytes again find no pending request.
    const again = await attempt(() => "");
    void again;
    const browser = kit.browser();
    const start = await browser.post("/sign-in/sso", { providerId: "acme", callbackURL: "/dashboard" });
    const req = readRedirect(start.body.url);
    const res = await kit.post(
      browser,
      "acme",
      b64(sign(responseXml(spec(req, { assertionId: "_spent-assertion-1" })), "both")),
    );
    expect(res.headers.get("location")).toContain("error=assertion_replayed");
    expect(await kit.sessionOf(browser)).toBeNull();
  });

  it("another connection's response, or a response posted to another connection's ACS", async () => {
    expectRefused(
      await attempt((req) => sign(responseXml(spec(req)), "both"), { postTo: "other" }),
      "invalid_provider",
    );
    expectRefused(
      await attempt(
        (req) => sign(responseXml(spec(req, { audience: SP_ENTITY("other"), nameId: "eve@other.test" })), "both"),
        {
          providerId: "other",
          postTo: "acme",
        },
      ),
    );
  });

  it("a DTD or an external entity, and an oversized response", async () => {
    const xxe = (req: ReceivedRequest) =>
      `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${sign(responseXml(spec(req)), "both")}`;
    expectRefused(await attempt(xxe), "invalid_saml_response");
    const big = (req: ReceivedRequest) =>
      sign(responseXml(spec(req, { groups: [Array.from({ length: 300 * 1024 }, () => "a").join("")] })), "both");
    expectRefused(await attempt(big), "invalid_saml_response");
  });

  it("the size cap is the plugin's (256 KiB decoded), not the text-column cap; other fields keep that cap", async () => {
    // Over 16,383 characters yet under the cap: it reaches the SAML checks (and is refused there as unsigned).
    const long = await attempt((req) => responseXml(spec(req, { groups: ["g".repeat(20_000)] })));
    expectRefused(long, "invalid_saml_response");
    const browser = kit.browser();
    const res = await kit.post(browser, "acme", "AAAA", "r".repeat(20_000));
    expect(res.status).toBe(400);
  });

  it("a connection never signs in an address outside its verified domain", async () => {
    expectRefused(await attempt((req) => sign(responseXml(spec(req, { nameId: "boss@other.test" })), "both")));
  });
});
