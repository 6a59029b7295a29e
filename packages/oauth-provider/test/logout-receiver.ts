// Test helper: a relying party's back-channel logout endpoint on 127.0.0.1 that validates each logout
// token as OIDC Back-Channel Logout 1.0 §2.6 says, with jose against the provider's JWKS, and answers
// 200 (accepted) or 400 (rejected) as §2.8 says. Paths: /logout/<client id> validates for that client;
// /hang never answers; /redirect answers 302 to /logout/<client id in ?to>.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type JWTPayload, createRemoteJWKSet, jwtVerify } from "jose";

const EVENT = "http://schemas.openid.net/event/backchannel-logout";

/** One request the receiver saw. */
export interface Received {
  path: string;
  contentType: string | undefined;
  accepted: boolean;
  /** Why it was rejected (null when accepted). */
  error: string | null;
  claims: JWTPayload | null;
}

export interface LogoutReceiver {
  origin: string;
  received: Received[];
  /** The accepted logout tokens' claims for a client, in arrival order. */
  acceptedFor(clientId: string): JWTPayload[];
  /** Requests that reached /hang and are still held open. */
  hanging: number;
  /** The issuer whose JWKS validates tokens (set once the provider is up). */
  trust(issuer: string): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startLogoutReceiver(): Promise<LogoutReceiver> {
  let issuer = "";
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  const seenJti = new Set<string>();
  const held: ServerResponse[] = [];
  const received: Received[] = [];

  /** §2.6 steps 2-6: signature and iss/aud/iat, sub or sid, the event, no nonce, jti not replayed. */
  async function validate(clientId: string, token: string): Promise<JWTPayload> {
    if (!jwks) throw new Error("no issuer trusted yet");
    const { payload } = await jwtVerify(token, jwks, {
      issuer,
      audience: clientId,
      typ: "logout+jwt",
      requiredClaims: ["iat", "exp", "jti", "events"],
      maxTokenAge: "5 minutes",
    });
    if (typeof payload.sub !== "string" && typeof (payload as { sid?: unknown }).sid !== "string")
      throw new Error("neither sub nor sid");
    const events = payload.events as Record<string, unknown> | undefined;
    const event = events?.[EVENT];
    if (typeof event !== "object" || event === null || Array.isArray(event)) throw new Error("no logout event");
    if ("nonce" in payload) throw new Error("a nonce in a logout token");
    if (seenJti.has(payload.jti as string)) throw new Error("replayed jti");
    seenJti.add(payload.jti as string);
    return payload;
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://receiver");
    if (url.pathname === "/hang") {
      held.push(res);
      return;
    }
    if (url.pathname === "/redirect") {
      res.writeHead(302, { location: `/logout/${url.searchParams.get("to")}` }).end();
      received.push({
        path: "/redirect",
        contentType: req.headers["content-type"],
        accepted: false,
        error: "redirect",
        claims: null,
      });
      return;
    }
    const entry: Received = {
      path: url.pathname,
      contentType: req.headers["content-type"],
      accepted: false,
      error: null,
      claims: null,
    };
    try {
      if (req.method !== "POST") throw new Error("not a POST");
      if (entry.contentType !== "application/x-www-form-urlencoded") throw new Error("not a form");
      const token = new URLSearchParams(await readBody(req)).get("logout_token");
      if (!token) throw new Error("no logout_token");
      entry.claims = await validate(decodeURIComponent(url.pathname.replace(/^\/logout\//, "")), token);
      entry.accepted = true;
      res.writeHead(200, { "cache-control": "no-store" }).end();
    } catch (error) {
      entry.error = (error as Error).message;
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: "invalid_request" }));
    }
    received.push(entry);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    acceptedFor: (clientId) =>
      received.filter((r) => r.accepted && r.path === `/logout/${clientId}`).map((r) => r.claims as JWTPayload),
    get hanging() {
      return held.length;
    },
    trust(iss) {
      issuer = iss;
      jwks = createRemoteJWKSet(new URL(`${iss}/jwks`));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
