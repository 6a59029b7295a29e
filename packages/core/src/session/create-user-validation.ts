import type { User } from "../schema/model-types.js";

/**
 * How the user being vetted is signed in: a session about to be created (`new-session`), a stored
 * session a session cookie names (`session`), or a plugin's `authenticate` (`authenticate`: API keys…).
 */
export type UserValidationSource = "new-session" | "session" | "authenticate";

/** A plugin's `validateUser`: throws an AuthError to refuse the user, returns to let them through. */
export type UserValidator = (user: User, source: UserValidationSource) => Promise<void> | void;

/** Runs `validators` in order (the first throw refuses); costs nothing when no plugin has one. */
export function createUserValidation(
  validators: readonly UserValidator[],
): (user: User, source: UserValidationSource) => Promise<void> {
  if (validators.length === 0) return async () => {};
  return async (user, source) => {
    for (const validate of validators) await validate(user, source);
  };
}
