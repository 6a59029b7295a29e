// Builds, from an operation of the OpenAPI document, a request its validation accepts: for the tests
// that must reach the hook stage (after session, validation and middleware) on every endpoint.
type Schema = Record<string, unknown>;
type Operation = {
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

let seq = 0;

/** A value `schema` accepts; string fields named like a password get `password`. */
export function sampleOf(schema: Schema, components: Record<string, Schema>, name: string, password: string): unknown {
  let s = schema;
  for (let hops = 0; typeof s.$ref === "string" && hops < 32; hops++) {
    s = components[decodeURIComponent(String(s.$ref).replace("#/components/schemas/", ""))] ?? {};
  }
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const options = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (options) return sampleOf(options.find((o) => o.type !== "null") ?? options[0]!, components, name, password);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required as string[] | undefined) ?? []);
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) {
        // Optional fields stay out, except a password: an optional one (admin create-user) is still checked.
        if (required.has(key) || /passw/i.test(key)) out[key] = sampleOf(property, components, key, password);
      }
      return out;
    }
    case "array": {
      const min = Number(s.minItems ?? 0);
      return Array.from({ length: Math.max(min, 1) }, () =>
        sampleOf((s.items ?? {}) as Schema, components, name, password),
      );
    }
    case "integer":
    case "number":
      return Math.max(Number(s.minimum ?? 1), 1);
    case "boolean":
      return false;
    case "string":
      return sampleString(s, name, password);
    default:
      return "x";
  }
}

function sampleString(s: Schema, name: string, password: string): string {
  if (/passw/i.test(name)) return password;
  if (s.format === "email" || /email/i.test(name)) return `sample-${++seq}@example.com`;
  if (s.format === "uri" || /url|uri/i.test(name)) return "http://localhost:3000/";
  if (s.format === "date-time") return new Date().toISOString();
  if (/phone/i.test(name)) return "+15555550123";
  const min = Number(s.minLength ?? 1);
  const max = Number(s.maxLength ?? 64);
  return "a".repeat(Math.min(Math.max(min, 8), max));
}

/** The path, query and JSON body of a request `operation` validates, with `password` in every password field. */
export function sampleRequest(
  path: string,
  operation: Operation,
  components: Record<string, Schema>,
  password: string,
): { path: string; query: Record<string, string>; body: unknown } {
  const query: Record<string, string> = {};
  let filled = path;
  for (const p of operation.parameters ?? []) {
    const value = String(sampleOf(p.schema, components, p.name, password));
    if (p.in === "path") filled = filled.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (p.in === "query" && p.required) query[p.name] = value;
  }
  const schema = operation.requestBody?.content["application/json"]?.schema;
  return { path: filled, query, body: schema ? sampleOf(schema, components, "", password) : undefined };
}
