import type { AuthContext } from "@gatehouse-auth/core";
import { DPOP_ALGORITHMS } from "./dpop-proof.js";
import { readDpopAuthorization } from "./token-binding.js";
import { type VerifiedAccessToken, verifyAccessToken } from "./verify-access-token.js";

/** How a protected resource describes itself (RFC 9728). */
export interface ProtectedResourceOptions {
  /** The resource identifier, e.g. `https://app.example.com/mcp`; list it in `oauthProvider({ resources })`. */
  resource: string;
  /** The issuer of the tokens it accepts (the provider's, e.g. `https://app.example.com/api/auth`). */
  issuer: string;
  /** Scopes the resource understands, for its metadata. */
  scopes?: string[];
}

/** The RFC 9728 §2 metadata document of a protected resource. */
export function protectedResourceMetadata(o: ProtectedResourceOptions): Record<string, unknown> {
  return {
    resource: o.resource,
    authorization_servers: [o.issuer],
    bearer_methods_supported: ["header"],
    dpop_signing_alg_values_supported: [...DPOP_ALGORITHMS],
    ...(o.scopes ? { scopes_supported: o.scopes } : {}),
  };
}

/** RFC 9728 §3.1: `/.well-known/oauth-protected-resource` inserted before the resource's path. */
export function protectedResourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === "/" ? "" : url.pathname;
  return `${url.origin}/.well-known/oauth-protected-resource${path}`;
}

/**
 * A guard for a resource server in the app's process: the token a request carries, verified for this
 * resource, or the 401 to answer (with `WWW-Authenticate: Bearer resource_metadata=…`, RFC 9728 §5.1,
 * which is how an MCP client finds the authorization server). `Authorization: DPoP` with a `DPoP` proof
 * is accepted for DPoP-bound tokens (RFC 9449 §7), which are refused as Bearer.
 */
export function requireBearer(auth: { $context: AuthContext }, o: ProtectedResourceOptions) {
  const challenge = `Bearer resource_metadata="${protectedResourceMetadataUrl(o.resource)}"`;
  return async (request: Request): Promise<{ token: VerifiedAccessToken } | { response: Response }> => {
    const header = request.headers.get("authorization") ?? "";
    const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
    const dpopToken = readDpopAuthorization(header);
    const dpop = { proof: request.headers.get("dpop"), method: request.method, url: request.url };
    const token = match
      ? await verifyAccessToken(auth, match[1] as string, { resource: o.resource })
      : dpopToken
        ? await verifyAccessToken(auth, dpopToken, { resource: o.resource, dpop })
        : null;
    if (token) return { token };
    const value = dpopToken
      ? `DPoP error="invalid_token", algs="${DPOP_ALGORITHMS.join(" ")}"`
      : match
        ? `${challenge}, error="invalid_token"`
        : challenge;
    return {
      response: new Response(JSON.stringify({ error: "invalid_token" }), {
        status: 401,
        headers: { "content-type": "application/json", "www-authenticate": value, "cache-control": "no-store" },
      }),
    };
  };
}
