import type { Db } from "@gatehouse-auth/core";
import { OAUTH_MODELS } from "./oauth-schema.js";

/** The stored client row with exactly this id (the adapter may match case-insensitively), or null. */
export async function findStoredClientRow(db: Db, clientId: string): Promise<Record<string, unknown> | null> {
  if (clientId.length === 0 || clientId.length > 255) return null;
  const row = await db.findOne<Record<string, unknown>>({
    model: OAUTH_MODELS.client,
    where: [{ field: "id", value: clientId }],
  });
  return row && row.id === clientId ? row : null;
}
