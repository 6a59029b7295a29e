// The auth the credential matrix runs against: every plugin of the repository, on a real SQL database
// (and Redis as secondary storage when given), rate limits off so hundreds of calls from one address pass.
import { createAuth } from "@gatehouse-auth/core";
import type { Auth, AuthOptions, SecondaryStorage } from "@gatehouse-auth/core";
import { kyselyAdapter } from "@gatehouse-auth/kysely";
import { allPlugins } from "./all-plugins.js";

/** `database`: a better-sqlite3 database or a pg pool; `extra` plugins are added after the repository's. */
export function matrixAuth(
  database: unknown,
  secondaryStorage?: SecondaryStorage,
  extra: NonNullable<AuthOptions["plugins"]> = [],
): Auth {
  return createAuth({
    database: kyselyAdapter({ database } as Parameters<typeof kyselyAdapter>[0]),
    secondaryStorage,
    secret: "test-secret-0123456789abcdef0123456789",
    baseURL: "http://localhost:3000",
    logger: { error: () => {}, warn: () => {} },
    rateLimit: { enabled: false },
    user: { changeEmail: { enabled: true }, deleteUser: { enabled: true } },
    emailVerification: { sendVerificationEmail: async () => {} },
    // Captcha guards sign-up and sign-in, which the matrix does not test; it reads no session.
    plugins: [
      ...allPlugins({ emailOtps: new Map(), phoneCodes: new Map() }).filter((p) => p.id !== "captcha"),
      ...extra,
    ],
  });
}
