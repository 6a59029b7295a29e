import { OAuthError } from "./oauth-error.js";

/**
 * Revokes a token at an RFC 7009 revocation endpoint, authenticating the client like the token
 * request does. Throws when the provider refuses, so the caller decides whether that matters.
 */
export async function revokeToken(
  endpoint: string,
  token: string,
  options: {
    clientId: string;
    clientSecret?: string;
    authentication?: "post" | "basic";
    tokenTypeHint?: "access_token" | "refresh_token";
    fetch?: typeof fetch;
  },
): Promise<void> {
  const body = new URLSearchParams({ token });
  if (options.tokenTypeHint) body.set("token_type_hint", options.tokenTypeHint);
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (options.authentication === "basic") {
    // RFC 6749 §2.3.1: both parts are form-encoded before Basic encoding.
    headers.authorization = `Basic ${btoa(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret ?? "")}`)}`;
  } else {
    body.set("client_id", options.clientId);
    if (options.clientSecret) body.set("client_secret", options.clientSecret);
  }
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(endpoint, { method: "POST", headers, body });
  } catch (cause) {
    throw new OAuthError("internal_server_error", "revocation endpoint unreachable", { cause });
  }
  // RFC 7009 §2.2: 200 for success, including for a token that was already invalid.
  if (!response.ok) throw new OAuthError("internal_server_error", `revocation endpoint answered ${response.status}`);
}
