/**
 * POSTs to a JSON resource and reads the answer; null on any failure (the caller names the error).
 * For user-info endpoints that are POST-only: Dropbox's RPC `users/get_current_account` (bearer token,
 * no body) and VK ID's `user_info` (access token in a form body).
 */
export async function postForJson(
  url: string,
  options: {
    accessToken?: string;
    form?: Record<string, string | undefined>;
    fetch?: typeof fetch;
    headers?: Record<string, string>;
  },
): Promise<unknown> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
  let body: URLSearchParams | undefined;
  if (options.form) {
    body = new URLSearchParams();
    for (const [k, v] of Object.entries(options.form)) if (v !== undefined) body.set(k, v);
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  try {
    const response = await (options.fetch ?? fetch)(url, { method: "POST", headers, body });
    if (!response.ok) return null;
    return await response.json();
  } catch {
    return null;
  }
}
