import { generateRandomString } from "@gatehouse-auth/core";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";

/**
 * Resource versions and HTTP preconditions (RFC 7644 §3.14, RFC 9110 §13). Every write of a User or Group
 * row stores a fresh random version, so two writes in the same millisecond still differ (an `updatedAt`
 * would not) and no read-modify-write is needed to bump it; the ETag is that version, weak (W/): it names
 * the resource's state, not its bytes (attributes, excludedAttributes).
 */
export const newVersion = () => generateRandomString(12);

/** A row's entity tag: `W/"<version>"` (rows written before versions existed fall back to updatedAt). */
export function etagOf(row: { version?: string | null; updatedAt: Date | string }): string {
  return `W/"${row.version ?? `t${new Date(row.updatedAt).getTime()}`}"`;
}

/** A parsed If-Match / If-None-Match: `*`, or the opaque tags listed (weak or strong). */
export type EntityTags = "*" | readonly string[];

/** What a request's conditional headers ask. */
export interface Preconditions {
  ifMatch: EntityTags | null;
  ifNoneMatch: EntityTags | null;
}

// RFC 9110 §8.8.3: entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text.
const ENTITY_TAG = /^(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;
const MAX_HEADER = 2048;
const MAX_TAGS = 32;

function parseTags(name: string, raw: string | null): EntityTags | null {
  if (raw === null) return null;
  const malformed = () =>
    new ScimError(
      SCIM_ERRORS.INVALID_PRECONDITION,
      "invalidSyntax",
      `${name} must be * or a comma-separated list of quoted entity tags such as W/"abc"`,
    );
  if (raw.length > MAX_HEADER) throw malformed();
  const value = raw.trim();
  if (value === "*") return "*";
  const parts = value.split(",").map((p) => p.trim());
  if (parts.length > MAX_TAGS) throw malformed();
  return parts.map((part) => {
    const m = ENTITY_TAG.exec(part);
    if (!m) throw malformed();
    return m[1] as string;
  });
}

/** Reads If-Match and If-None-Match; a malformed one is 400 invalidSyntax (never ignored: it guards a write). */
export function readPreconditions(headers: { get(name: string): string | null }): Preconditions {
  return {
    ifMatch: parseTags("If-Match", headers.get("if-match")),
    ifNoneMatch: parseTags("If-None-Match", headers.get("if-none-match")),
  };
}

/**
 * Weak comparison (RFC 9110 §8.8.3.2): the opaque tags are equal whatever their W/. SCIM's versions are
 * weak and RFC 7644 §3.14 sends them in If-Match, which strong comparison would never let match.
 */
function matches(tags: EntityTags, etag: string): boolean {
  if (tags === "*") return true;
  const opaque = ENTITY_TAG.exec(etag)?.[1];
  return tags.some((t) => t === opaque);
}

/**
 * If-Match on a write (PUT, PATCH, DELETE): run it inside the write's transaction, against the row read
 * under the organization's lock, so no other write slips between the check and this one. A resource
 * that is not the organization's is 404 before this runs (a 412 would tell another organization it exists).
 */
export function requireIfMatch(p: Preconditions | undefined, row: { version?: string | null; updatedAt: Date }) {
  if (p?.ifMatch && !matches(p.ifMatch, etagOf(row))) throw new ScimError(SCIM_ERRORS.PRECONDITION_FAILED);
}

/** If-None-Match on a GET: true when the client's copy is current (answer 304). */
export const isNotModified = (p: Preconditions, etag: string) => p.ifNoneMatch !== null && matches(p.ifNoneMatch, etag);
