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
  /** Replace these key pairs with freshly generated ones (signing: after an overlap, see below). */
  rotate?: readonly ("signing" | "encryption")[];
  /** End a signing-key overlap now: the pending key signs from the next request on, the old one goes. */
  promoteSigning?: boolean;
}

/**
 * A signing-key rotation's overlap ends by itself `overlapMs` after it began: from then on the pending
 * key is the signing key. Applied when a connection is read (sign-in, metadata) and before a change
 * is stored, so no job has to run at the deadline.
 */
export function settleSigningRotation(
  config: SamlConfig,
  keys: SpPrivateKeys,
  now: number,
  overlapMs: number,
): { config: SamlConfig; keys: SpPrivateKeys } {
  const since = config.spNextSigningSince;
  if (!keys.nextSigning || !config.spNextSigningCert || since == null || now < since + overlapMs)
    return { config, keys };
  return promote(config, keys);
}

function promote(config: SamlConfig, keys: SpPrivateKeys): { config: SamlConfig; keys: SpPrivateKeys } {
  const { nextSigning, ...rest } = keys;
  return {
    config: {
      ...config,
      spSigningCert: config.spNextSigningCert ?? null,
      spNextSigningCert: null,
      spNextSigningSince: null,
    },
    keys: { ...rest, signing: nextSigning },
  };
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
  if (!sign && (change.spSigningKey || rotate.includes("signing") || change.promoteSigning))
    invalid("A signing key needs signAuthnRequests: true");
  if (change.promoteSigning && (!keys.nextSigning || !config.spNextSigningCert))
    invalid("No rotated signing key is waiting to be promoted");
  const require = change.requireEncryptedAssertions ?? config.requireEncryptedAssertions === true;
  const encrypt =
    change.encryptAssertions ?? (config.encryptAssertions === true || require || change.spEncryptionKey !== undefined);
  if (!encrypt && (require || change.spEncryptionKey || rotate.includes("encryption")))
    invalid("An encryption key or requireEncryptedAssertions needs encryptAssertions: true");

  let next: SpPrivateKeys = { ...keys };
  let out: SamlConfig = { ...config, signAuthnRequests: sign, encryptAssertions: encrypt };
  out.requireEncryptedAssertions = require;

  const pair = async (supplied: SpKeyChange["spSigningKey"]): Promise<SpKeyPair> =>
    supplied ? readSuppliedKeyPair(supplied) : generateSpKeyPair(commonName, now);

  const noPending = () => {
    delete next.nextSigning;
    out.spNextSigningCert = null;
    out.spNextSigningSince = null;
  };
  if (!sign) {
    delete next.signing;
    out.spSigningCert = null;
    noPending();
  } else if (change.spSigningKey || !next.signing || !config.spSigningCert) {
    // A supplied key (one the IdP already trusts) or a first key signs at once, ending any overlap.
    const p = await pair(change.spSigningKey);
    next.signing = p.privateKey;
    out.spSigningCert = p.cert;
    noPending();
  } else if (rotate.includes("signing")) {
    // The overlap: the new key is published beside the current one, which keeps signing, so an IdP
    // that re-imports the metadata meanwhile trusts both and never refuses a request. Rotating again
    // during the overlap replaces the pending key and starts the overlap afresh.
    const p = await pair(undefined);
    next.nextSigning = p.privateKey;
    out.spNextSigningCert = p.cert;
    out.spNextSigningSince = now.getTime();
  } else if (change.promoteSigning) {
    ({ config: out, keys: next } = promote(out, next));
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
