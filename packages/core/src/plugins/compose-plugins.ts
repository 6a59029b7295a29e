import type { Endpoint } from "../api/define-endpoint.js";
import { methodsOf } from "../api/define-endpoint.js";
import type { ErrorCatalogue } from "../errors/auth-error.js";
import type { RateLimitRule } from "../rate-limit/rate-limit-types.js";
import type { Schema } from "../schema/schema-types.js";
import type { HookRule, Plugin } from "./plugin-types.js";

/** Everything the plugins add, merged with core's, with conflicts caught at startup. */
export interface ComposedPlugins {
  endpoints: Record<string, Endpoint>;
  schema: Schema;
  errors: ErrorCatalogue;
  before: HookRule[];
  after: HookRule[];
  rateLimitRules: Record<string, RateLimitRule | false>;
}

/**
 * Merges core and plugins. A duplicate plugin id, endpoint name, method+path, error code or schema
 * field throws here, at `createAuth`, never at request time.
 */
export function composePlugins(
  core: { endpoints: Record<string, Endpoint>; schema: Schema; errors: ErrorCatalogue },
  plugins: readonly Plugin[],
): ComposedPlugins {
  const endpoints: Record<string, Endpoint> = { ...core.endpoints };
  const routes = new Map<string, string>();
  const addRoutes = (owner: string, name: string, endpoint: Endpoint) => {
    for (const method of methodsOf(endpoint.config)) {
      const key = `${method} ${endpoint.config.path}`;
      const taken = routes.get(key);
      if (taken) throw new Error(`Gatehouse: ${owner} endpoint ${name} and ${taken} both answer ${key}`);
      routes.set(key, `${owner} endpoint ${name}`);
    }
  };
  for (const [name, endpoint] of Object.entries(core.endpoints)) addRoutes("core", name, endpoint);

  const schema: Schema = structuredCloneSchema(core.schema);
  const errors: ErrorCatalogue = { ...core.errors };
  const composed: ComposedPlugins = { endpoints, schema, errors, before: [], after: [], rateLimitRules: {} };
  const ids = new Set<string>();

  for (const plugin of plugins) {
    if (ids.has(plugin.id)) throw new Error(`Gatehouse: plugin ${plugin.id} is installed twice`);
    ids.add(plugin.id);
    for (const [name, endpoint] of Object.entries(plugin.endpoints ?? {})) {
      if (name in endpoints) throw new Error(`Gatehouse: plugin ${plugin.id} redefines endpoint ${name}`);
      addRoutes(`plugin ${plugin.id}`, name, endpoint);
      endpoints[name] = endpoint;
    }
    for (const [model, def] of Object.entries(plugin.schema ?? {})) {
      const existing = schema[model];
      if (!existing) {
        schema[model] = { ...def, fields: { ...def.fields } };
        continue;
      }
      for (const [field, fieldDef] of Object.entries(def.fields)) {
        if (field in existing.fields)
          throw new Error(`Gatehouse: plugin ${plugin.id} redefines field ${model}.${field}`);
        existing.fields[field] = fieldDef;
      }
      if (def.uniqueIndexes) existing.uniqueIndexes = [...(existing.uniqueIndexes ?? []), ...def.uniqueIndexes];
      if (def.indexes) existing.indexes = [...(existing.indexes ?? []), ...def.indexes];
    }
    for (const [code, def] of Object.entries(plugin.errors ?? {})) {
      if (code in errors) throw new Error(`Gatehouse: plugin ${plugin.id} redefines error code ${code}`);
      errors[code] = def;
    }
    composed.before.push(...(plugin.hooks?.before ?? []));
    composed.after.push(...(plugin.hooks?.after ?? []));
    Object.assign(composed.rateLimitRules, plugin.rateLimit);
  }
  return composed;
}

function structuredCloneSchema(schema: Schema): Schema {
  const out: Schema = {};
  for (const [model, def] of Object.entries(schema)) out[model] = { ...def, fields: { ...def.fields } };
  return out;
}

/**
 * The hooks that may apply to an endpoint: untagged ones or those sharing a tag, that `appliesTo`
 * accepts (matchers run per request). Called at startup for every endpoint, and by the OpenAPI
 * document: one answer for what runs and what is documented.
 */
export function hooksFor(endpoint: Endpoint, hooks: readonly HookRule[]): HookRule[] {
  const tags = endpoint.config.tags ?? [];
  return hooks.filter(
    (h) => (!h.tags || h.tags.some((t) => tags.includes(t))) && (!h.appliesTo || h.appliesTo(endpoint)),
  );
}
