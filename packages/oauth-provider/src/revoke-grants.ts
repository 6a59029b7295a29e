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

/**
 * Ends everything every user granted a client (it was disabled or deleted): unredeemed codes marked used,
 * then every live token revoked — twice, for the same reason as above. On the clientId indexes.
 */
export async function revokeClientGrants(db: Db, clientId: string, now: Date): Promise<number> {
  await db.updateMany({
    model: OAUTH_MODELS.code,
    where: [
      { field: "clientId", value: clientId },
      { field: "usedAt", value: null },
    ],
    update: { usedAt: now },
  });
  const revokeTokens = () =>
    db.updateMany({
      model: OAUTH_MODELS.token,
      where: [
        { field: "clientId", value: clientId },
        { field: "revokedAt", value: null },
      ],
      update: { revokedAt: now },
    });
  return (await revokeTokens()) + (await revokeTokens());
}

/**
 * Deletes a stored client: the row first (no new authentication, authorization or refresh can start),
 * then its grants end — codes removed, tokens revoked, consents removed. True when it existed.
 */
export async function deleteStoredClient(db: Db, clientId: string, now: Date): Promise<boolean> {
  const deleted = await db.deleteMany({ model: OAUTH_MODELS.client, where: [{ field: "id", value: clientId }] });
  await db.deleteMany({ model: OAUTH_MODELS.code, where: [{ field: "clientId", value: clientId }] });
  await revokeClientGrants(db, clientId, now);
  await db.deleteMany({ model: OAUTH_MODELS.consent, where: [{ field: "clientId", value: clientId }] });
  return deleted > 0;
}
