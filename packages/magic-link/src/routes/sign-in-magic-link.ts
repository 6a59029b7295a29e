import {
  CORE_ERRORS,
  authUrl,
  defineEndpoint,
  normalizeEmail,
  sendInBackground,
  statusResponse,
  stringInput,
  userFields,
} from "@gatehouse-auth/core";
import { z } from "zod";
import { MAGIC_LINK_ERRORS } from "../magic-link-errors.js";
import type { ResolvedMagicLinkOptions } from "../magic-link-options.js";
import { issueMagicLink } from "../magic-link-store.js";

const body = z.strictObject({
  email: z.string(),
  /** The name of the user the link creates, if it creates one. */
  name: stringInput(userFields.name).trim().min(1).optional(),
  callbackURL: z.string().optional(),
  newUserCallbackURL: z.string().optional(),
  errorCallbackURL: z.string().optional(),
});

/**
 * POST /sign-in/magic-link {email, name?, callbackURL?, newUserCallbackURL?, errorCallbackURL?}: mails a
 * single-use link that signs in whoever opens it. The callback URLs were already checked by core (an
 * untrusted one is a 403 before this runs, so nothing is mailed) and ride in the link. Known or unknown
 * address, the same answer and the same work; the mail goes out in the background.
 */
export const signInMagicLink = (o: ResolvedMagicLinkOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/sign-in/magic-link",
      body,
      tags: ["magic-link"],
      openapi: {
        summary: "Email a sign-in link",
        description:
          "Always {status: true} for a well-formed address, whether or not it has an account. The link expires and works once.",
        response: statusResponse,
        errors: [CORE_ERRORS.INVALID_EMAIL, MAGIC_LINK_ERRORS.MAGIC_LINK_SEND_LIMIT],
      },
    },
    async (ctx) => {
      const email = normalizeEmail(ctx.body.email);
      const { callbackURL, newUserCallbackURL, errorCallbackURL, name } = ctx.body;
      // Settled before any lookup: an untrusted Host (no baseURL) is refused for every address alike.
      const base = authUrl(ctx, "/magic-link/verify");
      // With sign-up off, only existing users get mail — but every request pays for the lookup.
      const mailable = !o.disableSignUp || (await ctx.auth.users.findByEmail(email)) !== null;
      const token = await issueMagicLink(ctx.auth, o, { email, ...(name && { name }) });
      if (mailable) {
        const url = new URL(base);
        url.searchParams.set("token", token);
        if (callbackURL) url.searchParams.set("callbackURL", callbackURL);
        if (newUserCallbackURL) url.searchParams.set("newUserCallbackURL", newUserCallbackURL);
        if (errorCallbackURL) url.searchParams.set("errorCallbackURL", errorCallbackURL);
        const message = { email, url: url.toString(), token };
        sendInBackground(ctx.auth, "magic link email", () => o.sendMagicLink(message));
      }
      return { status: true };
    },
  );
