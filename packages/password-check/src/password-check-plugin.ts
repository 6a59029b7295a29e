import { definePlugin } from "@gatehouse-auth/core";
import { createPasswordChecker } from "./create-password-checker.js";
import { PASSWORD_CHECK_ERRORS } from "./password-check-errors.js";
import {
  PASSWORD_CHECK_OPTION_KEYS,
  type PasswordCheckOptions,
  resolvePasswordCheckOptions,
} from "./password-check-options.js";
import { passwordCheckRefusals } from "./password-check-refusals.js";
import { guessableInputs, passwordRouteOf, readNewPassword, setsPassword } from "./password-routes.js";

/**
 * The password-check plugin: a before hook on every endpoint that sets a password (PASSWORD_ROUTES)
 * refuses common passwords, optionally weak ones (zxcvbn-ts) and breached ones (Have I Been Pwned).
 * It runs before the endpoint, so a refused password spends no reset token or code.
 */
export const passwordCheck = (options: PasswordCheckOptions = {}) => {
  const o = resolvePasswordCheckOptions(options);
  const check = createPasswordChecker(o);
  return definePlugin({
    id: "password-check",
    // A misspelt option (haveIBeenPwned.timeout) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: PASSWORD_CHECK_OPTION_KEYS },
    errors: PASSWORD_CHECK_ERRORS,
    hooks: {
      before: o.enabled
        ? [
            {
              // By the endpoint, at startup: the OpenAPI document asks the same function, so it lists
              // the refusals on exactly the routes the hook guards.
              appliesTo: setsPassword,
              openapi: { errors: passwordCheckRefusals(o) },
              async run(ctx) {
                const route = passwordRouteOf(ctx);
                if (!route) return;
                const password = readNewPassword(ctx, route);
                if (password === null) return;
                // Core's length rule first: its errors keep precedence, and nothing longer than the
                // configured maximum reaches normalization, zxcvbn or the network.
                ctx.auth.passwords.assertValidLength(password);
                await check(password, guessableInputs(ctx, route), ctx.auth.options.logger);
              },
            },
          ]
        : [],
    },
  });
};
