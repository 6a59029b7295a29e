import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const TYPESCRIPT = /\.[cm]?tsx?$/;

/**
 * Imports the app's auth module. A TypeScript file needs Node's type stripping (22.6+, on by default
 * from 23.6) or a loader such as tsx; without one, the error says which of them to use instead of
 * Node's bare ERR_UNKNOWN_FILE_EXTENSION.
 */
export async function importConfig(path: string): Promise<Record<string, unknown>> {
  const file = resolve(path);
  try {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (
      TYPESCRIPT.test(file) &&
      (code === "ERR_UNKNOWN_FILE_EXTENSION" || code === "ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING")
    )
      throw new Error(typescriptHelp(path));
    // Only when the file itself is missing: a package the module imports but the app lacks is also
    // ERR_MODULE_NOT_FOUND, with the module's path in the message ("imported from …"), and Node's own
    // message names that package.
    if (code === "ERR_MODULE_NOT_FOUND" && !existsSync(file)) throw new Error(`config ${path} not found`);
    throw error;
  }
}

function typescriptHelp(path: string): string {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  const strip = major > 22 || (major === 22 && minor >= 6);
  return [
    `${path} is TypeScript, which Node ${process.versions.node} cannot import by itself. Either:`,
    strip
      ? `  - let Node strip the types: NODE_OPTIONS=--experimental-strip-types npx gatehouse-auth …`
      : "  - use Node 22.6 or later with NODE_OPTIONS=--experimental-strip-types (23.6+: no flag needed),",
    "  - run the CLI under a loader: npx tsx node_modules/@gatehouse-auth/kysely/dist/cli.js …, or",
    "  - point --config at a JavaScript build of it (.mjs/.js).",
  ].join("\n");
}
