import type { HookContext } from "../plugins/plugin-types.js";
import type { User } from "../schema/model-types.js";

/**
 * A plugin's own keys in the bodies of sign-up (`/sign-up/email`) and update-user: the plugin, not the
 * additional-fields check, validates them and decides which user columns they become (the username
 * plugin lower-cases `username` and keeps the spelling in `displayUsername`).
 */
export interface PluginUserInput {
  /** The body keys the plugin reads. A key that is also an additional field or another plugin's fails createAuth. */
  keys: readonly string[];
  /**
   * Called on every sign-up and update-user with the plugin's keys present in the body (possibly none),
   * before anything is written. Returns the user columns to write; throw an AuthError to refuse the
   * request (nothing is written). May query (`ctx.auth`). `user` is the user being updated, null on sign-up.
   */
  parse(
    input: Record<string, unknown>,
    info: { mode: "create" | "update"; ctx: HookContext; user: User | null },
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * Writing the user hit a unique constraint: a concurrent request took a value after `parse` looked.
   * `columns` are what this plugin's `parse` returned. Throw the plugin's catalogued error when one of
   * its columns is the cause; return to let core answer as it would without the plugin. Runs after
   * the failed transaction, so it may query.
   */
  onUniqueConflict?(columns: Record<string, unknown>, ctx: HookContext): Promise<void> | void;
}

/** The installed plugins' user input, combined: which keys they own, and their parse and conflict steps. */
export interface PluginUserInputs {
  /** Every key some plugin owns (the additional-fields check skips them). */
  keys: ReadonlySet<string>;
  /** Runs every plugin's `parse`; returns the merged columns, with each plugin's share kept for `explainConflict`. */
  parse(
    body: Record<string, unknown>,
    info: { mode: "create" | "update"; ctx: HookContext; user: User | null },
  ): Promise<PluginColumns>;
  /** After a unique-constraint failure writing `columns`: lets each plugin throw its own error. */
  explainConflict(columns: PluginColumns, ctx: HookContext): Promise<void>;
}

/** The columns the plugins' `parse` returned: merged, and each plugin's own share. */
export interface PluginColumns {
  merged: Record<string, unknown>;
  byPlugin: ReadonlyMap<PluginUserInput, Record<string, unknown>>;
}

/** Combines the plugins' `userInput`; a key owned twice, or also an additional field, throws here (createAuth). */
export function combinePluginUserInputs(
  plugins: readonly { id: string; userInput?: PluginUserInput }[],
  additionalFields: Readonly<Record<string, unknown>>,
): PluginUserInputs {
  const owners = new Map<string, string>();
  const inputs: PluginUserInput[] = [];
  for (const plugin of plugins) {
    if (!plugin.userInput) continue;
    inputs.push(plugin.userInput);
    for (const key of plugin.userInput.keys) {
      if (Object.hasOwn(additionalFields, key))
        throw new Error(`Gatehouse: plugin ${plugin.id} reads user input ${key}, which is also an additional field`);
      const owner = owners.get(key);
      if (owner) throw new Error(`Gatehouse: plugins ${owner} and ${plugin.id} both read user input ${key}`);
      owners.set(key, plugin.id);
    }
  }
  return {
    keys: new Set(owners.keys()),
    async parse(body, info) {
      const merged: Record<string, unknown> = {};
      const byPlugin = new Map<PluginUserInput, Record<string, unknown>>();
      for (const input of inputs) {
        const own: Record<string, unknown> = {};
        for (const key of input.keys) if (Object.hasOwn(body, key)) own[key] = body[key];
        const columns = await input.parse(own, info);
        byPlugin.set(input, columns);
        Object.assign(merged, columns);
      }
      return { merged, byPlugin };
    },
    async explainConflict(columns, ctx) {
      for (const [input, own] of columns.byPlugin) await input.onUniqueConflict?.(own, ctx);
    },
  };
}
