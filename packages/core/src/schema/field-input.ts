import { z } from "zod";
import { JSON_MAX_LENGTH, MAX_INPUT_DEPTH, fitsCharacters, maxLengthOf } from "./field-limits.js";
import type { FieldDef } from "./schema-types.js";

/**
 * The zod input for a string field: at most the characters its column holds (code points, as
 * MySQL/MariaDB count them, so an emoji counts once). Endpoints build their bodies from the schema field
 * with this instead of writing a number of their own, so the limit lives only on the field definition.
 * Chain `.trim()`, `.min(1)` etc. after it.
 */
export function stringInput(field: Pick<FieldDef, "maxLength" | "long"> & { type: "string" }): z.ZodString {
  const max = maxLengthOf(field);
  return z
    .string()
    .check(
      z.refine((value: string) => fitsCharacters(value, max), {
        message: `Too long: at most ${max} characters`,
        abort: true,
      }),
    )
    .meta({ maxLength: max });
}

/** Nesting depth of a JSON-like value (0 for a scalar); stops counting past `limit`. Iterative: no stack to blow. */
export function jsonDepth(value: unknown, limit = MAX_INPUT_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > limit) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Whether `value` is JSON a `json` column can store: serializable, at most JSON_MAX_LENGTH characters, not too deep. */
export function isStorableJson(value: unknown): boolean {
  if (jsonDepth(value) > MAX_INPUT_DEPTH) return false;
  try {
    const text = JSON.stringify(value);
    return text !== undefined && text.length <= JSON_MAX_LENGTH;
  } catch {
    return false; // a cycle or a BigInt, from an in-process call
  }
}

/**
 * The zod input for a `json` field holding an object (metadata): a record of any JSON whose
 * serialization fits JSON_MAX_LENGTH and nests at most MAX_INPUT_DEPTH deep.
 */
export function jsonObjectInput() {
  return z.record(z.string(), z.unknown()).check(
    z.refine(isStorableJson, {
      message: `Too large: at most ${JSON_MAX_LENGTH} characters of JSON, nested at most ${MAX_INPUT_DEPTH} deep`,
    }),
  );
}
