import { authUrl, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { assertionCheck } from "../assertion-check.js";
import { checkAskedScopes } from "../check-asked-scopes.js";
import { authenticateClient } from "../authenticate-client.js";
import { generateUserCode, newDeviceCode, normalizeUserCode, userCodeHash } from "../device-codes.js";
import { GRANT_MODELS } from "../grants-schema.js";
import { hashToken } from "../issue-code.js";
import type { ClientStore } from "../oauth-client.js";
import { OAuthError, answeringOAuthErrors, noStoreJson } from "../oauth-error.js";
import { DEVICE_CODE_GRANT, type ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";

/**
 * POST /oauth2/device_authorization (RFC 8628 §3.1): a device without a browser (a CLI, a TV) starts a
 * sign-in. Client authentication as at the token endpoint; the client must hold the device grant.
 */
export const deviceAuthorization = (o: ResolvedOAuthProviderOptions, clients: ClientStore) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/oauth2/device_authorization",
      // A device posts here (no browser, no Origin); client authentication is the protection.
      skipOriginCheck: true,
      acceptsForm: true,
      body: z.record(z.string(), z.unknown()).optional(),
      openapi: {
        summary: "OAuth 2.0 device authorization (RFC 8628 §3.1)",
        description: "Form-encoded; errors are RFC 6749 §5.2 `{ error, error_description }`.",
      },
    },
    async (ctx) =>
      answeringOAuthErrors(async () => {
        const form = ctx.body ?? {};
        const client = await authenticateClient(
          ctx.auth,
          clients,
          ctx.headers.get("authorization"),
          form,
          assertionCheck(ctx, clients, "/oauth2/device_authorization"),
        );
        if (!client.grantTypes.includes(DEVICE_CODE_GRANT))
          throw new OAuthError("unauthorized_client", "The client may not use the device grant");
        const asked = typeof form.scope === "string" ? [...new Set(form.scope.split(" ").filter((s) => s !== ""))] : [];
        if (asked.some((s) => !o.scopes.has(s))) throw new OAuthError("invalid_scope", "Unknown scope");
        checkAskedScopes(client, asked);
        // As at the authorization endpoint: offline_access only for a client that may refresh.
        const scopes = client.grantTypes.includes("refresh_token")
          ? asked
          : asked.filter((s) => s !== "offline_access");
        const resource = typeof form.resource === "string" ? form.resource : null;
        if (form.resource !== undefined && (resource === null || !o.resources.has(resource)))
          throw new OAuthError("invalid_target", "Unknown resource");
        const deviceCode = newDeviceCode();
        const userCode = generateUserCode();
        const now = ctx.auth.now();
        await ctx.auth.db.create({
          model: GRANT_MODELS.deviceCode,
          data: {
            deviceCodeHash: hashToken(deviceCode),
            userCodeHash: userCodeHash(normalizeUserCode(userCode) as string),
            clientId: client.clientId,
            scopes: scopes.join(" "),
            resource,
            userId: null,
            sessionId: null,
            status: "pending",
            interval: o.deviceCodeInterval,
            lastPolledAt: null,
            expiresAt: new Date(now + o.deviceCodeExpiresIn * 1000),
          },
        });
        // The verification page is the app's, on its origin (or the absolute URL configured).
        const verification = new URL(o.devicePage, authUrl(ctx, "/"));
        const complete = new URL(verification);
        complete.searchParams.set("user_code", userCode);
        return noStoreJson({
          device_code: deviceCode,
          user_code: userCode,
          verification_uri: verification.href,
          verification_uri_complete: complete.href,
          expires_in: o.deviceCodeExpiresIn,
          interval: o.deviceCodeInterval,
        });
      }),
  );
