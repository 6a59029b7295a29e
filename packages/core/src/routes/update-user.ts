import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { userFields } from "../schema/core-schema.js";
import { stringInput } from "../schema/field-input.js";
import { userResponse } from "../api/response-shapes.js";
import { UniqueConstraintError } from "../adapter/adapter-errors.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { setSessionCacheCookie } from "../session/session-cache.js";
import { isDontRemember } from "../session/session-cookies.js";

const updateUserBody = z
  .object({ name: stringInput(userFields.name).min(1).optional(), image: stringInput(userFields.image).nullish() })
  .catchall(z.unknown());
const OWN_KEYS = new Set(Object.keys(updateUserBody.shape));

/** POST /update-user: name, image and the app's additional fields; never the email (change-email does that). */
export const updateUser = defineEndpoint(
  {
    method: "POST",
    path: "/update-user",
    body: updateUserBody,
    session: "required",
    tags: ["updates-user"],
    openapi: {
      summary: "Update your profile",
      response: z.object({ status: z.boolean(), user: userResponse }),
      errors: [CORE_ERRORS.EMAIL_CAN_NOT_BE_UPDATED, CORE_ERRORS.NO_FIELDS_TO_UPDATE, CORE_ERRORS.USER_NOT_FOUND],
    },
  },
  async (ctx) => {
    if ("email" in ctx.body) throw new AuthError(CORE_ERRORS.EMAIL_CAN_NOT_BE_UPDATED);
    const { columns: extra, plugins: pluginColumns } = await ctx.auth.userInput.readWithPlugins(
      ctx.body,
      "update",
      OWN_KEYS,
      { ctx, user: ctx.session.user },
    );
    const { name, image } = ctx.body;
    const update = { ...extra, ...(name !== undefined && { name }), ...(image !== undefined && { image }) };
    if (Object.keys(update).length === 0) throw new AuthError(CORE_ERRORS.NO_FIELDS_TO_UPDATE);
    const user = await ctx.auth.users.update(ctx.session.user.id, update).catch(async (error: unknown) => {
      // A plugin's unique column (a username) taken since its parse looked: the plugin answers.
      if (error instanceof UniqueConstraintError) await ctx.auth.userInput.explainConflict(pluginColumns, ctx);
      throw error;
    });
    if (!user) throw new AuthError(CORE_ERRORS.USER_NOT_FOUND);
    // The cached copy of the user would be stale: rewrite it along with the change.
    if (ctx.auth.options.session.cookieCache.enabled) {
      setSessionCacheCookie(
        ctx,
        { session: ctx.session.session, user: ctx.auth.sessions.publicUser(user) },
        !isDontRemember(ctx),
      );
    }
    return { status: true, user: ctx.auth.sessions.publicUser(user) };
  },
);
