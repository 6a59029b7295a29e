import { createHash, createPrivateKey, createPublicKey, generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import { symmetricDecrypt, symmetricEncrypt } from "@gatehouse-auth/core";

/** The public half of a connection's client key, as its JWKS publishes it. */
export interface ClientJwk {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  kid: string;
  alg: "ES256";
  use: "sig";
}

const generate = promisify(generateKeyPair);

/**
 * A fresh ES256 key pair for `private_key_jwt` (RFC 7523 §2.2): the PKCS#8 PEM private key, sealed with
 * the auth secret like client secrets and SP keys, and its public JWK (kid = the RFC 7638 thumbprint).
 * ES256 because every provider that offers private_key_jwt accepts it and the keys are small.
 */
export async function generateClientKey(authSecret: string): Promise<{ sealed: string; jwk: ClientJwk }> {
  const { privateKey } = await generate("ec", { namedCurve: "P-256" });
  const pub = createPublicKey(privateKey).export({ format: "jwk" }) as { x: string; y: string };
  // RFC 7638: the required members in lexicographic order, no whitespace.
  const thumbprint = createHash("sha256")
    .update(JSON.stringify({ crv: "P-256", kty: "EC", x: pub.x, y: pub.y }))
    .digest("base64url");
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  return {
    sealed: symmetricEncrypt(authSecret, JSON.stringify({ privateKeyJwt: pem })),
    jwk: { kty: "EC", crv: "P-256", x: pub.x, y: pub.y, kid: thumbprint, alg: "ES256", use: "sig" },
  };
}

/** The connection's signing key as WebCrypto wants it (oauth4webapi signs the assertion); null when unreadable. */
export async function openClientKey(authSecret: string, sealed: string | null): Promise<CryptoKey | null> {
  const json = sealed ? symmetricDecrypt(authSecret, sealed) : null;
  if (!json) return null;
  try {
    const { privateKeyJwt } = JSON.parse(json) as { privateKeyJwt?: string };
    if (!privateKeyJwt) return null;
    const der = createPrivateKey(privateKeyJwt).export({ type: "pkcs8", format: "der" });
    return await crypto.subtle.importKey("pkcs8", der, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
  } catch {
    return null;
  }
}
