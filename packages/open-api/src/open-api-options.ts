import type { OptionKeysOf } from "@gatehouse-auth/core";

/** Colour scheme of the reference page; `auto` follows the reader's system setting. */
export type ReferenceTheme = "light" | "dark" | "auto";

/** Options of the `openAPI()` plugin. */
export interface OpenAPIOptions {
  /** Path of the reference page under the auth base path. Default `/reference` (SPEC.md §9). */
  path?: string;
  /** Turn the reference page off (it then answers 404 NOT_FOUND); the JSON schema stays. */
  disableDefaultReference?: boolean;
  /** `info.title` of the document and heading of the page. Default `Gatehouse API`. */
  title?: string;
  /** `info.version` of the document. Default `1.0.0`. */
  version?: string;
  /** Reference page colours. Default `auto`. */
  theme?: ReferenceTheme;
}

/** The names `openAPI()` accepts: core refuses any other at start-up. */
export const OPEN_API_OPTION_KEYS = {
  path: true,
  disableDefaultReference: true,
  title: true,
  version: true,
  theme: true,
} as const satisfies OptionKeysOf<OpenAPIOptions>;

/** Options with their defaults filled in. */
export interface ResolvedOpenAPIOptions {
  path: string;
  disableDefaultReference: boolean;
  title: string;
  version: string;
  theme: ReferenceTheme;
}

/** Fills in defaults; the path is normalized to one leading slash and no trailing one. */
export function resolveOpenAPIOptions(options: OpenAPIOptions = {}): ResolvedOpenAPIOptions {
  const trimmed = (options.path ?? "/reference").replace(/^\/+|\/+$/g, "");
  if (trimmed === "") throw new Error("Gatehouse openAPI: `path` must not be empty");
  return {
    path: `/${trimmed}`,
    disableDefaultReference: options.disableDefaultReference ?? false,
    title: options.title ?? "Gatehouse API",
    version: options.version ?? "1.0.0",
    theme: options.theme ?? "auto",
  };
}
