import { existsSync } from "node:fs";
import { join } from "node:path";

/** Where `gatehouse` looks for the app's auth module when no --config is given, first match wins. */
export const CONFIG_CANDIDATES: readonly string[] = [
  "gatehouse.config.mjs",
  "gatehouse.config.js",
  "gatehouse.config.ts",
  "auth.config.mjs",
  "auth.config.js",
  "auth.config.ts",
  // The last two: where init puts it for SvelteKit ($lib/server) and Nuxt (server/utils).
  ...["", "src/", "lib/", "server/", "src/lib/", "src/server/", "src/lib/server/", "server/utils/"].flatMap((dir) =>
    ["auth.mjs", "auth.js", "auth.ts"].map((file) => `${dir}${file}`),
  ),
];

/** The first config candidate that exists under `cwd`, relative to it, or null. */
export function findConfig(cwd: string): string | null {
  for (const candidate of CONFIG_CANDIDATES) if (existsSync(join(cwd, candidate))) return candidate;
  return null;
}
