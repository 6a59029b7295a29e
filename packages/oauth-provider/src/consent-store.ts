import { type Db, sha256Base64Url } from "@gatehouse-auth/core";
import { OAUTH_MODELS } from "./oauth-schema.js";

// One row per (user, client): its id is derived from the pair, so two racing grants meet on the primary key.
const consentId = (userId: string, clientId: string) => sha256Base64Url(`${userId}\u0000${clientId}`).slice(0, 32);

/** The scopes the user has consented to for the client (empty when none). */
export async function findConsentedScopes(db: Db, userId: string, clientId: string): Promise<Set<string>> {
  const row = await db.findOne({
    model: OAUTH_MODELS.consent,
    where: [{ field: "id", value: consentId(userId, clientId) }],
  });
  if (!row || row.userId !== userId || row.clientId !== clientId) return new Set();
  return new Set(
    String(row.scopes)
      .split(" ")
      .filter((s) => s !== ""),
  );
}

/** Records consent to `scopes` (added to what was consented before). */
export async function storeConsent(db: Db, userId: string, clientId: string, scopes: readonly string[]): Promise<void> {
  const id = consentId(userId, clientId);
  const before = await findConsentedScopes(db, userId, clientId);
  const all = [...new Set([...before, ...scopes])].join(" ");
  const updated = await db.updateMany({
    model: OAUTH_MODELS.consent,
    where: [{ field: "id", value: id }],
    update: { scopes: all },
  });
  if (updated > 0) return;
  try {
    await db.create({ model: OAUTH_MODELS.consent, data: { id, userId, clientId, scopes: all } });
  } catch {
    // A concurrent grant created the row first: add ours to it.
    await db.updateMany({ model: OAUTH_MODELS.consent, where: [{ field: "id", value: id }], update: { scopes: all } });
  }
}

/** Forgets the user's consent to the client; true when there was one. */
export async function deleteConsent(db: Db, userId: string, clientId: string): Promise<boolean> {
  const removed = await db.deleteMany({
    model: OAUTH_MODELS.consent,
    where: [
      { field: "id", value: consentId(userId, clientId) },
      { field: "userId", value: userId },
    ],
  });
  return removed > 0;
}
