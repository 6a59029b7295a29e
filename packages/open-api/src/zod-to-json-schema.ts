import { z } from "zod";
import type { JsonSchema } from "./open-api-types.js";

const DEFS_PREFIX = "#/$defs/";
const COMPONENTS_PREFIX = "#/components/schemas/";

/**
 * The JSON Schema of what a client sends for `schema` (zod's input side, so a transform documents
 * what it accepts, not what it turns it into). Types JSON cannot express (dates, custom checks)
 * become `{}` instead of failing the whole document. Shared and recursive parts that zod puts in
 * `$defs` move to `components` (named `<prefix><Name>`), because a `#/$defs/…` ref inside an
 * OpenAPI document would resolve against the document root, not against this schema.
 */
export function zodToJsonSchema(schema: z.ZodType, components: Record<string, JsonSchema>, prefix: string): JsonSchema {
  let raw: JsonSchema;
  try {
    raw = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    // Some shapes (e.g. a transform at a recursion point) still throw; an open schema is honest.
    return {};
  }
  const { $schema: _dialect, $defs, ...root } = raw;
  const renamed = new Map<string, string>();
  for (const name of Object.keys(($defs as Record<string, unknown> | undefined) ?? {})) {
    let target = `${prefix}${name.replace(/[^A-Za-z0-9._-]/g, "_")}`;
    for (let n = 2; target in components; n++) target = `${prefix}${name}${n}`;
    renamed.set(name, target);
    components[target] = {};
  }
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string" && inner.startsWith(DEFS_PREFIX)) {
        const name = decodeURIComponent(inner.slice(DEFS_PREFIX.length));
        out.$ref = COMPONENTS_PREFIX + (renamed.get(name) ?? name);
      } else out[key] = rewrite(inner);
    }
    return out;
  };
  for (const [name, def] of Object.entries(($defs as Record<string, unknown> | undefined) ?? {})) {
    components[renamed.get(name)!] = rewrite(def) as JsonSchema;
  }
  return rewrite(root) as JsonSchema;
}
