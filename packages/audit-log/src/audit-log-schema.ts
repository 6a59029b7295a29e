import type { Schema } from "@gatehouse-auth/core";

/** The `auditEvent` table, indexed for the three listings (newest first) and the retention cleanup. */
export const auditLogSchema: Schema = {
  auditEvent: {
    fields: {
      type: { type: "string", maxLength: 64 },
      actorUserId: { type: "string", required: false, index: true },
      userId: { type: "string", required: false },
      organizationId: { type: "string", required: false },
      ipAddress: { type: "string", required: false, maxLength: 64 },
      userAgent: { type: "string", required: false, maxLength: 512 },
      outcome: { type: "string", maxLength: 16 },
      details: { type: "string", long: true },
      createdAt: { type: "date", index: true },
    },
    indexes: [
      // A listing by type reads one page in order, not every event of the type and a sort.
      ["type", "createdAt"],
      ["userId", "createdAt"],
      ["organizationId", "createdAt"],
    ],
  },
};
