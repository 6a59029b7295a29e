import { type EndpointContext, type SessionRequirement, authUrl, resolveRedirectUrl } from "@gatehouse-auth/core";
import { type Preconditions, readPreconditions } from "./etag.js";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";
import { type ScimScope, authenticateScim } from "./scim-token.js";

type AnyCtx = EndpointContext<unknown, unknown, SessionRequirement>;

/** Every SCIM path lives under this one (RFC 7644 §3.13: the version in the base URL). */
export const SCIM_BASE_PATH = "/scim/v2";

/**
 * Per client address, on every /scim/v2 route: an identity provider's sync sends bursts (Entra's initial
 * cycle, Okta's imports) that the default 100 requests / 60 s would throttle; tokens are 238 random bits,
 * so the limit is about load, not guessing. An app's `rateLimit.customRules` still overrides it.
 */
export const SCIM_RATE_LIMIT = { window: 60, max: 1200 };

/** A SCIM request's organization and the absolute base URL its resources' locations use. */
export interface ScimRequest {
  scope: ScimScope;
  base: string;
  /** If-Match / If-None-Match (RFC 7644 §3.14); the resource routes apply them. */
  preconditions: Preconditions;
}

/** Authenticates the SCIM bearer token (401 otherwise), builds the base URL and reads the preconditions. */
export async function readScimRequest(ctx: AnyCtx): Promise<ScimRequest> {
  const scope = await authenticateScim(ctx.auth.db, ctx.headers);
  return { scope, base: authUrl(ctx, SCIM_BASE_PATH), preconditions: readPreconditions(ctx.headers) };
}

/** The `:id` path parameter, bounded (ids we issue are 32 characters). */
export function idParam(ctx: AnyCtx): string {
  const id = ctx.params.id ?? "";
  if (id === "" || id.length > 64) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
  return id;
}

/** `Location` for a created resource (RFC 7644 §3.3), through the one function that writes Location. */
export function locationHeader(ctx: AnyCtx, location: string): Record<string, string> {
  const resolved = resolveRedirectUrl(location, ctx.auth);
  return resolved ? { location: resolved } : {};
}

/** The query parameters as strings (the endpoint declares none: SCIM names its own). */
export function queryOf(ctx: AnyCtx): Record<string, string> {
  const q = ctx.query;
  return typeof q === "object" && q !== null ? (q as Record<string, string>) : {};
}
