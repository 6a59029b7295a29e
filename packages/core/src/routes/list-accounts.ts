import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { dateTimeResponse } from "../api/response-shapes.js";

// Never tokens or password hashes: what a settings page needs to show and unlink an account.
const linkedAccount = z.object({
  id: z.string(),
  provider: z.string(),
  providerId: z.string(),
  accountId: z.string(),
  userId: z.string(),
  scopes: z.array(z.string()),
  createdAt: dateTimeResponse,
  updatedAt: dateTimeResponse,
});

/** GET /list-accounts: the caller's linked accounts, without tokens or password hashes. */
export const listAccounts = defineEndpoint(
  {
    method: "GET",
    path: "/list-accounts",
    session: "required",
    tags: ["accounts"],
    openapi: { summary: "List your linked accounts", response: z.array(linkedAccount) },
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
