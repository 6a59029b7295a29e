import type { Schema } from "@gatehouse/core";

/** The `auditEvent` table, indexed for the three listings (newest first) and the retention cleanup. */
export const auditLogSchema: Schema = {
  auditEvent: {
    fields: {
      type: { type: "string", maxLength: 64, index: true },
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
      ["userId", "createdAt"],
      ["organizationId", "createdAt"],
    ],
  },
};
