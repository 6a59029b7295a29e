import { type AuthContext, type HeaderReader, isAuthError } from "@gatehouse-auth/core";
import { readPreconditions } from "./etag.js";
import { type OperationSubject, type ScimOperation, runScimOperation } from "./scim-operation.js";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";
import type { ResolvedScimOptions } from "./scim-options.js";
import type { ScimScope } from "./scim-token.js";
import { asObject, attr } from "./scim-values.js";

/** RFC 7644 §3.7 message URNs. */
export const BULK_REQUEST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:BulkRequest";
export const BULK_RESPONSE_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:BulkResponse";

const BULK_ID_PREFIX = "bulkId:";
const MAX_BULK_ID = 100;
// bulkId references are looked for this deep in an operation's data (a Group's members[].value is 3 deep).
const MAX_DATA_DEPTH = 8;
const METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const PATH = /^\/(Users|Groups)(?:\/([^/]+))?$/;

/** The limits ServiceProviderConfig announces: a body core refuses never reaches SCIM. */
export function bulkLimits(auth: AuthContext, o: ResolvedScimOptions) {
  return {
    maxOperations: o.maxBulkOperations,
    maxPayloadSize: Math.min(o.maxBulkPayloadSize, auth.options.advanced.maxBodySize),
  };
}

/** One operation of the request, read; `invalid` is its refusal when it cannot run at all. */
interface BulkOperation {
  method: string;
  bulkId: string | null;
  version: string | null;
  resource: "Users" | "Groups";
  /** The path's id, or the bulkId it references. */
  target: { id: string } | { bulkId: string } | null;
  data: unknown;
  /** Every bulkId the path and data reference. */
  refs: Set<string>;
  invalid: ScimError | null;
}

/** A completed operation, as the audit log maps it to the event its single request would record. */
export interface SettledOperation {
  /** The single request's route pattern: `/scim/v2/Users/:id`. */
  path: string;
  method: ScimOperation["method"];
  params: Record<string, string>;
  /** The operation's data, bulkIds resolved (what the single request's body would be). */
  body: unknown;
  status: number;
  /** The resource the single request would answer (none for DELETE). */
  result: unknown;
  subject: OperationSubject;
}

/** The BulkResponse body, and the completed operations for the audit log. */
export interface BulkOutcome {
  body: { schemas: string[]; Operations: Record<string, unknown>[] };
  settled: SettledOperation[];
}

const syntax = (detail: string) => new ScimError(SCIM_ERRORS.INVALID_SYNTAX, "invalidSyntax", detail);
const tooLarge = (detail: string) => new ScimError(SCIM_ERRORS.BULK_TOO_LARGE, undefined, detail);

/** The request's size in bytes: its Content-Length, else its JSON re-serialized. */
function payloadSize(headers: HeaderReader, body: unknown): number {
  const declared = Number(headers.get("content-length"));
  if (Number.isSafeInteger(declared) && declared > 0) return declared;
  return Buffer.byteLength(JSON.stringify(body ?? null));
}

/** Every `bulkId:x` string in `value`, bounded in depth (deeper data is refused). */
function collectRefs(value: unknown, refs: Set<string>, depth: number): void {
  if (depth > MAX_DATA_DEPTH) throw syntax(`Operation data may nest at most ${MAX_DATA_DEPTH} levels`);
  if (typeof value === "string") {
    if (value.startsWith(BULK_ID_PREFIX)) refs.add(value.slice(BULK_ID_PREFIX.length));
  } else if (Array.isArray(value)) for (const v of value) collectRefs(v, refs, depth + 1);
  else if (typeof value === "object" && value !== null)
    for (const v of Object.values(value)) collectRefs(v, refs, depth + 1);
}

/** `value` with every `bulkId:x` replaced by the id that operation created. */
function resolveRefs(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === "string" && value.startsWith(BULK_ID_PREFIX))
    return ids.get(value.slice(BULK_ID_PREFIX.length)) ?? value;
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, ids));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, ids)]));
  return value;
}

