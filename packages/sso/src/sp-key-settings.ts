import { AuthError } from "@gatehouse-auth/core";
import { z } from "zod";
import { type SpKeyPair, type SpPrivateKeys, generateSpKeyPair, readSuppliedKeyPair } from "./sp-keys.js";
import { SSO_ERRORS } from "./sso-errors.js";
import type { SamlConfig } from "./sso-types.js";

/** A key pair in a request body: PEM private key and its certificate. Never echoed, never logged. */
const keyPairInput = z
  .object({ privateKey: z.string().min(1).max(16384), certificate: z.string().min(1).max(16384) })
  .strict();

/** The SP key settings register-provider and update-provider take inside `samlConfig`. */
export const spKeyFields = {
  signAuthnRequests: z.boolean().optional(),
  encryptAssertions: z.boolean().optional(),
  requireEncryptedAssertions: z.boolean().optional(),
  /** Supplied instead of generated (e.g. a key the IdP administrator already trusts). */
  spSigningKey: keyPairInput.optional(),
  spEncryptionKey: keyPairInput.optional(),
};

export interface SpKeyChange {
  signAuthnRequests?: boolean;
  encryptAssertions?: boolean;
  requireEncryptedAssertions?: boolean;
  spSigningKey?: { privateKey: string; certificate: string };
  spEncryptionKey?: { privateKey: string; certificate: string };
  /** Replace these key pairs with freshly generated ones. */
  rotate?: readonly ("signing" | "encryption")[];
}

const invalid = (message: string): never => {
  throw new AuthError(SSO_ERRORS.INVALID_PROVIDER_CONFIG, { message });
};

/**
 * The connection's settings and private keys after a change: keys are generated when a feature is
 * turned on without one (or rotated), taken from the body when supplied, and dropped when it is
 * turned off. A replaced encryption key stays as `previousEncryption` so that responses the IdP still
 * encrypts to the old certificate decrypt until it imports the new metadata.
 */
export async function applySpKeyChange(
  config: SamlConfig,
  keys: SpPrivateKeys,
  change: SpKeyChange,
  commonName: string,
  now: Date,
): Promise<{ config: SamlConfig; keys: SpPrivateKeys }> {
  const rotate = change.rotate ?? [];
  const sign = change.signAuthnRequests ?? (config.signAuthnRequests === true || change.spSigningKey !== undefined);
  if (!sign && config.idpWantsSignedRequests)
    invalid("The IdP's metadata requires signed AuthnRequests (WantAuthnRequestsSigned)");
  if (!sign && (change.spSigningKey || rotate.includes("signing")))
    invalid("A signing key needs signAuthnRequests: true");
  const require = change.requireEncryptedAssertions ?? config.requireEncryptedAssertions === true;
  const encrypt =
    change.encryptAssertions ?? (config.encryptAssertions === true || require || change.spEncryptionKey !== undefined);
  if (!encrypt && (require || change.spEncryptionKey || rotate.includes("encryption")))
    invalid("An encryption key or requireEncryptedAssertions needs encryptAssertions: true");

  const next: SpPrivateKeys = { ...keys };
  const out: SamlConfig = { ...config, signAuthnRequests: sign, encryptAssertions: encrypt };
  out.requireEncryptedAssertions = require;

  const pair = async (supplied: SpKeyChange["spSigningKey"]): Promise<SpKeyPair> =>
    supplied ? readSuppliedKeyPair(supplied) : generateSpKeyPair(commonName, now);

  if (!sign) {
    delete next.signing;
    out.spSigningCert = null;
  } else if (change.spSigningKey || !next.signing || !config.spSigningCert || rotate.includes("signing")) {
    const p = await pair(change.spSigningKey);
    next.signing = p.privateKey;
    out.spSigningCert = p.cert;
  }

  if (!encrypt) {
    delete next.encryption;
    delete next.previousEncryption;
    out.spEncryptionCert = null;
  } else if (change.spEncryptionKey || !next.encryption || !config.spEncryptionCert || rotate.includes("encryption")) {
    const p = await pair(change.spEncryptionKey);
    if (next.encryption) next.previousEncryption = next.encryption;
    next.encryption = p.privateKey;
    out.spEncryptionCert = p.cert;
  }
  return { config: out, keys: next };
}
