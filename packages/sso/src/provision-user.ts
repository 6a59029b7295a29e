import { AuthError, UniqueConstraintError, normalizeEmail, setSessionCookie } from "@gatehouse-auth/core";
import type { HookContext, SessionWithUser, User } from "@gatehouse-auth/core";
import { recordConnectionSignIn } from "./record-connection-sign-in.js";
import { SSO_ERRORS } from "./sso-errors.js";
import type { ResolvedSsoOptions } from "./sso-options.js";
import type { SsoProviderRow } from "./sso-types.js";

/** Who the IdP says signed in. */
export interface SsoIdentity {
  /** The IdP's stable id for the user (SAML NameID, OIDC sub). */
  subject: string;
  email: string;
  name: string;
  groups: readonly string[];
  attributes: Record<string, unknown>;
}

/** The account's provider id: one per connection, so two connections never share an identity. */
export const accountProviderId = (row: SsoProviderRow) => `sso:${row.providerId}`;

function roleFor(o: ResolvedSsoOptions, identity: SsoIdentity): string {
  const mapped = o.organizationProvisioning.getRole?.({ attributes: identity.attributes, groups: identity.groups });
  return mapped ?? o.organizationProvisioning.defaultRole;
}

/**
 * Just-in-time provisioning, then the session: the connection's user for this subject, else the user
 * with this address — only inside the connection's verified domain, so a connection can never claim
 * an account its organization does not own — else a new user; a member of the connection's
 * organization with a role from the IdP's groups; name and role refreshed on every sign-in.
 */
export async function provisionAndSignIn(
  ctx: HookContext,
  o: ResolvedSsoOptions,
  row: SsoProviderRow,
  identity: SsoIdentity,
): Promise<{ session: SessionWithUser; isNewUser: boolean }> {
  const email = normalizeEmail(identity.email);
  if (!row.domainVerified || email.split("@")[1] !== row.domain)
    throw new AuthError(SSO_ERRORS.DOMAIN_NOT_VERIFIED, { message: "The address is outside the connection's domain" });
  const auth = ctx.auth;
  const providerId = accountProviderId(row);
  const role = roleFor(o, identity);
  const decide = async () =>
    auth.transaction(async (tx) => {
      let isNewUser = false;
      let user: User | null = null;
      const account = await tx.accounts.findByProvider(providerId, identity.subject);
      if (account) user = await tx.users.findById(account.userId);
      if (!user) {
        user = await tx.users.findByEmail(email);
        // Never into an unverified local account: whoever registered the address first would share it.
        if (user && !user.emailVerified) throw new AuthError(SSO_ERRORS.SSO_ACCOUNT_NOT_LINKED);
        if (!user) {
          // The organization proved it owns the domain: its IdP vouches for addresses in it.
          user = await tx.users.create({ email, name: identity.name || email.split("@")[0]!, emailVerified: true });
          isNewUser = true;
        }
        if (!account) await tx.accounts.create({ userId: user.id, providerId, accountId: identity.subject });
      } else if (identity.name && identity.name !== user.name) {
        user = (await tx.users.update(user.id, { name: identity.name })) ?? user;
      }
      const member = await tx.db.findOne<{ id: string; role: string }>({
        model: "member",
        where: [
          { field: "organizationId", value: row.organizationId },
          { field: "userId", value: user.id },
        ],
      });
      if (!member) {
        await tx.db.create({
          model: "member",
          data: { organizationId: row.organizationId, userId: user.id, role, createdAt: new Date(auth.now()) },
        });
      } else if (member.role !== role && !member.role.split(",").includes("owner")) {
        // The IdP is the source of truth for roles it grants; an owner is never demoted by a group change.
        await tx.db.update({ model: "member", where: [{ field: "id", value: member.id }], update: { role } });
      }
      return { user, isNewUser };
    });
  const { user, isNewUser } = await decide().catch((error: unknown) => {
    // A concurrent first sign-in created the user or membership: deciding again finds it.
    if (error instanceof UniqueConstraintError) return decide();
    throw error;
  });
  const session = await auth.sessions.create(auth.db, user, {
    ipAddress: ctx.clientIp,
    userAgent: ctx.headers.get("user-agent") ?? undefined,
  });
  setSessionCookie(ctx, session);
  await recordConnectionSignIn(auth, row);
  return { session, isNewUser };
}
