import type { Db } from "@gatehouse-auth/core";
import { OAUTH_MODELS } from "./oauth-schema.js";

/**
 * Ends everything a user granted a client: unredeemed codes first (marked used, so a redemption racing
 * this one fails), then every live token of the pair (access and refresh together: one row each). Both
 * on the userId index; one user's rows, whatever the table's size.
 */
export async function revokeUserClientGrants(db: Db, userId: string, clientId: string, now: Date): Promise<number> {
  await db.updateMany({
    model: OAUTH_MODELS.code,
    where: [
      { field: "userId", value: userId },
      { field: "clientId", value: clientId },
      { field: "usedAt", value: null },
    ],
    update: { usedAt: now },
  });
  const revokeTokens = () =>
    db.updateMany({
      model: OAUTH_MODELS.token,
      where: [
        { field: "userId", value: userId },
        { field: "clientId", value: clientId },
        { field: "revokedAt", value: null },
      ],
      update: { revokedAt: now },
    });
  // Twice on purpose: a refresh rotating one of these rows when the first statement ran holds its lock,
  // so the first waits for it, but the successor it inserted is outside that statement's snapshot
  // (read committed). The second statement starts after that commit and revokes the successor too.
  return (await revokeTokens()) + (await revokeTokens());
}
