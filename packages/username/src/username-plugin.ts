import { definePlugin } from "@gatehouse-auth/core";
import type { RateLimitRule } from "@gatehouse-auth/core";
import { isUsernameAvailable } from "./routes/is-username-available.js";
import { signInUsername } from "./routes/sign-in-username.js";
import { USERNAME_ERRORS } from "./username-errors.js";
import { resolveUsernameOptions, USERNAME_OPTION_KEYS } from "./username-options.js";
import type { UsernameOptions } from "./username-options.js";
import { usernameSchema } from "./username-schema.js";
import { usernameUserInput } from "./username-user-input.js";

/**
 * The username plugin: an optional, case-insensitively unique username on sign-up and update-user,
 * sign-in with it, and an availability check.
 */
export const username = (options: UsernameOptions = {}) => {
  const o = resolveUsernameOptions(options);
  // "/sign-in/username" falls under core's "/sign-in/*" rule (3 per 10 s).
  const rateLimit: Record<string, RateLimitRule> =
    o.availabilityRateLimit === false ? {} : { "/is-username-available": o.availabilityRateLimit };
  return definePlugin({
    id: "username",
    schema: usernameSchema(o.maxUsernameLength),
    errors: USERNAME_ERRORS,
    endpoints: { signInUsername: signInUsername(o), isUsernameAvailable: isUsernameAvailable(o) },
    userInput: usernameUserInput(o),
    rateLimit,
    // A misspelt option (minUsernameLenght) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: USERNAME_OPTION_KEYS },
  });
};
