import { AuthError, defineEndpoint, successResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { findDomainRecord } from "../find-domain-record.js";
import { requireManagedProvider } from "../manage-access.js";
import { SSO_ERRORS } from "../sso-errors.js";
import type { ResolvedSsoOptions } from "../sso-options.js";

const body = z.object({ providerId: z.string().min(1).max(32) });

/**
 * POST /sso/verify-domain: looks the TXT record up and, when it holds the token, marks the domain
 * verified; from then on the connection routes sign-ins and may claim accounts of that domain.
 */
export const verifyDomain = (o: ResolvedSsoOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/sso/verify-domain",
      body,
      session: "required",
      // It changes how an organization's people sign in: the manager's own session only (no API key, no impersonation).
      credentials: "own-session",
      // Each call is a DNS lookup: a manager has no reason to retry faster.
      rateLimit: { window: 60, max: 10 },
      openapi: {
        summary: "Verify the connection's domain by its DNS TXT record",
        response: successResponse,
        errors: [
          SSO_ERRORS.SSO_PROVIDER_NOT_FOUND,
          SSO_ERRORS.DOMAIN_ALREADY_VERIFIED,
          SSO_ERRORS.DOMAIN_VERIFICATION_FAILED,
          SSO_ERRORS.DNS_UNAVAILABLE,
        ],
      },
    },
    async (ctx) => {
      if (!o.domainVerification.enabled) throw new AuthError(SSO_ERRORS.DOMAIN_VERIFICATION_DISABLED);
      const row = await requireManagedProvider(ctx, o, ctx.body.providerId);
      if (row.domainVerified) throw new AuthError(SSO_ERRORS.DOMAIN_ALREADY_VERIFIED);
      const lookup = await findDomainRecord(o, row.providerId, row.domain, row.domainVerificationToken);
      if (lookup === "unavailable") throw new AuthError(SSO_ERRORS.DNS_UNAVAILABLE);
      if (lookup === "absent") throw new AuthError(SSO_ERRORS.DOMAIN_VERIFICATION_FAILED);
      await ctx.auth.db.update({
        model: "ssoProvider",
        where: [{ field: "id", value: row.id }],
        update: { domainVerified: true, updatedAt: new Date(ctx.auth.now()) },
      });
      return { success: true };
    },
  );
