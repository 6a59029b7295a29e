import type { Plugin } from "../plugins/plugin-types.js";
import type { AuthOptions } from "./auth-options.js";
import { CORE_OPTION_KEYS } from "./core-option-keys.js";
import { findUnknownOptions } from "./option-keys.js";

/**
 * Refuses option names nobody reads, at start-up: `trustedOrigin` for `trustedOrigins` would otherwise
 * be ignored in silence (a JavaScript app has no type checker to catch it). Core's names at every level
 * it owns, and each plugin's options against the names the plugin declares (`Plugin.optionKeys`).
 */
export function checkOptionNames(options: AuthOptions): void {
  const problems = findUnknownOptions(options, CORE_OPTION_KEYS, "");
  for (const plugin of (options.plugins ?? []) as readonly Plugin[]) {
    if (plugin?.optionKeys)
      problems.push(...findUnknownOptions(plugin.optionKeys.given, plugin.optionKeys.keys, `${plugin.id}()`));
  }
  if (problems.length === 0) return;
  throw new Error(`Gatehouse: unknown option${problems.length > 1 ? "s" : ""} ${problems.join(", ")}`);
}
