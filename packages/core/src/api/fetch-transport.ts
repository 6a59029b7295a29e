import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { AuthResponse } from "./auth-request.js";
import { toWritableResponse } from "./to-writable-response.js";

/** Writes an AuthResponse as a Fetch `Response`; its headers are valid by construction (toWritableResponse). */
export function toFetchResponse(res: AuthResponse, warn?: (message: string) => void): Response {
  const safe = toWritableResponse(res, warn);
  const headers = new Headers(safe.headers);
  for (const cookie of safe.cookies) headers.append("set-cookie", cookie);
  return new Response(safe.body, { status: safe.status, headers });
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
    // A client that goes away mid-body is a bad request, not a server fault.
    const { done, value } = await reader.read().catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AuthError(CORE_ERRORS.BAD_REQUEST, { message: `Request body could not be read: ${reason}` });
    });
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
