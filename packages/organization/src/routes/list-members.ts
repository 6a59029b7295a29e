import { AuthError, CORE_ERRORS, defineEndpoint, pageQuery } from "@gatehouse-auth/core";
import { z } from "zod";
import { memberUserJoin, organizationIdOrActive, requireMember, withPublicUser } from "../membership.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Member } from "../organization-types.js";
import { memberWithUserResponse } from "../organization-responses.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import { ORGANIZATION_PAGE_LIMITS, readPage } from "../read-page.js";

/** The deepest `offset` accepted (better-auth's parameter); deeper pages go by cursor. */
export const MAX_MEMBER_OFFSET = 10_000;

const query = z.object({
  organizationId: z.string().optional(),
  ...pageQuery,
  offset: z.coerce
    .number()
    .int()
    .nonnegative()
    .max(MAX_MEMBER_OFFSET)
    .optional()
    .describe(`Members to skip, at most ${MAX_MEMBER_OFFSET}; not with cursor`),
});

/** The cursor binding of an organization's member listing (get-full-organization hands out the same). */
export const membersListing = (organizationId: string) => `members:${organizationId}`;

const invalidOffset = () =>
  new AuthError(CORE_ERRORS.VALIDATION_ERROR, {
    message: "Invalid query parameters",
    details: { issues: [{ path: "offset", message: "offset and cursor cannot be combined", code: "invalid_value" }] },
  });

/**
 * GET /organization/list-members: a page of members with their users, oldest first (createdAt, then id),
 * the organization's member count, and `nextCursor`. At most 100 a page (a larger `limit` is clamped);
 * `offset` still works (up to a cap) for better-auth clients, the cursor at any depth.
 */
export const listMembers = (_o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/organization/list-members",
      query,
      session: "required",
      apiKeyPermission: { resource: "organization", action: "read" },
      openapi: {
        summary: "List members",
        description:
          "Oldest first, at most 100 a page (default 100; a larger `limit` is clamped). Pass `nextCursor` back as `cursor` for the next page.",
        response: z.object({
          members: z.array(memberWithUserResponse),
          total: z.number().describe("How many members the organization has, whatever limit and offset say"),
          nextCursor: z.string().nullable().describe("The next page's cursor; null on the last page"),
        }),
        errors: [
          ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION,
          ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
          CORE_ERRORS.INVALID_CURSOR,
        ],
      },
    },
    async (ctx) => {
      const organizationId = organizationIdOrActive(ctx.session, ctx.query.organizationId);
      await requireMember(ctx, organizationId);
      const { limit, cursor, offset } = ctx.query;
      if (offset && cursor !== undefined) throw invalidOffset();
      const where = [{ field: "organizationId", value: organizationId }];
      const spec = { listing: membersListing(organizationId), model: "member", where, join: memberUserJoin };
      const [page, total] = await Promise.all([
        offset
          ? ctx.auth.db
              .findMany<Member>({
                ...spec,
                sortBy: { field: "createdAt", direction: "asc" },
                limit: Math.min(limit ?? ORGANIZATION_PAGE_LIMITS.default, ORGANIZATION_PAGE_LIMITS.max),
                offset,
              })
              .then((rows) => ({ rows, nextCursor: null }))
          : readPage<Member>(ctx.auth, spec, { limit, cursor }),
        // One organization's members, on the member(organizationId) index: bounded by the membership limit.
        ctx.auth.db.count({ model: "member", where }),
      ]);
      return { members: page.rows.map(withPublicUser), total, nextCursor: page.nextCursor };
    },
  );
