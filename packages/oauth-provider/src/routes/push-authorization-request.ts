import { EndpointResponse, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { assertionCheck } from "../assertion-check.js";
import { authenticateClient } from "../authenticate-client.js";
import { verifyDpopProof } from "../dpop-proof.js";
import { endpointUrl } from "../issuer-of.js";
import type { ClientStore } from "../oauth-client.js";
import { OAuthError, answeringOAuthErrors } from "../oauth-error.js";
import type { ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";
import {
  UntrustedRedirectError,
  parseAuthorizationRequest,
  resolveClientRedirect,
} from "../parse-authorization-request.js";
import { pushRequest } from "../pushed-requests.js";

/**
 * POST /oauth2/par (RFC 9126): the client sends its authorization request straight to us, authenticated
 * as at the token endpoint, and gets a short-lived `request_uri` to send the browser with instead. The
 * request is checked here as the authorization endpoint would check it, so a bad one fails at the
 * client's server, not in the user's browser; the parameters never travel through the browser.
 */
export const pushAuthorizationRequest = (o: ResolvedOAuthProviderOptions, clients: ClientStore) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/oauth2/par",
      // A client's server posts here (no browser, no Origin); client authentication is the protection.
      skipOriginCheck: true,
      acceptsForm: true,
      body: z.record(z.string(), z.unknown()).optional(),
      openapi: {
        summary: "OAuth 2.0 pushed authorization request (RFC 9126)",
        description:
          "Form-encoded authorization parameters plus client authentication; answers 201 `{ request_uri, expires_in }`. Errors are RFC 6749 §5.2 `{ error, error_description }`.",
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
          assertionCheck(ctx, clients, "/oauth2/par"),
        );
        // §2.1: a request_uri inside a push is refused; request objects are not supported at all.
        if (form.request_uri !== undefined) throw new OAuthError("invalid_request", "request_uri cannot be pushed");
        const query: Record<string, string> = {};
        for (const [name, value] of Object.entries(form)) {
          if (name === "client_secret" || name === "client_assertion" || name === "client_assertion_type") continue;
          if (typeof value !== "string") throw new OAuthError("invalid_request", `${name} must be given once`);
          query[name] = value;
        }
        query.client_id = client.clientId;
        // RFC 9449 §10.1: a DPoP proof with the push binds the code to its key, as dpop_jkt would; both must agree.
        const proof = ctx.headers.get("dpop");
        if (proof !== null) {
          const jkt = await verifyDpopProof(ctx.auth, proof, { method: "POST", url: endpointUrl(ctx, "/oauth2/par") });
          if (query.dpop_jkt !== undefined && query.dpop_jkt !== jkt)
            throw new OAuthError("invalid_dpop_proof", "dpop_jkt is not the thumbprint of the DPoP proof's key");
          query.dpop_jkt = jkt;
        }
        let target: Awaited<ReturnType<typeof resolveClientRedirect>>;
        try {
          target = await resolveClientRedirect(ctx.auth, clients, query);
        } catch (error) {
          // Only registered redirect URIs, as at the authorization endpoint (§2.4 allows more; we do not).
          if (error instanceof UntrustedRedirectError)
            throw new OAuthError("invalid_request", "redirect_uri is not one of the client's registered URIs");
          throw error;
        }
        parseAuthorizationRequest(o, target, query);
        const expiresIn = o.pushedAuthorizationRequestExpiresIn;
        const requestUri = await pushRequest(ctx.auth, client.clientId, query, expiresIn);
        return new EndpointResponse(
          201,
          { request_uri: requestUri, expires_in: expiresIn },
          { "cache-control": "no-store", pragma: "no-cache" },
        );
      }),
  );
