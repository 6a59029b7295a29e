import {
  AuthError,
  CORE_ERRORS,
  defineEndpoint,
  sessionWithUserResponse,
  setSessionCookie,
} from "@gatehouse-auth/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import type { AdminUser } from "../admin-types.js";
import { checkAdminPermission, requireAdminPermission } from "../check-admin-permission.js";
import { setAdminSessionCookie } from "../impersonation-cookie.js";
import { requireUser } from "../require-user.js";
import { requireCanManage } from "../permission-coverage.js";
import { isBanActive } from "../refuse-banned-user.js";
import { isAdminUser } from "../role-names.js";

/**
 * POST /admin/impersonate-user: needs `user: impersonate`. Signs this browser in as the target with a
 * new, short-lived session marked `impersonatedBy` (never refreshed: the plugin's canRefreshSession);
 * the admin's own session is kept untouched, its token in a signed cookie, so stop-impersonating can
 * switch back. The target's sessions are not touched. The admin must hold every permission the target
 * holds (requireCanManage), so impersonation never borrows rights the admin lacks.
 *
 * The session is created in a transaction that first locks the admin's user row and checks again that
 * the admin exists, is not banned, still may impersonate and still has this session: ban-user,
 * set-role, remove-user and revoke-user-sessions write or lock that row before ending the admin's
 * impersonations, so an impersonation racing them is either ended by them or refused here.
 */
export const impersonateUser = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/impersonate-user",
      body: z.strictObject({ userId: z.string().min(1) }),
      session: "required",
      openapi: {
        summary: "Sign in as another user (admin)",
        description:
          "Answers the impersonation session (marked impersonatedBy) and its user; the browser is signed in as them.",
        response: sessionWithUserResponse,
        errors: [
          ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS,
          ADMIN_ERRORS.IMPERSONATION_NEEDS_SESSION,
          ADMIN_ERRORS.ALREADY_IMPERSONATING,
          ADMIN_ERRORS.CANNOT_IMPERSONATE_ADMINS,
          ADMIN_ERRORS.CANNOT_MANAGE_MORE_PRIVILEGED_USER,
          CORE_ERRORS.USER_NOT_FOUND,
          // The new session goes through validateUser: a banned target cannot be impersonated.
          ADMIN_ERRORS.BANNED_USER,
        ],
      },
    },
    async (ctx) => {
      const admin = ctx.session;
      requireAdminPermission(
        o,
        admin.user,
        { user: ["impersonate"] },
        ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS,
      );
      // Only a session the cookie names is a way back, and an API key must not mint browser sessions.
      const cookieToken = ctx.auth.sessions.tokenFromCookieHeader(ctx.headers.get("cookie"));
      if (!cookieToken || cookieToken !== admin.session.token)
        throw new AuthError(ADMIN_ERRORS.IMPERSONATION_NEEDS_SESSION);
      // One level only: the kept cookie must always point back at a real admin session.
      if (admin.session.impersonatedBy) throw new AuthError(ADMIN_ERRORS.ALREADY_IMPERSONATING);
      const target = await requireUser(ctx.auth, ctx.body.userId);
      if (!o.allowImpersonatingAdmins && isAdminUser(o, target))
        throw new AuthError(ADMIN_ERRORS.CANNOT_IMPERSONATE_ADMINS);
      requireCanManage(o, admin.user, target);
      const expiresAt = new Date(ctx.auth.now() + o.impersonationSessionDuration * 1000);
      const { sessions } = ctx.auth;
      const impersonation = await ctx.auth.transaction(async (tx) => {
        // First in the transaction (MySQL: a lock before any plain read sees the latest row).
        const self = await tx.db.findOne<AdminUser>({
          model: "user",
          where: [{ field: "id", value: admin.user.id }],
          forUpdate: true,
        });
        if (!self) throw new AuthError(CORE_ERRORS.UNAUTHORIZED);
        if (isBanActive(self, ctx.auth.now())) throw new AuthError(ADMIN_ERRORS.BANNED_USER);
        if (!checkAdminPermission(o, self, { user: ["impersonate"] }).success)
          throw new AuthError(ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS);
        const own = await tx.db.findOne({ model: "session", where: [{ field: "id", value: admin.session.id }] });
        if (!own) throw new AuthError(CORE_ERRORS.UNAUTHORIZED);
        const created = await sessions.create(tx.db, target, {
          ipAddress: ctx.clientIp,
          userAgent: ctx.headers.get("user-agent") ?? undefined,
          fields: { impersonatedBy: admin.user.id },
        });
        // sessions.create gives the configured lifetime; an impersonation gets the short one.
        const row = await tx.db.update({
          model: "session",
          where: [{ field: "id", value: created.session.id }],
          update: { expiresAt },
        });
        return row ? { ...created, session: sessions.publicSession(row, created.session.token) } : created;
      });
      const remember = !ctx.getCookie(ctx.auth.cookies.dontRemember);
      setAdminSessionCookie(ctx, admin.session.token, o.impersonationSessionDuration);
      setSessionCookie(ctx, impersonation, remember);
      return impersonation;
    },
  );
