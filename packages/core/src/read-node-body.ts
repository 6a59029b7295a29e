import type { IncomingMessage } from "node:http";
import { AuthError } from "./errors/auth-error.js";
import { CORE_ERRORS } from "./errors/core-errors.js";

/** A request that may have passed a body parser (Express, Connect, body-parser) first. */
type MaybeParsedRequest = IncomingMessage & { body?: unknown };

/**
 * Reads a node request's body as text, at most `limit` bytes (413 past it). When a body parser mounted
 * before the handler already consumed the stream (`app.use(express.json())` is the common order),
 * waiting for the stream would wait forever: the body is taken from `req.body` instead and turned
 * back into text, so it goes through the same JSON-only rule, depth cap and `__proto__` filter as a
 * body read from the socket. A consumed stream with nothing in `req.body` is a 400, never a hang.
 */
export function readNodeBody(req: MaybeParsedRequest, limit: number): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  if (declared > limit) {
    if (!req.readableEnded) req.resume();
    return Promise.reject(new AuthError(CORE_ERRORS.PAYLOAD_TOO_LARGE));
  }
  // readableDidRead: some 'data' already went to another reader, so what is left is not the body.
  if (req.readableEnded || req.readableDidRead) {
    try {
      return Promise.resolve(parsedBodyText(req, limit));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return readStream(req, limit);
}

function readStream(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const unreadable = (reason: string) =>
      reject(new AuthError(CORE_ERRORS.BAD_REQUEST, { message: `Request body could not be read: ${reason}` }));
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        req.resume();
        reject(new AuthError(CORE_ERRORS.PAYLOAD_TOO_LARGE));
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.once("error", (error) => unreadable(error.message));
    // The client went away before the body ended: settle instead of waiting forever.
    req.once("close", () => {
      if (!req.complete) unreadable("connection closed");
    });
  });
}

/**
 * The text of a body a parser already read. Strings (`express.text()`) and Buffers (`express.raw()`)
 * are the body as sent. Objects (`express.json()`, `express.urlencoded()`) are serialized back in the
 * request's own Content-Type — JSON, or a form only for a form — so core's decoder still decides:
 * a form reaches only the routes that take one, and JSON is depth-checked and filtered again.
 */
function parsedBodyText(req: MaybeParsedRequest, limit: number): string {
  const body = req.body;
  let text: string;
  if (body === undefined || body === null) throw new AuthError(CORE_ERRORS.BODY_ALREADY_READ);
  if (typeof body === "string") text = body;
  else if (body instanceof Uint8Array)
    text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
  else if (isForm(req.headers["content-type"])) text = formText(body);
  else text = jsonText(body);
  if (Buffer.byteLength(text) > limit) throw new AuthError(CORE_ERRORS.PAYLOAD_TOO_LARGE);
  return text;
}

function isForm(contentType: string | undefined): boolean {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase() === "application/x-www-form-urlencoded";
}

function jsonText(body: unknown): string {
  try {
    return JSON.stringify(body) ?? "";
  } catch {
    // A value too deep to serialize (RangeError) or a cycle: either way not a body core would take.
    throw new AuthError(CORE_ERRORS.JSON_TOO_DEEP);
  }
}

/** Flat string fields only: that is all a form carries; `qs`-style nesting has no meaning to any route. */
function formText(body: unknown): string {
  if (typeof body !== "object" || body === null) throw new AuthError(CORE_ERRORS.BODY_ALREADY_READ);
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (typeof v !== "string") throw new AuthError(CORE_ERRORS.VALIDATION_ERROR);
      form.append(key, v);
    }
  }
  return form.toString();
}
