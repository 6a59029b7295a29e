import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { canHaveJwt } from "../can-have-jwt.js";
import { JWT_ERRORS } from "../jwt-errors.js";
import type { SessionJwtSigner } from "../sign-session-jwt.js";

/**
 * GET /token: a short-lived JWT for the current session, for other services (verified against /jwks).
 * Sensitive: it mints a credential, so an impersonation session cannot have one (the admin plugin
 * refuses tagged endpoints to those; refused here too, whatever plugins run). An API key's session gets
 * none either: a leaked key must not reach the services that trust these tokens.
 */
export const getToken = (sign: SessionJwtSigner) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/token",
      session: "required",
      credentials: "own-session",
      openapi: {
        summary: "A short-lived JWT for the current session",
        description: "Claims sub (user id), iss, aud, iat, exp; its header's kid names a key of /jwks.",
        response: z.object({ token: z.string() }),
        errors: [JWT_ERRORS.SESSION_REQUIRED],
      },
    },
    async (ctx) => {
      if (!canHaveJwt(ctx.session.session)) throw new AuthError(JWT_ERRORS.SESSION_REQUIRED);
      return { token: await sign(ctx.auth, ctx.session) };
    },
  );
