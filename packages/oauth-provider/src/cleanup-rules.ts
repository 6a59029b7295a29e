import type { CleanupRule } from "@gatehouse-auth/core";
import { GRANTS_CLEANUP } from "./grants-schema.js";
import type { ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";
import { OAUTH_MODELS } from "./oauth-schema.js";

/**
 * What the cleanup job (`auth.api.cleanup()`, `npx gatehouse-auth cleanup`) deletes for the provider, each
 * on an indexed expiry column, in the job's batches:
 * - authorization codes past `expiresAt` (an expired code is refused before any replay check, so nothing
 *   needs it any more);
 * - token rows whose last token (access or refresh) expired more than `expiredTokenRetention` ago (kept that
 *   long so a rotated refresh token presented again still revokes its family);
 * - seen client-assertion and DPoP `jti`s past their window, and device codes past their lifetime.
 * Consents never expire: they go when the user revokes the app or is deleted.
 */
export function oauthCleanupRules(o: ResolvedOAuthProviderOptions): CleanupRule[] {
  return [
    { model: OAUTH_MODELS.code, field: "expiresAt", before: (now) => new Date(now) },
    {
      model: OAUTH_MODELS.token,
      field: "expiresAt",
      before: (now) => new Date(now - o.expiredTokenRetention * 1000),
    },
    ...GRANTS_CLEANUP,
  ];
}
