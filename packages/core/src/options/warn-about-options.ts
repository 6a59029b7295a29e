import type { Logger } from "./auth-options.js";

/** Names other libraries read their secret from; Gatehouse does not (see resolveOptions), so say so. */
const FOREIGN_SECRET_VARIABLES = ["BETTER_AUTH_SECRET", "AUTH_SECRET", "NEXTAUTH_SECRET"] as const;

/** Where the secret came from, for the start-up warnings. */
export type SecretSource = "option" | "GATEHOUSE_SECRET" | "development";

// Browsers treat http://localhost and loopback addresses as secure contexts, and a production build
// run on a laptop (a smoke test before deploying) is the one production setup that serves them over
// http: warning there would teach people to ignore the warning.
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The start-up warnings about options that work but are likely a mistake: each names what to change.
 * Refusals (a missing or short secret in production) stay in resolveOptions.
 */
export function warnAboutOptions(
  logger: Logger,
  facts: {
    production: boolean;
    secret: string;
    secretSource: SecretSource;
    baseURL: string;
    secureCookies: boolean;
    env: Record<string, string | undefined>;
  },
): void {
  const { production, secret, secretSource, baseURL, secureCookies, env } = facts;
  if (secretSource === "development") {
    const ignored = FOREIGN_SECRET_VARIABLES.filter((name) => env[name]);
    // Anyone who reads this source can sign session cookies for this instance: fine on a laptop only.
    logger.warn(
      `Gatehouse: using the built-in development secret: no \`secret\` option and GATEHOUSE_SECRET is not set${
        ignored.length > 0
          ? ` (${ignored.join(" and ")} ${ignored.length > 1 ? "are" : "is"} set but not read: Gatehouse reads only GATEHOUSE_SECRET, so a key shared with another library cannot forge its tokens)`
          : ""
      }. Set GATEHOUSE_SECRET (or \`secret\`) to ≥ 32 random characters before deploying; NODE_ENV=production refuses to start without one.`,
    );
  } else if (!production && secret.length < 32) {
    // Production refuses it; in development it works, so say it now rather than at the first deploy.
    logger.warn(
      `Gatehouse: the secret from ${secretSource === "option" ? "the `secret` option" : "GATEHOUSE_SECRET"} has ${secret.length} characters; use ≥ 32 random characters (e.g. \`openssl rand -base64 32\`). NODE_ENV=production refuses to start with a shorter one.`,
    );
  }
  if (production && !secureCookies && baseURL.startsWith("http://") && !LOOPBACK_HOSTS.has(new URL(baseURL).hostname)) {
    logger.warn(
      `Gatehouse: NODE_ENV=production with an http:// base URL (${baseURL}): session cookies are sent without Secure, so any network hop can read them. Use the https:// URL your users reach (behind a TLS proxy, still https), or set advanced.useSecureCookies: true.`,
    );
  }
}
