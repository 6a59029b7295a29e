import { OAuthError } from "./oauth-error.js";
import type { OAuthTokens } from "./oauth-provider.js";
import { parseTokenResponse } from "./oauth2-client.js";

/**
 * POSTs a token-endpoint form exactly as given, adding no client authentication. For providers that
 * name the client their own way (TikTok's `client_key`) or authenticate it by PKCE alone (VK ID), where
 * postTokenRequest's standard `client_id`/Basic handling would send the wrong thing.
 */
export async function postTokenForm(
  endpoint: string,
  form: Record<string, string | undefined>,
  options: { fetch?: typeof fetch; headers?: Record<string, string> } = {},
): Promise<OAuthTokens> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.set(k, v);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", ...options.headers },
      body,
    });
  } catch (cause) {
    throw new OAuthError("invalid_code", "token endpoint unreachable", { cause });
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok && !(json && typeof json === "object" && "error" in json)) {
    throw new OAuthError("invalid_code", `token endpoint answered ${response.status}`);
  }
  return parseTokenResponse(json);
}
