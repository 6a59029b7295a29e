import type { Schema } from "@gatehouse/core";

/**
 * Fields the plugin adds: the user's role and ban, the session's impersonator. None is accepted from
 * sign-up or update-user input; only the admin routes write them.
 */
export function adminSchema(defaultRole: string): Schema {
  return {
    user: {
      fields: {
        role: { type: "string", required: false, defaultValue: defaultRole, input: false },
        banned: { type: "boolean", required: false, defaultValue: false, input: false },
        banReason: { type: "string", required: false, long: true, input: false },
        banExpires: { type: "date", required: false, input: false },
      },
    },
    session: {
      fields: {
        impersonatedBy: { type: "string", required: false, input: false },
      },
    },
  };
}
