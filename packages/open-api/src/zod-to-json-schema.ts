import { referencedModel } from "@gatehouse-auth/core";
import { z } from "zod";
import { componentName } from "./model-schemas.js";
import type { JsonSchema } from "./open-api-types.js";

const DEFS_PREFIX = "#/$defs/";
const COMPONENTS_PREFIX = "#/components/schemas/";

/**
 * Which side of the schema to describe: `input` is what a client may send (a transform documents what
 * it accepts, not what it turns it into); `output` is what a client receives (responses).
 */
export type SchemaSide = "input" | "output";

// Rewrites zod's JSON Schema node by node: a `modelRef` becomes a `$ref` to the model's component
// (built from the runtime schema, so additional and plugin fields are in it). Mutating `jsonSchema`
// is how zod's `override` hook works.
function overrideFor(side: SchemaSide) {
  return (ctx: { zodSchema: z.core.$ZodType; jsonSchema: Record<string, unknown> }) => {
    const json = ctx.jsonSchema;
    const model = referencedModel(ctx.zodSchema);
    if (model !== undefined) {
      for (const key of Object.keys(json)) delete json[key];
      json.$ref = `${COMPONENTS_PREFIX}${componentName(model)}`;
      return;
    }
    // `format` says it; zod's long regex beside it only clutters the reference page.
    if (json.format === "date-time") delete json.pattern;
    // zod closes every output object. A response promise that strict would break clients as soon as an
    // after hook or a new version adds a field, and it contradicts `allOf` (modelRef + extra fields).
    if (side === "output" && json.additionalProperties === false) delete json.additionalProperties;
  };
}

/**
 * The JSON Schema of one side of `schema`. Types JSON cannot express (dates, custom checks) become
 * `{}` instead of failing the whole document. Shared and recursive parts that zod puts in `$defs`
 * move to `components` (named `<prefix><Name>`), because a `#/$defs/…` ref inside an OpenAPI document
 * would resolve against the document root, not against this schema.
 */
export function zodToJsonSchema(
  schema: z.ZodType,
  components: Record<string, JsonSchema>,
  prefix: string,
  side: SchemaSide = "input",
): JsonSchema {
  let raw: JsonSchema;
  try {
    raw = z.toJSONSchema(schema, { io: side, unrepresentable: "any", override: overrideFor(side) }) as JsonSchema;
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
