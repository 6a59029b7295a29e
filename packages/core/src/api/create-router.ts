import type { HttpMethod } from "./define-endpoint.js";
import { methodsOf } from "./define-endpoint.js";
import type { PreparedEndpoint } from "./run-endpoint.js";

/** The route table, built once: static paths in a Map, parameterized ones matched by segment. */
export interface Router {
  match(method: string, path: string): RouteMatch;
}

/** A lookup's outcome: the endpoint, a 405 with the allowed methods, or nothing. */
export type RouteMatch =
  | { kind: "found"; prepared: PreparedEndpoint; params: Record<string, string> }
  | { kind: "wrong-method"; allowed: readonly HttpMethod[] }
  | { kind: "none" };

interface PatternRoute {
  segments: string[];
  byMethod: Map<string, PreparedEndpoint>;
}

/** Builds the router; a duplicate method+path is a startup error. */
export function createRouter(endpoints: readonly PreparedEndpoint[]): Router {
  const staticRoutes = new Map<string, Map<string, PreparedEndpoint>>();
  const patternRoutes = new Map<string, PatternRoute>();
  for (const prepared of endpoints) {
    const { config } = prepared.endpoint;
    if (config.serverOnly) continue;
    const isPattern = config.path.includes("/:");
    const table = isPattern
      ? getOrCreate(patternRoutes, config.path, () => ({ segments: config.path.split("/"), byMethod: new Map() }))
          .byMethod
      : getOrCreate(staticRoutes, config.path, () => new Map());
    for (const method of methodsOf(config)) {
      if (table.has(method)) throw new Error(`Gatehouse: two endpoints answer ${method} ${config.path}`);
      table.set(method, prepared);
    }
  }
  const patterns = [...patternRoutes.values()];

  return {
    match(method, path) {
      const byMethod = staticRoutes.get(path);
      if (byMethod) return pick(byMethod, method, {});
      const segments = path.split("/");
      for (const route of patterns) {
        const params = matchSegments(route.segments, segments);
        if (params) return pick(route.byMethod, method, params);
      }
      return { kind: "none" };
    },
  };
}

function pick(byMethod: Map<string, PreparedEndpoint>, method: string, params: Record<string, string>): RouteMatch {
  const prepared = byMethod.get(method);
  if (prepared) return { kind: "found", prepared, params };
  return { kind: "wrong-method", allowed: [...byMethod.keys()] as HttpMethod[] };
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const a = actual[i]!;
    if (p.startsWith(":")) {
      if (a === "") return null;
      try {
        params[p.slice(1)] = decodeURIComponent(a);
      } catch {
        return null;
      }
    } else if (p !== a) return null;
  }
  return params;
}

function getOrCreate<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}
