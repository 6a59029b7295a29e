import type { Schema } from "@gatehouse-auth/core";

/**
 * Fields the plugin adds to the user. `username` is the lower-cased name, unique: the database, not a
 * read before the write, keeps two users from holding one name in any case. `displayUsername` is the
 * same name as the user spelled it. Neither is an additional field: the plugin's `userInput` reads
 * `username` from sign-up and update-user and writes both, so `displayUsername` can never differ from
 * the username other than in case.
 */
export function usernameSchema(maxLength: number): Schema {
  return {
    user: {
      fields: {
        username: { type: "string", required: false, unique: true, maxLength, input: false },
        displayUsername: { type: "string", required: false, maxLength, input: false },
      },
    },
  };
}
