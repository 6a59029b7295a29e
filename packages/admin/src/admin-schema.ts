import type { Schema } from "@gatehouse-auth/core";

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
      // list-users filters on role or banned and pages in createdAt order (its default sort): the index
      // finds the filtered rows already in that order, so a page reads its rows and stops, instead of
      // reading every admin or banned user and sorting them. The dashboard's banned count uses the prefix.
      indexes: [
        ["role", "createdAt"],
        ["banned", "createdAt"],
      ],
    },
    session: {
      fields: {
        // Indexed: an admin's impersonation sessions are ended together (end-impersonations.ts).
        impersonatedBy: { type: "string", required: false, input: false, index: true },
      },
    },
  };
}
