import type { Logger } from "../options/auth-options.js";

// Once per process: after a secret change every returning browser carries such a cookie, and each one
// is an ordinary signed-out visitor, not an attack worth a line per request.
let logged = false;

/**
 * Logs, at debug level and once per process, that a well-formed session cookie carried a signature
 * the secret does not make — almost always because the secret changed since the cookie was set.
 * Gatehouse signs with one secret and keeps no list of former ones, so such users are signed out.
 */
export function logForeignCookieSignature(logger: Logger, signed: string): void {
  if (logged || !logger.debug) return;
  const dot = signed.lastIndexOf(".");
  // Only a cookie shaped like ours (`value.<44-character signature>`); garbage is not worth a guess.
  if (dot <= 0 || signed.length - dot - 1 !== 44) return;
  logged = true;
  logger.debug(
    "Gatehouse: a session cookie is signed with a secret this server does not have (logged once per process). Likely cause: the secret was rotated or differs between instances (GATEHOUSE_SECRET / `secret`); Gatehouse signs with one secret and keeps no list of former ones, so browsers holding such a cookie are signed out and must sign in again. Give every instance the same secret.",
  );
}
