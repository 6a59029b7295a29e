import type { UiClient } from "./gatehouse-ui.js";

/** The `{data, error}` every client call answers. */
export interface CallResult<T = unknown> {
  data: T | null;
  error: { code?: string; message?: string; status?: number } | null;
}

/**
 * Calls `client.<path>(body)` (`"signIn.email"`): the components take any app's client, whose plugin
 * methods TypeScript cannot know here. A method the client lacks answers an error instead of throwing;
 * a throw (a bug in a plugin's action) becomes one too, so a form never hangs in "Please wait…".
 */
export async function callClient<T = unknown>(
  client: UiClient,
  path: string,
  body?: unknown,
  /** The call's options (`onResponse` to read a header such as the next page's cursor). */
  options?: Record<string, unknown>,
): Promise<CallResult<T>> {
  let target: unknown = client;
  for (const key of path.split(".")) target = (target as Record<string, unknown> | undefined)?.[key];
  if (typeof target !== "function") return { data: null, error: { code: "NOT_FOUND" } };
  try {
    const call = target as (b?: unknown, o?: unknown) => Promise<CallResult<T>>;
    return (await (options ? call(body, options) : call(body))) ?? { data: null, error: null };
  } catch {
    return { data: null, error: { code: "UNKNOWN" } };
  }
}
