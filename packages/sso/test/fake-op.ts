// A malicious (or broken) OpenID Provider on 127.0.0.1: it runs the code flow honestly (PKCE checked)
// but can be told to answer with an ID token for another audience, from another issuer, with another
// nonce, signed by another key, to send a wrong `iss` with the authorization response, or to redirect
// its discovery document elsewhere.
import { createHash } from "node:crypto";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair } from "jose";

/** What the next answers get wrong; reset between tests. */
export interface Misbehaviour {
  aud?: string;
  idTokenIssuer?: string;
  nonce?: string;
  otherKey?: boolean;
  authResponseIssuer?: string;
  discoveryRedirect?: string;
  discoveryIssuer?: string;
  email?: string;
}

export interface FakeOp {
  issuer: string;
  bad: Misbehaviour;
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString("base64url");

export async function startFakeOp(clientId: string): Promise<FakeOp> {
  const key = await generateKeyPair("RS256");
  const other = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(key.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const codes = new Map<string, { nonce: string; challenge: string }>();
  const bad: Misbehaviour = {};
  let issuer = "";
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (url.pathname === "/.well-known/openid-configuration") {
      if (bad.discoveryRedirect) return void res.writeHead(302, { location: bad.discoveryRedirect }).end();
      return json(200, {
        issuer: bad.discoveryIssuer ?? issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        authorization_response_iss_parameter_supported: true,
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [jwk] });
    if (url.pathname === "/authorize") {
      const code = b64url(Buffer.from(crypto.getRandomValues(new Uint8Array(16))));
      codes.set(code, {
        nonce: url.searchParams.get("nonce") ?? "",
        challenge: url.searchParams.get("code_challenge") ?? "",
      });
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      back.searchParams.set("iss", bad.authResponseIssuer ?? issuer);
      return void res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === "/token" && req.method === "POST") {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const flow = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      if (!flow || b64url(createHash("sha256").update(verifier).digest()) !== flow.challenge)
        return json(400, { error: "invalid_grant" });
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({
        email: bad.email ?? "grace@acme.test",
        email_verified: true,
        name: "Grace Hopper",
        nonce: bad.nonce ?? flow.nonce,
      })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer(bad.idTokenIssuer ?? issuer)
        .setAudience(bad.aud ?? clientId)
        .setSubject("fake-op-user-1")
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(bad.otherKey ? other.privateKey : key.privateKey);
      return json(200, { access_token: "at-1", token_type: "Bearer", expires_in: 300, id_token: idToken });
    }
    json(404, { error: "not_found" });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    bad,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
