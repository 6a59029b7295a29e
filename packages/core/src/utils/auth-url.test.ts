import { describe, expect, it } from "vitest";
import { makeMailAuth } from "../testing/make-mail-auth.js";
import type { AuthOptions } from "../options/auth-options.js";

// No baseURL: links are built from the request's Host, which a client can set to anything.
function withoutBaseURL(extra: Partial<AuthOptions> = {}) {
  const mail = makeMailAuth({ baseURL: undefined, ...extra });
  const request = (host: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    mail.auth.handler(
      new Request(`http://${host}/api/auth${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { host, origin: "https://app.example.com", "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "manual",
      }),
    );
  return { ...mail, request };
}

describe("links without a configured baseURL", () => {
  const trusted = { trustedOrigins: ["https://app.example.com"] };

  it("a reset request with an attacker's Host mails no link to the attacker's host", async () => {
    const { request, mails } = withoutBaseURL(trusted);
    const email = "victim@example.com";
    expect(
      (await request("app.example.com", "/sign-up/email", { name: "V", email, password: "password-123" })).status,
    ).toBe(200);
    const poisoned = await request("attacker.example", "/request-password-reset", { email });
    expect(poisoned.status).toBe(400);
    expect(await poisoned.json()).toMatchObject({ message: "Untrusted Host header" });
    expect(mails.filter((m) => m.type === "reset-password")).toEqual([]);
    // Forwarded headers are not a way around it.
    const forwarded = await request(
      "attacker.example",
      "/request-password-reset",
      { email },
      {
        "x-forwarded-host": "app.example.com",
        "x-forwarded-proto": "https",
      },
    );
    expect(forwarded.status).toBe(400);
  });

  it("an untrusted Host is refused alike for known and unknown addresses (no enumeration through the refusal)", async () => {
    const { request } = withoutBaseURL(trusted);
    const email = "known@example.com";
    await request("app.example.com", "/sign-up/email", { name: "K", email, password: "password-123" });
    for (const path of ["/request-password-reset", "/send-verification-email"]) {
      const known = await request("attacker.example", path, { email });
      const unknown = await request("attacker.example", path, { email: "nobody@example.com" });
      expect([path, known.status, await known.text()]).toEqual([path, unknown.status, await unknown.text()]);
      expect(known.status).toBe(400);
    }
  });

  it("a trusted Host gets links on its trusted origin (its https scheme), loopback works for development", async () => {
    const { request, lastMail } = withoutBaseURL(trusted);
    const email = "kim@example.com";
    await request("app.example.com", "/sign-up/email", { name: "K", email, password: "password-123" });
    expect(lastMail(email, "verify-email").url).toMatch(/^https:\/\/app\.example\.com\/api\/auth\/verify-email\?/);
    await request("localhost:3000", "/request-password-reset", { email });
    expect(lastMail(email, "reset-password").url).toMatch(/^http:\/\/localhost:3000\/api\/auth\/reset-password\//);
  });

  it("redirects to our own pages are path-absolute, so Host never chooses where the browser goes", async () => {
    const { request } = withoutBaseURL(trusted);
    const r = await request("attacker.example", "/callback/github?code=x&state=y");
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/api/auth/error?error=oauth_provider_not_found");
  });
});