function readOperation(raw: unknown): BulkOperation {
  const op: BulkOperation = {
    method: "",
    bulkId: null,
    version: null,
    resource: "Users",
    target: null,
    data: undefined,
    refs: new Set(),
    invalid: null,
  };
  const obj = asObject(raw, "An operation");
  const method = attr(obj, "method");
  const bulkId = attr(obj, "bulkId");
  const version = attr(obj, "version");
  const path = attr(obj, "path");
  op.method = typeof method === "string" ? method.toUpperCase().slice(0, 10) : "";
  if (bulkId !== undefined && bulkId !== null) {
    if (typeof bulkId !== "string" || bulkId === "" || bulkId.length > MAX_BULK_ID)
      throw syntax(`bulkId must be a string of 1 to ${MAX_BULK_ID} characters`);
    op.bulkId = bulkId;
  }
  try {
    if (!METHODS.has(op.method)) throw syntax("method must be POST, PUT, PATCH or DELETE");
    if (version !== undefined && version !== null && typeof version !== "string")
      throw syntax("version must be an entity tag");
    op.version = typeof version === "string" ? version : null;
    const match = typeof path === "string" ? PATH.exec(path) : null;
    if (!match) throw syntax('path must be "/Users", "/Groups", "/Users/{id}" or "/Groups/{id}"');
    op.resource = match[1] as "Users" | "Groups";
    const id = match[2] ? decodeURIComponent(match[2]) : null;
    if ((op.method === "POST") !== (id === null))
      throw syntax("POST names a resource type (/Users); PUT, PATCH and DELETE name a resource (/Users/{id})");
    // RFC 7644 §3.7: a POST carries the bulkId the other operations may reference it by.
    if (op.method === "POST" && op.bulkId === null) throw syntax("A POST operation needs a bulkId");
    if (id?.startsWith(BULK_ID_PREFIX)) {
      op.target = { bulkId: id.slice(BULK_ID_PREFIX.length) };
      op.refs.add(op.target.bulkId);
    } else if (id !== null) op.target = { id };
    op.data = attr(obj, "data");
    if (op.method !== "DELETE" && (typeof op.data !== "object" || op.data === null))
      throw syntax(`A ${op.method} operation needs data`);
    collectRefs(op.data, op.refs, 0);
  } catch (error) {
    if (!(error instanceof ScimError)) throw error;
    op.invalid = error;
    // Refused where it stands in the request, waiting on nothing.
    op.refs.clear();
  }
  return op;
}

/**
 * Reads a BulkRequest (RFC 7644 §3.7): its size, operation count and shape are checked before any
 * operation runs (413 past the limits, 400 for a malformed request or a bulkId used twice).
 */
export function readBulkRequest(headers: HeaderReader, body: unknown, limits: ReturnType<typeof bulkLimits>) {
  if (payloadSize(headers, body) > limits.maxPayloadSize)
    throw tooLarge(`The bulk request exceeds maxPayloadSize (${limits.maxPayloadSize} bytes)`);
  const obj = asObject(body, "The body");
  const operations = attr(obj, "Operations");
  if (!Array.isArray(operations) || operations.length === 0) throw syntax("Operations must be a non-empty array");
  if (operations.length > limits.maxOperations)
    throw tooLarge(`The bulk request exceeds maxOperations (${limits.maxOperations})`);
  const failOnErrors = attr(obj, "failOnErrors");
  if (
    failOnErrors !== undefined &&
    failOnErrors !== null &&
    !(typeof failOnErrors === "number" && Number.isSafeInteger(failOnErrors) && failOnErrors >= 1)
  )
    throw syntax("failOnErrors must be a positive integer");
  const ops = operations.map(readOperation);
  const seen = new Set<string>();
  for (const op of ops) {
    if (op.bulkId === null) continue;
    // A reference to a bulkId used twice would be ambiguous: nothing runs.
    if (seen.has(op.bulkId)) throw syntax(`bulkId "${op.bulkId.slice(0, MAX_BULK_ID)}" is used more than once`);
    seen.add(op.bulkId);
  }
  return { ops, failOnErrors: typeof failOnErrors === "number" ? failOnErrors : Number.POSITIVE_INFINITY };
}

/** The Error body of a refused operation (RFC 7644 §3.12), as its single request would answer it. */
function errorBody(error: ScimError | { status: number; message: string; code: string }) {
  const e = error instanceof ScimError ? error : null;
  const status = e ? e.error.status : (error as { status: number }).status;
  return {
    schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
    status: String(status),
    ...(e?.scimType ? { scimType: e.scimType } : {}),
    detail: e ? e.detail : (error as { message: string }).message,
    code: e ? e.error.code : (error as { code: string }).code,
  };
}

