import { EndpointResponse, isAuthError } from "@gatehouse-auth/core";
import { ScimError } from "./scim-errors.js";

/** RFC 7644 §3.1: SCIM bodies are `application/scim+json`. */
export const SCIM_CONTENT_TYPE = "application/scim+json; charset=utf-8";
/** RFC 7644 §3.12 Error schema URN. */
export const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

/** A SCIM JSON answer with `status` (200 unless told), never cached: it carries directory data. */
export function scimJson(body: unknown, status = 200, headers: Record<string, string> = {}): EndpointResponse {
  return new EndpointResponse(status, body, {
    "content-type": SCIM_CONTENT_TYPE,
    "cache-control": "no-store",
    ...headers,
  });
}

/** A User or Group answer, with its version as the `ETag` header (RFC 7644 §3.14). */
export function scimResource(
  resource: { meta: { version: string } },
  status = 200,
  headers: Record<string, string> = {},
): EndpointResponse {
  return scimJson(resource, status, { etag: resource.meta.version, ...headers });
}

/** 304 Not Modified (a GET whose If-None-Match names the current version): no body, the ETag again. */
export function scimNotModified(etag: string): EndpointResponse {
  return new EndpointResponse(304, null, { etag, "cache-control": "no-store" });
}

/** 204 No Content (DELETE, RFC 7644 §3.6). */
export function scimNoContent(): EndpointResponse {
  return new EndpointResponse(204, null, { "cache-control": "no-store" });
}

/** The Error schema body for `error` (status as a string, RFC 7644 §3.12), plus our catalogue code. */
export function scimErrorResponse(error: ScimError): EndpointResponse {
  const { status, code } = error.error;
  const body: Record<string, unknown> = { schemas: [ERROR_SCHEMA], status: String(status), detail: error.detail, code };
  if (error.scimType) body.scimType = error.scimType;
  // RFC 6750 §3: a refused bearer token is named in WWW-Authenticate.
  const headers: Record<string, string> = status === 401 ? { "www-authenticate": 'Bearer realm="scim"' } : {};
  return scimJson(body, status, headers);
}

/**
 * Runs a SCIM endpoint, answering ScimErrors — and the catalogue errors core's helpers throw inside it
 * (an unreachable database stays core's 503) — in SCIM's Error schema.
 */
export async function answeringScimErrors(run: () => Promise<EndpointResponse>): Promise<EndpointResponse> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ScimError) return scimErrorResponse(error);
    if (isAuthError(error) && error.status < 500) {
      const body = { schemas: [ERROR_SCHEMA], status: String(error.status), detail: error.message, code: error.code };
      return scimJson(body, error.status);
    }
    throw error;
  }
}
