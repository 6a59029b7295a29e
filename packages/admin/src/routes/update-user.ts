import {
  AuthError,
  CORE_ERRORS,
  UniqueConstraintError,
  defineEndpoint,
  normalizeEmail,
  stringInput,
  userFields,
  userResponse,
  voidResetTokens,
} from "@gatehouse-auth/core";
import { z } from "zod";
import { ADMIN_EMAIL_TAKEN, ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";
import { requireCanManage } from "../permission-coverage.js";
import { requireUser } from "../require-user.js";
import { publicAdminUser } from "../public-admin-user.js";

// Role and ban are absent on purpose: they have routes of their own, guarded by their own permissions.
const data = z
  .object({
    name: stringInput(userFields.name).min(1).optional(),
    image: stringInput(userFields.image).nullish(),
    email: z.string().optional(),
    emailVerified: z.boolean().optional(),
  })
  .catchall(z.unknown());
const OWN_KEYS: ReadonlySet<string> = new Set(Object.keys(data.shape));

/** POST /admin/update-user: needs `user: update`. Changes core and additional fields of any user. */
export const adminUpdateUser = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/admin/update-user",
      body: z.strictObject({ userId: z.string().min(1), data }),
      session: "required",
      openapi: {
        summary: "Update a user (admin)",
        response: userResponse,
        errors: [
          ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS,
          ADMIN_ERRORS.CANNOT_MANAGE_MORE_PRIVILEGED_USER,
          ADMIN_EMAIL_TAKEN,
          CORE_ERRORS.USER_NOT_FOUND,
          CORE_ERRORS.INVALID_EMAIL,
          CORE_ERRORS.NO_FIELDS_TO_UPDATE,
        ],
      },
    },
    async (ctx) => {
      requireAdminPermission(
        o,
        ctx.session.user,
        { user: ["update"] },
        ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS,
      );
      const { name, image, email, emailVerified } = ctx.body.data;
      const update: Record<string, unknown> = { ...ctx.auth.userInput.parse(ctx.body.data, "update", OWN_KEYS) };
      if (name !== undefined) update.name = name;
      if (image !== undefined) update.image = image;
      if (emailVerified !== undefined) update.emailVerified = emailVerified;
      const user = await requireUser(ctx.auth, ctx.body.userId);
      // A new email on a fuller admin's account would let a password reset take it over.
      requireCanManage(o, ctx.session.user, user);
      if (email !== undefined) {
        const normalized = normalizeEmail(email);
        if (normalized !== user.email) {
          if (await ctx.auth.users.findByEmail(normalized)) throw new AuthError(ADMIN_EMAIL_TAKEN);
          update.email = normalized;
        }
      }
      if (Object.keys(update).length === 0) throw new AuthError(CORE_ERRORS.NO_FIELDS_TO_UPDATE);
      const updated = await ctx.auth
        .transaction(async (tx) => {
          const row = await tx.users.update(user.id, update);
          // Reset links mailed to the old address must not outlive the move to the new one.
          if (row && update.email !== undefined) await voidResetTokens(tx.db, user.id);
          return row;
        })
        .catch((error: unknown) => {
          if (error instanceof UniqueConstraintError) throw new AuthError(ADMIN_EMAIL_TAKEN);
          throw error;
        });
      if (!updated) throw new AuthError(CORE_ERRORS.USER_NOT_FOUND);
      return publicAdminUser(ctx.auth.sessions, updated);
    },
  );
