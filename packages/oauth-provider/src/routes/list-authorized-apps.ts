import { CORE_ERRORS, clampPageLimit, defineEndpoint, findPage, pageQuery } from "@gatehouse-auth/core";
import { z } from "zod";
import type { ClientStore } from "../oauth-client.js";
import { OAUTH_MODELS } from "../oauth-schema.js";

/** Page sizes of the authorized-apps listing (docs/paging.md). */
export const AUTHORIZED_APPS_PAGE_LIMITS = { default: 100, max: 100 } as const;

const app = z.object({
  clientId: z.string(),
  name: z.string().nullable(),
  scopes: z.array(z.string()),
  clientUri: z.string().nullable(),
  logoUri: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

interface ConsentRow {
  id: string;
  clientId: string;
  scopes: string;
  createdAt: Date;
  updatedAt: Date;
}

const text = (v: unknown) => (typeof v === "string" ? v : null);

/**
 * GET /oauth2/authorized-apps: the apps the signed-in user has consented to (the "apps with access to
 * your account" page), newest first, a page at a time. First-party clients never ask for consent, so
 * they are not listed.
 */
export const listAuthorizedApps = (clients: ClientStore) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/oauth2/authorized-apps",
      query: z.object({ ...pageQuery }),
      session: "required",
      // Which apps hold access to the account is the account owner's business: no key, no impersonator.
      credentials: "own-session",
      openapi: {
        summary: "The apps the signed-in user has authorized",
        description: "Newest first, at most 100 a page; pass `nextCursor` back as `cursor` for the next page.",
        response: z.object({ apps: z.array(app), nextCursor: z.string().nullable() }),
        errors: [CORE_ERRORS.INVALID_CURSOR],
      },
    },
    async (ctx) => {
      const userId = ctx.session.user.id;
      // On the oauthConsent(userId, createdAt, id) index: one range read a page.
      const page = await findPage<ConsentRow>(ctx.auth, {
        listing: `oauth-authorized-apps:${userId}`,
        model: OAUTH_MODELS.consent,
        where: [{ field: "userId", value: userId }],
        sortBy: { field: "createdAt", direction: "desc" },
        limit: clampPageLimit(ctx.query.limit, AUTHORIZED_APPS_PAGE_LIMITS),
        cursor: ctx.query.cursor,
      });
      const found = await clients.findMany(
        ctx.auth,
        page.rows.map((r) => r.clientId),
      );
      const apps = page.rows.map((r) => {
        const client = found.get(r.clientId);
        return {
          clientId: r.clientId,
          name: client?.name ?? null,
          scopes: r.scopes.split(" ").filter((s) => s !== ""),
          clientUri: text(client?.metadata?.client_uri),
          logoUri: text(client?.metadata?.logo_uri),
          createdAt: new Date(r.createdAt),
          updatedAt: new Date(r.updatedAt),
        };
      });
      return { apps, nextCursor: page.nextCursor };
    },
  );
