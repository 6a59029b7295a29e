import type { TransactionScope } from "../context/auth-context.js";
import type { User } from "../schema/model-types.js";
import { identifierPrefix } from "../tokens/token-store.js";
import { voidResetTokens } from "../tokens/void-reset-tokens.js";

/**
 * Marks `user`'s address verified after its holder proved it (a magic link, an emailed code), and —
 * when it was unverified — first removes everything the account gained before that proof: every
 * session, every account (password, social links), and outstanding verify-email and reset links.
 * Whoever registered an address they do not own (pre-registration takeover: sign up as the victim,
 * wait for the victim to sign in by email) keeps no way in. Run it in a transaction
 * (`ctx.auth.transaction`) so the proof and the purge land together, and commit it before creating the
 * session: a refused or diverted sign-in (a ban, a second factor) must not undo the purge. The user row
 * is locked first, so two proofs at once purge once and neither sees a half-purged account.
 * Returns the user as it is now (unchanged when it was already verified); null if it is gone.
 */
export async function claimUnverifiedEmail(tx: TransactionScope, user: User): Promise<User | null> {
  const current = await tx.db.findOne<User>({
    model: "user",
    where: [{ field: "id", value: user.id }],
    forUpdate: true,
  });
  if (!current || current.emailVerified) return current;
  // Plugins drop what the unverified account set up too (API keys, a two-factor secret, passkeys).
  await tx.endUserSessions(current.id, "email-claimed");
  await tx.accounts.deleteByUser(current.id);
  // A pending email change (verify-email with updateTo) would move the proven account to the
  // registrant's address; any verify link of this user was made before the proof, so all go.
  await tx.db.deleteMany({
    model: "verification",
    where: [
      { field: "identifier", operator: "starts_with", value: identifierPrefix("verify-email") },
      { field: "value", operator: "contains", value: `"userId":${JSON.stringify(current.id)}` },
    ],
  });
  await voidResetTokens(tx.db, current.id);
  return tx.users.update(current.id, { emailVerified: true });
}
