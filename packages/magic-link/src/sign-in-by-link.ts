import { AuthError, UniqueConstraintError, claimUnverifiedEmail } from "@gatehouse-auth/core";
import type { EndpointContext, SessionRequirement, SessionWithUser, User } from "@gatehouse-auth/core";
import { MAGIC_LINK_ERRORS } from "./magic-link-errors.js";
import type { ResolvedMagicLinkOptions } from "./magic-link-options.js";
import type { MagicLinkPayload } from "./magic-link-store.js";

type Ctx = Pick<EndpointContext<unknown, unknown, SessionRequirement>, "auth" | "clientIp" | "headers">;

/** A link's sign-in: the session it made, and whether it created the user. */
export interface LinkSignIn {
  data: SessionWithUser;
  isNewUser: boolean;
}

/**
 * Signs in the holder of a spent link's address. First, in one transaction, the proof: an existing user
 * (an unverified one is purged of everything made before this proof and verified: claimUnverifiedEmail),
 * or a new user with the address verified. The proof stands on its own — it commits even if the sign-in
 * is then refused or diverted (a ban, a second factor the registrant set up), so a squatter never keeps
 * a password or session because the rightful owner could not finish signing in. Then the session, from
 * core's session service, so every plugin's `validateUser`, `interceptSignIn` and `beforeSessionCreate` apply.
 */
export async function signInByLink(ctx: Ctx, o: ResolvedMagicLinkOptions, link: MagicLinkPayload): Promise<LinkSignIn> {
  const { auth } = ctx;
  const prove = () =>
    auth.transaction(async (tx): Promise<{ user: User; isNewUser: boolean }> => {
      const existing = await tx.users.findByEmail(link.email);
      if (existing) {
        const user = await claimUnverifiedEmail(tx, existing);
        if (!user) throw new AuthError(MAGIC_LINK_ERRORS.MAGIC_LINK_INVALID_TOKEN);
        return { user, isNewUser: false };
      }
      if (o.disableSignUp) throw new AuthError(MAGIC_LINK_ERRORS.MAGIC_LINK_SIGN_UP_DISABLED);
      const user = await tx.users.create({
        email: link.email,
        name: link.name ?? link.email.slice(0, link.email.indexOf("@")),
        emailVerified: true,
      });
      return { user, isNewUser: true };
    });
  const proven = await prove().catch((error: unknown) => {
    // Two links for one new address opened at once: one creates the user; the other, on a second look,
    // finds it and signs in as an existing user.
    if (error instanceof UniqueConstraintError) return prove();
    throw error;
  });
  const origin = { ipAddress: ctx.clientIp, userAgent: ctx.headers.get("user-agent") ?? undefined };
  return { data: await auth.sessions.create(auth.db, proven.user, origin), isNewUser: proven.isNewUser };
}
