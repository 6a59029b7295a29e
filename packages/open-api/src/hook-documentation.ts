import { hooksFor } from "@gatehouse-auth/core";
import type { CatalogueError, Endpoint, Plugin } from "@gatehouse-auth/core";
import type { ParameterObject } from "./open-api-types.js";

/** What the plugins' hooks add to one endpoint's operations. */
export interface HookDocumentation {
  errors: CatalogueError[];
  headers: ParameterObject[];
}

/**
 * A function from an endpoint to what the hooks that run around it document (`HookRule.openapi`).
 * The hooks are picked by core's own `hooksFor`, the function `createAuth` prepares each endpoint
 * with, so a hook is documented on exactly the endpoints it is given at runtime.
 */
export function documentHooks(plugins: readonly Plugin[]): (endpoint: Endpoint) => HookDocumentation {
  const documented = (kind: "before" | "after") =>
    plugins.flatMap((p) => p.hooks?.[kind] ?? []).filter((h) => h.openapi);
  const before = documented("before");
  const after = documented("after");
  return (endpoint) => {
    const errors: CatalogueError[] = [];
    const headers = new Map<string, ParameterObject>();
    for (const hook of [...hooksFor(endpoint, before), ...hooksFor(endpoint, after)]) {
      errors.push(...(hook.openapi?.errors ?? []));
      for (const header of hook.openapi?.headers ?? []) {
        const name = header.name.toLowerCase();
        const seen = headers.get(name);
        // Two hooks reading one header: required if either refuses a request without it.
        if (seen) {
          seen.required ||= header.required;
          continue;
        }
        headers.set(name, {
          name,
          in: "header",
          required: header.required,
          ...(header.description ? { description: header.description } : {}),
          schema: { type: "string" },
        });
      }
    }
    return { errors, headers: [...headers.values()] };
  };
}
