import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { requireManagedProvider } from "../manage-access.js";
import { SSO_ERRORS } from "../sso-errors.js";
import type { ResolvedSsoOptions } from "../sso-options.js";

const body = z.object({ providerId: z.string().min(1).max(32) });

/** POST /sso/request-domain-verification: the pending token to publish in DNS. */
export const requestDomainVerification = (o: ResolvedSsoOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/sso/request-domain-verification",
      body,
      session: "required",
      // It changes how an organization's people sign in: the manager's own session only (no API key, no impersonation).
      credentials: "own-session",
      openapi: {
        summary: "Get the domain verification token",
        response: z.object({ domainVerificationToken: z.string() }),
        errors: [SSO_ERRORS.SSO_PROVIDER_NOT_FOUND, SSO_ERRORS.DOMAIN_ALREADY_VERIFIED],
      },
    },
    async (ctx) => {
      if (!o.domainVerification.enabled) throw new AuthError(SSO_ERRORS.DOMAIN_VERIFICATION_DISABLED);
      const row = await requireManagedProvider(ctx, o, ctx.body.providerId);
      if (row.domainVerified) throw new AuthError(SSO_ERRORS.DOMAIN_ALREADY_VERIFIED);
      return { domainVerificationToken: row.domainVerificationToken };
    },
  );
