import type { Schema } from "@gatehouse-auth/core";

/**
 * One `passkey` row per registered credential: the COSE public key (base64url), the credential ID
 * (base64url, unique: one authenticator credential belongs to one account), the signature counter last
 * seen (clone detection), and what the authenticator said about itself at registration.
 */
export const passkeySchema = {
  passkey: {
    fields: {
      name: { type: "string", required: false, maxLength: 120 },
      publicKey: { type: "string", long: true, returned: false },
      userId: { type: "string", index: true, references: { model: "user", field: "id", onDelete: "cascade" } },
      // WebAuthn allows IDs up to 1023 bytes; real ones are 16–64. 700 characters (525 bytes) keeps the
      // unique index within MySQL's key size.
      credentialID: { type: "string", unique: true, maxLength: 700 },
      counter: { type: "number", defaultValue: 0 },
      deviceType: { type: "string", maxLength: 32 },
      backedUp: { type: "boolean", defaultValue: false },
      transports: { type: "string", required: false, maxLength: 255 },
      createdAt: { type: "date", defaultValue: () => new Date() },
      aaguid: { type: "string", required: false, maxLength: 36 },
    },
    // The listing pages a user's passkeys by createdAt, and registration reads the newest: both in index order.
    indexes: [["userId", "createdAt"]],
  },
} satisfies Schema;
