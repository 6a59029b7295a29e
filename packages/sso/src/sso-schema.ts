import type { Schema } from "@gatehouse-auth/core";

const now = () => new Date();

/** The connection table and the spent-assertion table. */
export const ssoSchema: Schema = {
  ssoProvider: {
    fields: {
      providerId: { type: "string", unique: true },
      organizationId: {
        type: "string",
        index: true,
        references: { model: "organization", field: "id", onDelete: "cascade" },
      },
      userId: { type: "string", required: false },
      protocol: { type: "string" },
      issuer: { type: "string", long: true, maxLength: 1024 },
      domain: { type: "string", index: true },
      // Public settings (JSON: entry point, certificate, mapping, discovered endpoints).
      config: { type: "string", long: true, maxLength: 65535 },
      // Secrets (client secret, SP private key), encrypted with the auth secret.
      secret: { type: "string", required: false, long: true, maxLength: 16384 },
      domainVerified: { type: "boolean", defaultValue: false },
      domainVerificationToken: { type: "string" },
      enforceSSO: { type: "boolean", defaultValue: false },
      // JSON array of user ids (members of the organization) still allowed other sign-ins under enforcement.
      breakGlassUserIds: { type: "string", required: false, long: true, maxLength: 2048 },
      disabled: { type: "boolean", defaultValue: false },
      // The last sign-in through the connection, to the minute (record-connection-sign-in.ts), for listings.
      lastSignInAt: { type: "date", required: false },
      createdAt: { type: "date", defaultValue: now },
      updatedAt: { type: "date", defaultValue: now },
    },
    // Listed per organization, oldest first.
    indexes: [["organizationId", "createdAt"]],
  },
  ssoAssertion: {
    fields: {
      // `<providerId>:<assertion ID>`: a unique key makes a replay lose the race too.
      key: { type: "string", unique: true, long: true, maxLength: 600 },
      expiresAt: { type: "date", index: true },
    },
  },
};
