import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer } from "node:http";
import { toNodeHandler } from "@gatehouse-auth/core/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeSiteVerify, startFakeSiteVerify } from "./fake-site-verify.test-helper.js";
import { makeCaptchaAuth, uniqueEmail } from "./test-helpers.js";

let fake: FakeSiteVerify;
beforeAll(async () => {
  fake = await startFakeSiteVerify("cloudflare-turnstile");
});
afterAll(() => fake.close());

/** POSTs JSON with a raw, unnormalized request target, as any HTTP client may send one. */
function post(port: number, path: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

it("node handler: no raw spelling of a guarded path reaches the endpoint without the captcha", async () => {
  const { auth } = makeCaptchaAuth(fake);
  const server = createServer(toNodeHandler(auth));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const email = uniqueEmail();
    const body = { name: "Raw", email, password: "password-123" };
    const spellings = [
      "/api/auth/sign-up/email",
      "/api/auth/sign-up/email/",
      "/api/auth/sign-up//email",
      "/api/auth//sign-up/email",
      "/api/auth/sign-up/./email",
      "/api/auth/x/../sign-up/email",
      "/api/auth/sign-up/%2e/email",
      "/api/auth/sign-up%2femail",
      "/api/auth/sign-up/email?x=1",
      "/api/auth/sign-up/email#frag",
      "http://127.0.0.1/api/auth/sign-up/email",
      "/api/auth/request-password-reset/",
      "/api/auth/sign-in/email/.",
    ];
    for (const path of spellings) {
      const r = await post(port, path, body);
      expect([400, 404], `${path} answered ${r.status} ${r.body}`).toContain(r.status);
      if (r.status === 400) expect(JSON.parse(r.body).code).toBe("MISSING_CAPTCHA_RESPONSE");
    }
    expect(await auth.$context.users.findByEmail(email)).toBeNull();
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
