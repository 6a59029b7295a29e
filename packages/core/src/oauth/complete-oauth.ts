import { UniqueConstraintError } from "../adapter/adapter-errors.js";
import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import type { SessionWithUser, User } from "../schema/model-types.js";
import { tokensToAccountFields } from "./account-tokens.js";
import { OAuthError } from "./oauth-error.js";
import type { OAuthProvider, OAuthTokens, ProviderProfile } from "./oauth-provider.js";
import type { OAuthState } from "./oauth-flow.js";

type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;

export type OAuthOutcome = { kind: "linked" } | { kind: "signed-in"; data: SessionWithUser; isNewUser: boolean };

/**
 * Decides what a provider's answer means: link to the signed-in user, sign in an existing user, link
 * into an existing user with the same email (only when safe), or sign a new user up.
 */
export async function completeOAuth(
  ctx: Ctx,
  provider: OAuthProvider,
  state: Pick<OAuthState, "link" | "requestSignUp">,
  tokens: OAuthTokens,
  profile: ProviderProfile,
): Promise<OAuthOutcome> {
  const { auth } = ctx;
  const linking = auth.options.account.accountLinking;
  const email = profile.email?.trim().toLowerCase();
  if (!email) throw new OAuthError("email_not_found");
  const tokenFields = tokensToAccountFields(auth, tokens);
  const existing = await auth.accounts.findByProvider(provider.id, profile.id);

  if (state.link) {
    if (existing) {
      if (existing.userId !== state.link.userId) throw new OAuthError("account_already_linked_to_different_user");
      await auth.accounts.update(existing.id, tokenFields);
      return { kind: "linked" };
    }
    if (!linking.allowDifferentEmails && email !== state.link.email) {
      throw new OAuthError("unable_to_link_account", "different emails not allowed");
    }
    await auth.accounts.create({
      userId: state.link.userId,
      providerId: provider.id,
      accountId: profile.id,
      ...tokenFields,
    });
    return { kind: "linked" };
  }

  let user: User | null = null;
  let isNewUser = false;
  if (existing) {
    await auth.accounts.update(existing.id, tokenFields);
    user = await auth.users.findById(existing.userId);
    if (!user) throw new OAuthError("unable_to_get_user_info", "account without user");
  } else {
    user = await auth.users.findByEmail(email);
    if (user) {
      const providerVouches = linking.trustedProviders.includes(provider.id) || profile.emailVerified;
      // Never into an unverified local account: whoever registered the address first (perhaps an
      // attacker who knows the victim will later use GitHub) would share the victim's account.
      if (!linking.enabled || !providerVouches || !user.emailVerified) throw new OAuthError("account_not_linked");
      await auth.accounts.create({ userId: user.id, providerId: provider.id, accountId: profile.id, ...tokenFields });
    } else {
      if (provider.disableSignUp || (provider.disableImplicitSignUp && !state.requestSignUp)) {
        throw new OAuthError("signup_disabled");
      }
      user = await auth
        .transaction(async (tx) => {
          const created = await tx.users.create({
            name: profile.name || email.split("@")[0],
            email,
            emailVerified: profile.emailVerified,
            image: profile.image ?? null,
          });
          await tx.accounts.create({
            userId: created.id,
            providerId: provider.id,
            accountId: profile.id,
            ...tokenFields,
          });
          return created;
        })
        .catch((error: unknown) => {
          if (error instanceof UniqueConstraintError)
            throw new OAuthError("unable_to_create_user", "email or account taken meanwhile");
          throw error;
        });
      isNewUser = true;
    }
  }
  const data = await auth.sessions.create(auth.db, user, {
    ipAddress: ctx.clientIp,
    userAgent: ctx.headers.get("user-agent") ?? undefined,
  });
  return { kind: "signed-in", data, isNewUser };
}
