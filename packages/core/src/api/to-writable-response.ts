import { toHeaderValue, toSafeHeaders } from "../security/header-value.js";
import type { AuthResponse } from "./auth-request.js";

// Statuses that must not carry a body (RFC 9110 §15.3.5, §15.4.5): Fetch throws if they do.
const NULL_BODY = new Set([204, 205, 304]);
// Headers only the transport may set (see toWritableResponse).
const TRANSPORT_HEADERS = ["set-cookie", "content-length", "transfer-encoding", "connection"] as const;

/**
 * The response exactly as a transport may write it, whatever an endpoint or plugin put in it: every
 * header value and Set-Cookie line valid (toHeaderValue), names that are not tokens dropped, a status
 * both Node and Fetch accept (200–599, else 500) and no body on a no-body status. Writing the result
 * cannot throw on its content.
 */
export function toWritableResponse(response: AuthResponse, warn: (message: string) => void = () => {}): AuthResponse {
  const valid = Number.isInteger(response.status) && response.status >= 200 && response.status <= 599;
  if (!valid) warn(`Gatehouse: response status ${String(response.status)} replaced by 500`);
  const status = valid ? response.status : 500;
  const headers = toSafeHeaders(response.headers, (name) =>
    warn(`Gatehouse: dropped response header with invalid name ${JSON.stringify(name.slice(0, 64))}`),
  );
  // Set-Cookie travels separately (it may repeat); framing is the transport's to compute: a stray
  // Content-Length or Transfer-Encoding from an endpoint would desynchronize the connection.
  for (const name of TRANSPORT_HEADERS) if (name in headers) delete headers[name];
  return {
    status,
    headers,
    cookies: response.cookies.length === 0 ? [] : safeCookieLines(response.cookies),
    body: NULL_BODY.has(status) ? null : response.body,
  };
}

/** Each Set-Cookie line made writable; lines left empty are dropped. */
function safeCookieLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const safe = toHeaderValue(String(line));
    if (safe !== "") out.push(safe);
  }
  return out;
}
