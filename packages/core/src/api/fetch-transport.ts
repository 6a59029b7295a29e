import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { AuthResponse } from "./auth-request.js";

/** Writes an AuthResponse as a Fetch `Response`. */
export function toFetchResponse(res: AuthResponse): Response {
  const headers = new Headers(res.headers);
  for (const cookie of res.cookies) headers.append("set-cookie", cookie);
  return new Response(res.body, { status: res.status, headers });
}

/** Reads a Fetch request body, refusing more than `limit` bytes without buffering past it. */
export async function readFetchBody(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) throw new AuthError(CORE_ERRORS.PAYLOAD_TOO_LARGE);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new AuthError(CORE_ERRORS.PAYLOAD_TOO_LARGE);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
