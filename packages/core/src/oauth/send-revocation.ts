import { OAuthError } from "./oauth-error.js";

/**
 * Sends a provider's own (non-RFC 7009) revocation request — Dropbox's bearer POST, Facebook's
 * DELETE /me/permissions, Kick's query parameters, GitHub's DELETE with a JSON body — and throws when
 * the provider refuses, like revokeToken does for standard endpoints.
 */
export async function sendRevocation(
  url: string,
  init: { method?: string; headers?: Record<string, string>; form?: Record<string, string>; json?: unknown },
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const headers: Record<string, string> = { ...init.headers };
  let body: URLSearchParams | string | undefined;
  if (init.form) {
    body = new URLSearchParams(init.form);
    headers["content-type"] = "application/x-www-form-urlencoded";
  } else if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers["content-type"] = "application/json";
  }
  let response: Response;
  try {
    response = await fetchImpl(url, { method: init.method ?? "POST", headers, body });
  } catch (cause) {
    throw new OAuthError("internal_server_error", "revocation endpoint unreachable", { cause });
  }
  if (!response.ok) throw new OAuthError("internal_server_error", `revocation endpoint answered ${response.status}`);
}
