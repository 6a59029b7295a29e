// Local stand-ins for the three providers' site-verify APIs, for this package's tests. Each reads the
// request the way its real counterpart does (form bodies; Turnstile also JSON), checks the secret,
// the token, the site key (hCaptcha) and the remote IP a token was issued to, and answers in that
// provider's shape and error codes. `misbehave` makes it fail the ways a network service fails.
import { randomUUID } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { CaptchaProvider } from "./captcha-options.js";

/** What a token was issued for: the visitor's address, the page's hostname, v3's action and score. */
export interface IssuedToken {
  ip?: string;
  hostname?: string;
  action?: string;
  score?: number;
}

/** One site-verify request as the fake read it. */
export interface SeenRequest {
  contentType: string;
  fields: Record<string, string>;
}

/** Ways to fail: never answer, drip the body, answer HTML, 500, a redirect, 1 MiB, JSON without `success`. */
export type Misbehaviour = "hang" | "drip" | "html" | "status-500" | "redirect" | "huge" | "no-success";

export interface FakeSiteVerify {
  url: string;
  secret: string;
  siteKey: string;
  requests: SeenRequest[];
  /** A fresh single-use token the fake will accept once. */
  issue(token?: IssuedToken): string;
  misbehave(mode: Misbehaviour | null, redirectTo?: string): void;
  close(): Promise<void>;
}

const REUSED: Record<CaptchaProvider, string> = {
  "cloudflare-turnstile": "timeout-or-duplicate",
  "google-recaptcha": "timeout-or-duplicate",
  hcaptcha: "invalid-or-already-seen-response",
};

/** Starts a fake for `provider` on 127.0.0.1 (a random port). */
export async function startFakeSiteVerify(provider: CaptchaProvider): Promise<FakeSiteVerify> {
  const secret = `secret-${randomUUID()}`;
  const siteKey = randomUUID();
  const issued = new Map<string, IssuedToken>();
  const used = new Set<string>();
  const requests: SeenRequest[] = [];
  let mode: Misbehaviour | null = null;
  let redirect = "";
  const open = new Set<ServerResponse>();

  function judge(fields: Record<string, string>): Record<string, unknown> {
    const no = (...codes: string[]) => ({ success: false, "error-codes": codes });
    if (!fields.secret) return no("missing-input-secret");
    if (fields.secret !== secret) return no("invalid-input-secret");
    if (provider === "hcaptcha" && fields.sitekey && fields.sitekey !== siteKey) return no("sitekey-secret-mismatch");
    if (fields.remoteip !== undefined && !/^[0-9a-f:.]+$/i.test(fields.remoteip)) {
      return provider === "hcaptcha" ? no("invalid-remoteip") : no("bad-request");
    }
    const token = fields.response;
    if (!token) return no("missing-input-response");
    const meta = issued.get(token);
    if (!meta) return no("invalid-input-response");
    if (used.has(token)) return no(REUSED[provider]);
    used.add(token);
    // The token was solved by one visitor: the same token from another address is not that visitor.
    if (meta.ip && fields.remoteip !== undefined && fields.remoteip !== meta.ip) return no("invalid-input-response");
    const answer: Record<string, unknown> = {
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: meta.hostname ?? "app.example.com",
    };
    if (provider === "cloudflare-turnstile")
      Object.assign(answer, { "error-codes": [], action: meta.action ?? "", cdata: "" });
    if (provider === "google-recaptcha" && meta.score !== undefined)
      Object.assign(answer, { score: meta.score, action: meta.action ?? "" });
    if (provider === "hcaptcha") answer.credit = false;
    return answer;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const contentType = String(req.headers["content-type"] ?? "");
    let fields: Record<string, string> = {};
    if (contentType.startsWith("application/x-www-form-urlencoded")) {
      fields = Object.fromEntries(new URLSearchParams(raw));
    } else if (provider === "cloudflare-turnstile" && contentType.startsWith("application/json")) {
      // Only Turnstile takes JSON; Google and hCaptcha read form fields and would see nothing.
      fields = JSON.parse(raw);
    }
    requests.push({ contentType, fields });
    switch (mode) {
      case "hang":
        return; // the socket stays open until close()
      case "drip":
        res.writeHead(200, { "content-type": "application/json" });
        res.write("{");
        return void setInterval(() => !res.destroyed && res.write(" "), 50).unref();
      case "html":
        return void res.writeHead(200, { "content-type": "text/html" }).end("<html>Just a moment...</html>");
      case "status-500":
        return void res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ success: true }));
      case "redirect":
        return void res.writeHead(307, { location: redirect }).end();
      case "huge":
        return void res
          .writeHead(200, { "content-type": "application/json" })
          .end(`{"success":true,"pad":"${"x".repeat(1 << 20)}"}`);
      case "no-success":
        return void res.writeHead(200, { "content-type": "application/json" }).end(`{"ok":true}`);
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(judge(fields)));
  }

  const server = createServer((req, res) => {
    open.add(res);
    res.on("close", () => open.delete(res));
    if (req.method !== "POST" || req.url !== "/siteverify") return void res.writeHead(404).end();
    handle(req, res).catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    secret,
    siteKey,
    requests,
    issue(token = {}) {
      const value = `${provider === "hcaptcha" ? "P1_" : "0."}${randomUUID().replaceAll("-", "")}`;
      issued.set(value, token);
      return value;
    },
    misbehave(next, to = "") {
      mode = next;
      redirect = to;
    },
    close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
