import { createAuth } from "@gatehouse-auth/core";
import type { AuthContext, AuthOptions } from "@gatehouse-auth/core";
import { importConfig } from "./import-config.js";

/** The app's own auth, built from its config module with its own database, as the app would build it. */
export interface LoadedAppAuth {
  context: AuthContext;
  /** What the app's auth said while it was built (start-up warnings, errors), in order. */
  messages: string[];
  /** Resolves once the database answered and its schema matched (rejects with what is missing). */
  ready(): Promise<void>;
  /** Waits for work started after answers, then closes what this CLI opened (never the app's own pool). */
  close(): Promise<void>;
}

interface BuiltAuth {
  $context: AuthContext | Promise<AuthContext>;
  ready?(): Promise<void>;
  settled?(): Promise<void>;
}

/**
 * Imports `file` and returns its auth. A module that exports a built auth (`createAuth()`'s result) is
 * used as it is; one that exports options is built here with them, its database included. The start-up
 * warnings the auth logs (the development secret, an http:// base URL in production…) are collected
 * instead of printed, so `doctor` can report them as findings.
 */
export async function loadAppAuth(file: string): Promise<LoadedAppAuth> {
  const messages: string[] = [];
  const say = (...parts: unknown[]) => messages.push(parts.map(String).join(" "));
  // A built auth logs through `console` (its default logger) while the module is imported.
  const original = { warn: console.warn, error: console.error };
  console.warn = say;
  console.error = say;
  let exported: unknown;
  try {
    const mod = await importConfig(file);
    exported = mod.auth ?? mod.default;
  } finally {
    console.warn = original.warn;
    console.error = original.error;
  }
  if (!exported || typeof exported !== "object")
    throw new Error(`${file} must export createAuth()'s result or its options (as default or as "auth")`);
  const auth: BuiltAuth =
    "$context" in exported
      ? (exported as BuiltAuth)
      : createAuth({ ...(exported as AuthOptions), logger: { warn: say, error: say } });
  const context = await auth.$context;
  return {
    context,
    messages,
    ready: () => auth.ready?.() ?? Promise.resolve(),
    close: async () => {
      await auth.settled?.();
    },
  };
}
