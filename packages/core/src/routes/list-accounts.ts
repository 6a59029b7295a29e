import { defineEndpoint } from "../api/define-endpoint.js";

/** GET /list-accounts: the caller's linked accounts, without tokens or password hashes. */
export const listAccounts = defineEndpoint(
  {
    method: "GET",
    path: "/list-accounts",
    session: "required",
    tags: ["accounts"],
    openapi: { summary: "List your linked accounts" },
  },
  async (ctx) => {
    const accounts = await ctx.auth.accounts.listByUser(ctx.session.user.id);
    return accounts.map((a) => ({
      id: a.id,
      provider: a.providerId,
      providerId: a.providerId,
      accountId: a.accountId,
      userId: a.userId,
      scopes: a.scope
        ? a.scope
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
    }));
  },
);
