import type { AuthContext } from "../context/auth-context.js";
import { createAnnounceSessionsEnded } from "../session/announce-sessions-ended.js";
import type { CleanupResult, CleanupRule } from "./cleanup-rule.js";
import { coreCleanupRules } from "./core-cleanup-rules.js";
import { CLEANUP_BATCH_SIZE, runCleanup } from "./run-cleanup.js";

/** Every cleanup rule of this auth: core's, then each plugin's, in plugin order. */
export function cleanupRules(auth: AuthContext): CleanupRule[] {
  // The plugins hear of swept sessions as of any other that ended (an OAuth provider's back-channel logout).
  const announce = createAnnounceSessionsEnded(auth.plugins, auth.options.logger);
  return [
    ...coreCleanupRules(auth.rateLimiter.longestWindow, announce),
    ...auth.plugins.flatMap((p) => p.cleanup ?? []),
  ];
}

/** One cleanup run over the raw adapter (expired rows need no session-cache bookkeeping). */
export function cleanupExpired(auth: AuthContext, batchSize: number = CLEANUP_BATCH_SIZE): Promise<CleanupResult> {
  return runCleanup(auth.adapter, cleanupRules(auth), auth.now(), batchSize);
}
