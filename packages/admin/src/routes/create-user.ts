import {
  AuthError,
  CORE_ERRORS,
  UniqueConstraintError,
  defineEndpoint,
  normalizeEmail,
  stringInput,
  userFields,
  userResponse,
} from "@gatehouse-auth/core";
import { z } from "zod";
import { ADMIN_EMAIL_TAKEN, ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";
import { requireCanGrant } from "../permission-coverage.js";
import { validateRoles } from "../role-names.js";
import { publicAdminUser } from "../public-admin-user.js";

const body = z.strictObject({
  email: z.string(),
  /** Without one the user has no credential account (a social-only user). */
  password: z.string().optional(),
  name: stringInput(userFields.name).min(1),
  role: z.union([z.string(), z.array(z.string())]).optional(),
  /** The app's additional user fields, under the same rules as sign-up. */
  data: z.record(z.string(), z.unknown()).optional(),
});
const NO_OWN_KEYS: ReadonlySet<string> = new Set();

/** POST /admin/create-user: needs `user: create`. User and credential account land together or not at all. */
export const createUser = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/create-user",
      body,
      session: "required",
      tags: ["creates-user"],
      openapi: {
        summary: "Create a user (admin)",
        response: z.object({ user: userResponse }),
        errors: [
          ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS,
          ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE,
          ADMIN_ERRORS.CANNOT_GRANT_MORE_PERMISSIONS,
          ADMIN_EMAIL_TAKEN,
          CORE_ERRORS.INVALID_EMAIL,
          CORE_ERRORS.PASSWORD_TOO_SHORT,
          CORE_ERRORS.PASSWORD_TOO_LONG,
        ],
      },
    },
    async (ctx) => {
      const { passwords, sessions } = ctx.auth;
      requireAdminPermission(
        o,
        ctx.session.user,
        { user: ["create"] },
        ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS,
      );
      const email = normalizeEmail(ctx.body.email);
      const role = ctx.body.role === undefined ? o.defaultRole : validateRoles(o, ctx.body.role);
      // Creating a user with a password and a role is handing that role to yourself.
      if (ctx.body.role !== undefined) requireCanGrant(o, ctx.session.user, role);
      const { password } = ctx.body;
      if (password !== undefined) passwords.assertValidLength(password);
      const extra = ctx.auth.userInput.parse(ctx.body.data ?? {}, "create", NO_OWN_KEYS);
      if (await ctx.auth.users.findByEmail(email)) throw new AuthError(ADMIN_EMAIL_TAKEN);
      const hash = password === undefined ? null : await passwords.hash(password);
      const user = await ctx.auth
        .transaction(async (tx) => {
          const created = await tx.users.create({
            ...extra,
            name: ctx.body.name,
            email,
            emailVerified: false,
            image: null,
            role,
          });
          if (hash)
            await tx.accounts.create({
              userId: created.id,
              accountId: created.id,
              providerId: "credential",
              password: hash,
            });
          return created;
        })
        .catch((error: unknown) => {
          // Two creations racing for one email: the unique index decides.
          if (error instanceof UniqueConstraintError) throw new AuthError(ADMIN_EMAIL_TAKEN);
          throw error;
        });
      return { user: publicAdminUser(sessions, user) };
    },
  );
