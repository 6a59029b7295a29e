/**
 * @gatehouse-auth/bearer/client — the browser half. The plugin adds no route, so there is nothing to
 * register; what a client needs is to keep the `set-auth-token` header and send it back, which
 * `@gatehouse-auth/client`'s `fetchOptions.onResponse` and `fetchOptions.auth` do:
 *
 * ```ts
 * const client = createAuthClient({
 *   fetchOptions: {
 *     onResponse: (res) => { const t = res.headers.get("set-auth-token"); if (t) storage.set("token", t); },
 *     auth: { type: "Bearer", token: () => storage.get("token") },
 *   },
 * });
 * ```
 */
import { AUTH_TOKEN_HEADER } from "./auth-token-header.js";

export { AUTH_TOKEN_HEADER };

/** `fetchOptions` that keep the token a response hands out in `store` and send it on every request. */
export function bearerFetchOptions(store: {
  get(): string | null | undefined | Promise<string | null | undefined>;
  set(token: string): void | Promise<void>;
}) {
  return {
    auth: { type: "Bearer" as const, token: () => store.get() },
    onResponse: async (response: Response) => {
      const token = response.headers.get(AUTH_TOKEN_HEADER);
      if (token) await store.set(token);
    },
  };
}
