import { definePlugin } from "@gatehouse-auth/core";
import { MAGIC_LINK_ERRORS } from "./magic-link-errors.js";
import { MAGIC_LINK_OPTION_KEYS, type MagicLinkOptions, resolveMagicLinkOptions } from "./magic-link-options.js";
import { signInMagicLink } from "./routes/sign-in-magic-link.js";
import { verifyMagicLink } from "./routes/verify-magic-link.js";

/**
 * The magic-link plugin: `POST /sign-in/magic-link` mails a single-use, short-lived link; opening it
 * (`GET /magic-link/verify`) signs that browser in, creating the user (email verified) unless sign-up
 * is disabled. No schema of its own: links live hashed in core's verification table.
 */
export const magicLink = (options: MagicLinkOptions) => {
  const o = resolveMagicLinkOptions(options);
  return definePlugin({
    id: "magic-link",
    // A misspelt option (expireIn) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: MAGIC_LINK_OPTION_KEYS },
    errors: MAGIC_LINK_ERRORS,
    rateLimit: o.rateLimit,
    endpoints: {
      signInMagicLink: signInMagicLink(o),
      magicLinkVerify: verifyMagicLink(o),
    },
  });
};
