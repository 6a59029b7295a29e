import { AuthError, UniqueConstraintError } from "@gatehouse-auth/core";
import type { Db, ErrorDef } from "@gatehouse-auth/core";

/**
 * Creates a row; a unique violation becomes `refusal`. The unique index is the last word when two
 * requests race past the read checks, and it must answer a catalogued error, never a 500.
 */
export async function createOrRefuse<T>(
  db: Db,
  args: { model: string; data: Record<string, unknown> },
  refusal: ErrorDef & { code: string },
): Promise<T> {
  try {
    return await db.create<T>(args);
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new AuthError(refusal);
    throw error;
  }
}
