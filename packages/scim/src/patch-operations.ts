import { SCIM_ERRORS, ScimError } from "./scim-errors.js";
import { asObject, attr } from "./scim-values.js";

/** RFC 7644 §3.5.2 PatchOp message URN. */
export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const MAX_OPERATIONS = 100;

/** One PATCH operation, its `op` lower-cased (Microsoft Entra sends "Replace", "Add", "Remove"). */
export interface PatchOperation {
  op: "add" | "replace" | "remove";
  path: string | null;
  value: unknown;
}

/** A parsed path: `attribute[filter].sub`, names lower-cased, the core schema URN prefix removed. */
export interface PatchPath {
  attribute: string;
  filter: string | null;
  sub: string | null;
}

const PATH = /^([A-Za-z][\w$-]*)(?:\[([^\]]{1,300})\])?(?:\.([A-Za-z][\w$-]*))?$/;
const CORE_URN = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i;

/** The Operations of a PatchOp body; 400 invalidSyntax / invalidValue otherwise. */
export function readPatchOperations(body: unknown): PatchOperation[] {
  const obj = asObject(body, "The body");
  const ops = attr(obj, "Operations");
  if (!Array.isArray(ops) || ops.length === 0 || ops.length > MAX_OPERATIONS)
    throw new ScimError(
      SCIM_ERRORS.INVALID_SYNTAX,
      "invalidSyntax",
      `Operations must be an array of 1 to ${MAX_OPERATIONS} operations`,
    );
  return ops.map((raw) => {
    const o = asObject(raw, "An operation");
    const op = attr(o, "op");
    const lower = typeof op === "string" ? op.toLowerCase() : "";
    if (lower !== "add" && lower !== "replace" && lower !== "remove")
      throw new ScimError(SCIM_ERRORS.INVALID_SYNTAX, "invalidSyntax", 'op must be "add", "replace" or "remove"');
    const path = attr(o, "path");
    if (path !== undefined && path !== null && typeof path !== "string")
      throw new ScimError(SCIM_ERRORS.INVALID_PATH, "invalidPath", "path must be a string");
    const value = attr(o, "value");
    const given = typeof path === "string" && path !== "" ? path : null;
    // RFC 7644 §3.5.2.2: remove needs a path; add and replace without one carry an object of attributes.
    if (lower === "remove" && given === null)
      throw new ScimError(SCIM_ERRORS.INVALID_PATH, "noTarget", "remove needs a path");
    if (lower !== "remove" && value === undefined)
      throw new ScimError(SCIM_ERRORS.INVALID_VALUE, "invalidValue", `${lower} needs a value`);
    return { op: lower, path: given, value };
  });
}

/** Splits a path; 400 invalidPath when it is not `attr`, `attr.sub`, `attr[filter]` or `attr[filter].sub`. */
export function parsePatchPath(path: string): PatchPath | "extension" {
  const bare = path.replace(CORE_URN, "");
  // Extension schemas (the enterprise User…) we do not keep: their attributes are accepted and ignored.
  if (/^urn:/i.test(bare)) return "extension";
  const match = PATH.exec(bare);
  if (!match)
    throw new ScimError(SCIM_ERRORS.INVALID_PATH, "invalidPath", `The path "${path.slice(0, 100)}" is not valid`);
  return {
    attribute: (match[1] as string).toLowerCase(),
    filter: match[2] ?? null,
    sub: match[3] ? match[3].toLowerCase() : null,
  };
}

/** The string compared with `eq` in a value filter `name eq "x"` (the one form identity providers send). */
export function eqValue(filter: string, name: string): string | null {
  const match = /^\s*([\w.]+)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  if (!match || (match[1] as string).toLowerCase() !== name) return null;
  return (match[2] as string).replace(/\\(.)/g, "$1");
}
