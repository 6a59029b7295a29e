// The coverage check of issue 26: a session-reading route whose path or tags say it changes a
// credential, a way to sign in or a session must declare `credentials` (or be reviewed, with a reason).
import { credentialPolicyOf } from "@gatehouse-auth/core";
import type { MatrixRoute } from "./credential-matrix.js";
import { CREDENTIAL_WORDS, REVIEWED_WITHOUT_DECLARATION } from "./route-credentials.js";

/** The keys of `routes` that look like they change a credential and declare nothing. */
export function undeclaredCredentialRoutes(routes: readonly MatrixRoute[]): string[] {
  return routes
    .filter((r) => [r.config.path, ...(r.config.tags ?? [])].some((word) => CREDENTIAL_WORDS.test(word)))
    .filter((r) => credentialPolicyOf(r.config) === undefined && !(r.key in REVIEWED_WITHOUT_DECLARATION))
    .map((r) => r.key);
}