/**
 * Runs the operations (RFC 7644 §3.7.1-3): each after the operations whose bulkIds it references (else in
 * request order), through the same code path as its single request, in a transaction of its own (a
 * refused operation leaves nothing of itself; earlier ones stay). A reference to an operation that failed,
 * or to a bulkId nobody defines, is 409 BULK_ID_UNRESOLVED; operations left waiting on each other are
 * 409 BULK_CIRCULAR_REFERENCE. After `failOnErrors` refusals the rest are not run (§3.7.3).
 */
export async function runBulk(
  auth: AuthContext,
  o: ResolvedScimOptions,
  scope: ScimScope,
  base: string,
  request: ReturnType<typeof readBulkRequest>,
): Promise<BulkOutcome> {
  const defined = new Set(request.ops.flatMap((op) => (op.bulkId === null ? [] : [op.bulkId])));
  const created = new Map<string, string>();
  const failed = new Set<string>();
  const pending = [...request.ops];
  const results: Record<string, unknown>[] = [];
  const settled: SettledOperation[] = [];
  let errors = 0;

  const answer = (op: BulkOperation, fields: Record<string, unknown>) =>
    results.push({ method: op.method, ...(op.bulkId !== null ? { bulkId: op.bulkId } : {}), ...fields });
  const refuse = (op: BulkOperation, error: ScimError | { status: number; message: string; code: string }) => {
    errors++;
    if (op.bulkId !== null) failed.add(op.bulkId);
    const body = errorBody(error);
    answer(op, { status: body.status, response: body });
  };

  while (pending.length > 0 && errors < request.failOnErrors) {
    // The first operation whose references are all settled; none: the rest wait on each other.
    const index = pending.findIndex((op) =>
      [...op.refs].every((ref) => created.has(ref) || failed.has(ref) || !defined.has(ref)),
    );
    if (index === -1) {
      // Every operation left waits on another one left: each is in a cycle or depends on one.
      for (const op of pending.splice(0))
        if (errors < request.failOnErrors) refuse(op, new ScimError(SCIM_ERRORS.BULK_CIRCULAR_REFERENCE));
      break;
    }
    const [op] = pending.splice(index, 1) as [BulkOperation];
    if (op.invalid) {
      refuse(op, op.invalid);
      continue;
    }
    const unresolved = [...op.refs].find((ref) => !created.has(ref));
    if (unresolved !== undefined) {
      refuse(
        op,
        new ScimError(
          SCIM_ERRORS.BULK_ID_UNRESOLVED,
          undefined,
          `bulkId "${unresolved.slice(0, MAX_BULK_ID)}" names no operation of this request that succeeded`,
        ),
      );
      continue;
    }
    const id = op.target === null ? null : "id" in op.target ? op.target.id : (created.get(op.target.bulkId) ?? null);
    const method = op.method as ScimOperation["method"];
    const body = resolveRefs(op.data, created);
    try {
      const ifMatch = op.version;
      const preconditions = readPreconditions({ get: (name) => (name === "if-match" ? ifMatch : null) });
      const done = await runScimOperation(auth, o, scope, base, {
        resource: op.resource,
        method,
        id,
        body,
        preconditions,
      });
      if (op.bulkId !== null && done.resource) created.set(op.bulkId, done.resource.id);
      const location = done.resource?.meta.location ?? `${base}/${op.resource}/${encodeURIComponent(id ?? "")}`;
      answer(op, {
        location,
        ...(done.resource ? { version: done.resource.meta.version } : {}),
        status: String(done.status),
      });
      settled.push({
        path: `/scim/v2/${op.resource}${method === "POST" ? "" : "/:id"}`,
        method,
        params: method === "POST" ? {} : { id: id ?? "" },
        body,
        status: done.status,
        result: done.resource,
        subject: done.subject,
      });
    } catch (error) {
      // A refusal is this operation's answer; anything else (the database gone) is the request's.
      if (error instanceof ScimError) refuse(op, error);
      else if (isAuthError(error) && error.status < 500) refuse(op, error);
      else throw error;
    }
  }
  return { body: { schemas: [BULK_RESPONSE_SCHEMA], Operations: results }, settled };
}
