import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { findUserByUsername } from "../find-user-by-username.js";
import { acceptNewUsername } from "../normalize-username.js";
import { USERNAME_ERRORS } from "../username-errors.js";
import type { ResolvedUsernameOptions } from "../username-options.js";

/**
 * POST /is-username-available: whether sign-up or update-user would accept the name now (a later
 * request may still lose it to someone else). It tells anyone whether a name is taken — that is its
 * job, and sign-up tells as much — so it carries its own rate limit (`availabilityRateLimit`).
 */
export const isUsernameAvailable = (options: ResolvedUsernameOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/is-username-available",
      body: z.strictObject({ username: z.string().max(255) }),
      openapi: {
        summary: "Whether a username is free",
        description: "Any case of a taken name is taken. A name the rules refuse is 422, not `available: false`.",
        response: z.object({ available: z.boolean() }),
        errors: [USERNAME_ERRORS.UNPROCESSABLE_USERNAME],
      },
    },
    async (ctx) => {
      const username = await acceptNewUsername(ctx.body.username, options);
      if (username === null) throw new AuthError(USERNAME_ERRORS.UNPROCESSABLE_USERNAME);
      return { available: (await findUserByUsername(ctx.auth.db, username)) === null };
    },
  );
