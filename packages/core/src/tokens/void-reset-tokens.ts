import type { Db } from "../db/create-db.js";
import { identifierPrefix } from "./token-store.js";

/** What a password reset token stores: the user it resets, or null for an unknown address. */
export interface ResetTokenPayload {
  userId: string | null;
}

/** The payload of a reset token for `userId`; one function, so issuing and voiding encode it alike. */
export function resetTokenPayload(userId: string | null): ResetTokenPayload {
  return { userId };
}

/**
 * Voids every outstanding password reset token of a user, in one statement: after a reset, a password
 * change or set, or an email change, a link mailed earlier (perhaps to a mailbox the user no longer
 * controls) must not set the password again. Pass the transaction's Db so the tokens go with the write
 * that obsoletes them. A token requested after this runs stays valid: it was asked for afterwards.
 */
export function voidResetTokens(db: Db, userId: string): Promise<number> {
  return db.deleteMany({
    model: "verification",
    where: [
      { field: "identifier", operator: "starts_with", value: identifierPrefix("reset-password") },
      { field: "value", value: JSON.stringify(resetTokenPayload(userId)) },
    ],
  });
}
