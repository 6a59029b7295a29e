import type { Schema } from "@gatehouse-auth/core";

/** The model name of the key pairs table. */
export const JWKS_MODEL = "jwks";

/**
 * The key pairs (SPEC.md §3 "key pair": id, publicKey, privateKey, createdAt). Both keys are JWK JSON;
 * the private one is encrypted with the secret and never returned. The id is the JWT header's `kid`.
 */
export const jwksSchema: Schema = {
  [JWKS_MODEL]: {
    modelName: JWKS_MODEL,
    fields: {
      publicKey: { type: "string", long: true, input: false },
      privateKey: { type: "string", long: true, input: false, returned: false },
      // Indexed: the JWKS lists the keys created within the rotation window.
      createdAt: { type: "date", index: true, input: false },
    },
  },
};
