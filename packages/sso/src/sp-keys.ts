import { X509Certificate, createPrivateKey, createPublicKey, generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import { AuthError, symmetricDecrypt, symmetricEncrypt } from "@gatehouse-auth/core";
import { selfSignedCertificate } from "./self-signed-cert.js";
import { SSO_ERRORS } from "./sso-errors.js";

/** An SP key pair: the PKCS#8 PEM private key (secret) and its certificate's base64 DER (public). */
export interface SpKeyPair {
  privateKey: string;
  cert: string;
}

/** The private keys of a SAML connection, stored encrypted in the row's `secret` column. */
export interface SpPrivateKeys {
  /** Signs AuthnRequests (HTTP-Redirect binding) and the SP metadata. */
  signing?: string;
  /** A rotated-in signing key in its overlap: published beside `signing`, signs nothing until promoted. */
  nextSigning?: string;
  /** Decrypts EncryptedAssertions. */
  encryption?: string;
  /** The encryption key before the last rotation: still decrypts until the IdP has the new certificate. */
  previousEncryption?: string;
}

const generate = promisify(generateKeyPair);

/** A fresh RSA-2048 key pair with a ten-year self-signed certificate (generated off the event loop). */
export async function generateSpKeyPair(commonName: string, now: Date): Promise<SpKeyPair> {
  const { privateKey } = await generate("rsa", { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    cert: selfSignedCertificate(privateKey, commonName, now, 10),
  };
}

const invalid = (message: string): never => {
  throw new AuthError(SSO_ERRORS.INVALID_PROVIDER_CONFIG, { message });
};

/**
 * A key pair an administrator supplies: an unencrypted RSA private key of 2048 to 4096 bits (PEM) and
 * the certificate of its public key (PEM or base64 DER). Anything else is a 400, never a stored key.
 */
export function readSuppliedKeyPair(input: { privateKey: string; certificate: string }): SpKeyPair {
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey({ key: input.privateKey, format: "pem" });
  } catch {
    return invalid("privateKey is not an unencrypted PEM private key");
  }
  // Above 4096 bits every signature and decryption gets slow for no gain: a bound, not a preference.
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== "rsa" || bits < 2048 || bits > 4096)
    invalid("privateKey must be an RSA key of 2048 to 4096 bits");
  const body = input.certificate.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(Buffer.from(body, "base64"));
  } catch {
    return invalid("certificate is not an X.509 certificate");
  }
  const spki = (k: ReturnType<typeof createPublicKey>) => k.export({ type: "spki", format: "der" }).toString("base64");
  if (spki(cert.publicKey) !== spki(createPublicKey(key))) invalid("certificate is not the privateKey's");
  return { privateKey: key.export({ type: "pkcs8", format: "pem" }).toString(), cert: body };
}

/** The stored form: encrypted with the auth secret, like OIDC client secrets. */
export function sealSpKeys(secret: string, keys: SpPrivateKeys): string | null {
  return keys.signing || keys.encryption ? symmetricEncrypt(secret, JSON.stringify(keys)) : null;
}

/** The private keys of a SAML row (none when it has no `secret`, or the auth secret changed). */
export function openSpKeys(secret: string, sealed: string | null): SpPrivateKeys {
  if (!sealed) return {};
  const json = symmetricDecrypt(secret, sealed);
  if (!json) return {};
  try {
    return JSON.parse(json) as SpPrivateKeys;
  } catch {
    return {};
  }
}
