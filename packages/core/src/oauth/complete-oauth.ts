import { UniqueConstraintError } from "../adapter/adapter-errors.js";
import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { SessionWithUser, User } from "../schema/model-types.js";
import { tokensToAccountFields } from "./account-tokens.js";
import { fitProfileToUser } from "./fit-profile-to-user.js";
import { OAuthError } from "./oauth-error.js";
import type { OAuthProvider, OAuthTokens, ProviderProfile } from "./oauth-provider.js";
import type { OAuthState } from "./oauth-flow.js";

type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;

/** What a completed provider round trip did: linked an account, or signed a user in. */
export type OAuthOutcome = { kind: "linked" } | { kind: "signed-in"; data: SessionWithUser; isNewUser: boolean };

interface Decision {
  ctx: Ctx;
  provider: OAuthProvider;
  state: Pick<OAuthState, "link" | "requestSignUp">;
  profile: ProviderProfile;
  email: string;
  tokenFields: Record<string, unknown>;
}

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
  const email = profile.email?.trim().toLowerCase();
  if (!email) throw new OAuthError("email_not_found");
  const decision: Decision = {
    ctx,
    provider,
    state,
    profile,
    email,
    tokenFields: tokensToAccountFields(ctx.auth, tokens),
  };
  const decide = () => (state.link ? linkToUser(decision, state.link) : signInOrUp(decision));
  try {
    return await decide();
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    // A concurrent request (a double-tapped native sign-in, two tabs) wrote the same user or account
    // between our read and our write. Deciding again sees its row and signs in or links to it.
    return decide().catch((again: unknown) => {
      if (again instanceof UniqueConstraintError) {
        const code = state.link ? "unable_to_link_account" : "unable_to_create_user";
        throw new OAuthError(code, "email or account taken meanwhile", { cause: again });
      }
      throw again;
    });
  }
}

/** link-social: attach the provider account to the signed-in user, under SPEC.md §5's linking rules. */
async function linkToUser(d: Decision, link: NonNullable<OAuthState["link"]>): Promise<OAuthOutcome> {
  const { auth } = d.ctx;
  const linking = auth.options.account.accountLinking;
  // Checked again here: linking may have been switched off while the user was at the provider.
  if (!linking.enabled)
    throw new OAuthError("unable_to_link_account", "linking is disabled", { apiError: CORE_ERRORS.ACCOUNT_NOT_LINKED });
  const existing = await auth.accounts.findByProvider(d.provider.id, d.profile.id);
  if (existing) {
    if (existing.userId !== link.userId) throw new OAuthError("account_already_linked_to_different_user");
    await auth.accounts.update(existing.id, d.tokenFields);
    return { kind: "linked" };
  }
  // SPEC.md §5: the provider must vouch for the email, as for linking at sign-in.
  if (!vouchesForEmail(d)) {
    throw new OAuthError("unable_to_link_account", "provider email not verified and provider not trusted", {
      apiError: CORE_ERRORS.ACCOUNT_NOT_LINKED,
    });
  }
  if (!linking.allowDifferentEmails && d.email !== link.email.toLowerCase()) {
    throw new OAuthError("unable_to_link_account", "different emails not allowed", {
      apiError: CORE_ERRORS.DIFFERENT_EMAILS_NOT_ALLOWED,
    });
  }
  await auth.accounts.create({
    userId: link.userId,
    providerId: d.provider.id,
    accountId: d.profile.id,
    ...d.tokenFields,
  });
  return { kind: "linked" };
}

/** Sign-in: the provider account's user, else the user with that email (when safe), else a new user. */
async function signInOrUp(d: Decision): Promise<OAuthOutcome> {
  const { ctx, provider, profile, email, tokenFields } = d;
  const { auth } = ctx;
  const linking = auth.options.account.accountLinking;
  const existing = await auth.accounts.findByProvider(provider.id, profile.id);
  let user: User | null = null;
  let isNewUser = false;
  if (existing) {
    await auth.accounts.update(existing.id, tokenFields);
    user = await auth.users.findById(existing.userId);
    if (!user) throw new OAuthError("unable_to_get_user_info", "account without user");
  } else {
    user = await auth.users.findByEmail(email);
    if (user) {
      // Never into an unverified local account: whoever registered the address first (perhaps an
      // attacker who knows the victim will later use GitHub) would share the victim's account.
      if (!linking.enabled || !mayLinkByEmail(d) || !user.emailVerified) throw new OAuthError("account_not_linked");
      await auth.accounts.create({ userId: user.id, providerId: provider.id, accountId: profile.id, ...tokenFields });
    } else {
      if (provider.disableSignUp || (provider.disableImplicitSignUp && !d.state.requestSignUp)) {
        throw new OAuthError("signup_disabled");
      }
      user = await auth.transaction(async (tx) => {
        const created = await tx.users.create({
          ...fitProfileToUser(profile.name || email.split("@")[0]!, profile.image),
          email,
          emailVerified: profile.emailVerified,
        });
        await tx.accounts.create({
          userId: created.id,
          providerId: provider.id,
          accountId: profile.id,
          ...tokenFields,
        });
        return created;
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

/** SPEC.md §5: a trusted provider, or one that says the user controls the email. */
function vouchesForEmail(d: Decision): boolean {
  return d.ctx.auth.options.account.accountLinking.trustedProviders.includes(d.provider.id) || d.profile.emailVerified;
}

/**
 * Signing in by email into an existing account hands that account to whoever holds the provider
 * account, so the provider must vouch for the address. Trust in a provider is trust in what it vouches
 * for: `trustedProviders` stands in for a verification the provider does not report, never against one
 * it denies (GitHub `verified: false`, OIDC `email_verified: false`: anyone can add an address there).
 * link-social is different: the signed-in user links their own provider account, with consent.
 */
function mayLinkByEmail(d: Decision): boolean {
  return vouchesForEmail(d) && !d.profile.emailUnverified;
}
