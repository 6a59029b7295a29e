// A JSON Schema validator for the subset the document uses, strict on purpose: an object schema with
// `properties` and no `additionalProperties` is closed, so a field the server sends but the document
// does not describe is drift too. Unknown keywords throw rather than pass silently.
import type { JsonSchema } from "../src/open-api-types.js";

// Annotations and checks that do not change what the tests need to know about a response's shape.
const IGNORED = new Set([
  "description",
  "title",
  "default",
  "examples",
  "format",
  "pattern",
  "propertyNames",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
]);
const HANDLED = new Set([
  "$ref",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "oneOf",
  "allOf",
  "enum",
  "const",
]);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const typeOf = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "array"
      : typeof value === "number" && Number.isInteger(value)
        ? "integer"
        : typeof value;

/** Errors of `value` against `schema` (empty when valid); `$ref`s resolve in `components`. */
export function validateJsonSchema(
  value: unknown,
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
): string[] {
  const errors: string[] = [];

  function resolve(s: JsonSchema): JsonSchema {
    for (let hops = 0; typeof s.$ref === "string"; hops++) {
      const name = /^#\/components\/schemas\/(.+)$/.exec(s.$ref)?.[1];
      const target = name === undefined ? undefined : components[decodeURIComponent(name)];
      if (!target || hops > 32) throw new Error(`unresolvable $ref ${s.$ref}`);
      s = target;
    }
    return s;
  }

  // Property names the schema (and its allOf parts) describe: what a closed object may carry.
  function describedKeys(s: JsonSchema): string[] {
    const r = resolve(s);
    const own = Object.keys((r.properties as Record<string, unknown> | undefined) ?? {});
    const parts = ((r.allOf as JsonSchema[] | undefined) ?? []).flatMap(describedKeys);
    return [...own, ...parts];
  }

  function check(v: unknown, raw: JsonSchema, path: string, siblings: ReadonlySet<string>): boolean {
    const s = resolve(raw);
    const before = errors.length;
    for (const key of Object.keys(s)) {
      if (!HANDLED.has(key) && !IGNORED.has(key)) throw new Error(`${path}: unsupported keyword ${key}`);
    }
    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
      const actual = typeOf(v);
      if (!types.includes(actual) && !(actual === "integer" && types.includes("number"))) {
        errors.push(`${path}: expected ${types.join("|")}, got ${actual}`);
        return false;
      }
    }
    if (s.format === "date-time" && typeof v === "string" && !ISO_DATE_TIME.test(v)) {
      errors.push(`${path}: not an ISO date-time: ${v}`);
    }
    if (s.enum && !(s.enum as unknown[]).some((e) => e === v)) errors.push(`${path}: ${JSON.stringify(v)} not in enum`);
    if ("const" in s && s.const !== v) errors.push(`${path}: expected ${JSON.stringify(s.const)}`);
    if (s.anyOf || s.oneOf) {
      const options = (s.anyOf ?? s.oneOf) as JsonSchema[];
      const matches = options.filter((o) => {
        const mark = errors.length;
        const ok = check(v, o, path, siblings);
        errors.length = mark;
        return ok;
      });
      if (matches.length === 0 || (s.oneOf && matches.length > 1)) {
        // Report the closest alternative's errors: rerun the first one whose type fits.
        const fitting = options.find((o) => {
          const t = resolve(o).type;
          return t === undefined || (Array.isArray(t) ? t.includes(typeOf(v)) : t === typeOf(v));
        });
        if (fitting) check(v, fitting, path, siblings);
        errors.push(`${path}: matches ${matches.length} of ${s.anyOf ? "anyOf" : "oneOf"}`);
      }
    }
    if (s.allOf) {
      const parts = s.allOf as JsonSchema[];
      const all = new Set([...siblings, ...parts.flatMap(describedKeys)]);
      for (const part of parts) check(v, part, path, all);
    }
    if (typeOf(v) === "array" && s.items) {
      for (const [i, item] of (v as unknown[]).entries())
        check(item, s.items as JsonSchema, `${path}[${i}]`, new Set());
    }
    if (typeOf(v) === "object") {
      const object = v as Record<string, unknown>;
      const properties = (s.properties as Record<string, JsonSchema> | undefined) ?? {};
      for (const key of (s.required as string[] | undefined) ?? []) {
        if (!(key in object)) errors.push(`${path}.${key}: required but missing`);
      }
      for (const [key, inner] of Object.entries(object)) {
        if (properties[key]) check(inner, properties[key], `${path}.${key}`, new Set());
        else if (s.additionalProperties && typeof s.additionalProperties === "object") {
          check(inner, s.additionalProperties as JsonSchema, `${path}.${key}`, new Set());
        } else if (s.properties && s.additionalProperties === undefined && !siblings.has(key)) {
          errors.push(`${path}.${key}: sent but not documented`);
        } else if (s.additionalProperties === false) errors.push(`${path}.${key}: not allowed`);
      }
    }
    return errors.length === before;
  }

  check(value, schema, "$", new Set());
  return errors;
}
