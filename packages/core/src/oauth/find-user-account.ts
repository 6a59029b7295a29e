import type { EndpointContext } from "../api/define-endpoint.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { Account } from "../schema/model-types.js";

type Ctx = EndpointContext<{ providerId: string; accountId?: string; userId?: string }, unknown, "optional">;

/**
 * The provider account a token route acts on. Over HTTP only the caller's own accounts; a `userId`
 * without a session is honoured only for in-process `auth.api` calls (server code), never from a client.
 */
export async function findUserAccount(ctx: Ctx): Promise<Account> {
  const userId = ctx.session?.user.id ?? (ctx.request === null ? ctx.body.userId : undefined);
  if (!userId)
    throw new AuthError(ctx.request === null ? CORE_ERRORS.USER_ID_OR_SESSION_REQUIRED : CORE_ERRORS.UNAUTHORIZED);
  const accounts = await ctx.auth.accounts.listByUser(userId);
  const account = accounts.find(
    (a) =>
      a.providerId === ctx.body.providerId &&
      (ctx.body.accountId === undefined || a.accountId === ctx.body.accountId || a.id === ctx.body.accountId),
  );
  if (!account) throw new AuthError(CORE_ERRORS.ACCOUNT_NOT_FOUND);
  return account;
}
