import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { redirectTo } from "../api/endpoint-response.js";

/**
 * GET /reset-password/:token?callbackURL: the emailed link. Forwards the token to the app's reset
 * form (without using it up), or `error=INVALID_TOKEN` when it is unknown or expired.
 */
export const resetPasswordCallback = defineEndpoint(
  {
    method: "GET",
    path: "/reset-password/:token",
    query: z.object({ callbackURL: z.string().optional() }),
    tags: ["password-reset"],
    openapi: {
      summary: "Follow a password reset link",
      description: "Redirects to callbackURL (default /) with ?token=…, or ?error=INVALID_TOKEN.",
      kind: "redirect",
    },
  },
  async (ctx) => {
    const token = ctx.params.token ?? "";
    const target = ctx.query.callbackURL || "/";
    const found = await ctx.auth.tokens.peek<{ userId: string | null }>("reset-password", token);
    if (found.status !== "valid" || !found.payload.userId)
      return redirectTo(ctx, target, { params: { error: "INVALID_TOKEN" } });
    return redirectTo(ctx, target, { params: { token } });
  },
);
