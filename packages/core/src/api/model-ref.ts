import { z } from "zod";

// The marker travels with the schema instance in a registry of our own, so it never reaches
// validation or zod's global metadata (and so no generated JSON Schema carries it by accident).
const markers = z.registry<{ model: string }>();
const refs = new Map<string, z.ZodType<Record<string, unknown>>>();

/**
 * Stands for one of the app's data models inside a response schema: `modelRef("user")`. A model's
 * fields depend on the app's configuration (additional fields, plugins), so an endpoint cannot spell
 * them out; an OpenAPI generator reads the marker (`referencedModel`) and points at the component it
 * builds from the runtime schema instead. It accepts any object: it documents, it does not filter.
 */
export function modelRef(model: string): z.ZodType<Record<string, unknown>> {
  let ref = refs.get(model);
  if (!ref) {
    ref = z.custom<Record<string, unknown>>((value) => typeof value === "object" && value !== null);
    markers.add(ref, { model });
    refs.set(model, ref);
  }
  return ref;
}

/** The model a `modelRef` schema stands for; undefined for any other schema. */
export function referencedModel(schema: z.core.$ZodType): string | undefined {
  return markers.get(schema)?.model;
}
