import type { IncomingMessage, ServerResponse } from "node:http";
import { isValidHostHeader, nodeHeaders } from "./api/node-request-parts.js";
import type { AuthRequest, AuthResponse } from "./api/auth-request.js";
import { errorResponse } from "./api/handle-request.js";
import { toWritableResponse } from "./api/to-writable-response.js";
import type { Auth } from "./create-auth.js";
import { AuthError } from "./errors/auth-error.js";
import { CORE_ERRORS } from "./errors/core-errors.js";
import { drainUnreadBody, hasUnreadBody } from "./drain-unread-body.js";
import { readNodeBody } from "./read-node-body.js";

export { type NodeWellKnownHandler, toNodeWellKnown } from "./integrations/node-well-known.js";
export type { WellKnownDocuments } from "./integrations/to-fetch-well-known.js";

/** A node:http / Connect / Express handler; `next` is called for paths outside the auth base path. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

type HandlerAuth = Pick<Auth, "$handle" | "options">;

/** Bodies longer than this (in UTF-16 units) are sent as a Buffer (see writeResponse). */
const LARGE_BODY = 4096;

/**
 * Serves the auth routes from node:http without building WHATWG Request/Response objects, which
 * would cost more than the whole get-session path. Nothing a client sends — and nothing an endpoint
 * answers — can throw out of here or leave a rejected promise behind: a failure before anything was
 * sent answers 500, after that only that one socket is destroyed. The process keeps serving.
 */
export function toNodeHandler(auth: HandlerAuth): NodeHandler {
  return (req, res, next) => {
    try {
      serve(auth, req, res, next);
    } catch (error) {
      fail(req, res, error, auth);
    }
  };
}

function serve(auth: HandlerAuth, req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void {
  const { basePath } = auth.options;
  let path: string;
  let search: string;
  try {
    const host = req.headers.host;
    if (!isValidHostHeader(host)) throw new AuthError(CORE_ERRORS.BAD_REQUEST, { message: "Invalid Host header" });
    // Express strips the mount path from req.url (`app.use("/api/auth", handler)`) and keeps the
    // whole target in req.originalUrl: the base path is matched against that first.
    const original = (req as { originalUrl?: unknown }).originalUrl;
    let target = typeof original === "string" && original !== req.url ? requestTarget(original) : null;
    if (target === null || !isBelow(target, basePath)) target = requestTarget(req.url ?? "/");
    if (target === null) throw new AuthError(CORE_ERRORS.BAD_REQUEST, { message: "Invalid request target" });
    const q = target.indexOf("?");
    path = q < 0 ? target : target.slice(0, q);
    search = q < 0 ? "" : target.slice(q + 1);
  } catch (error) {
    send(req, res, errorResponse(error, auth), auth);
    return;
  }
  if (!isBelow(path, basePath)) {
    // Not ours: the app's router (or the 404 below) owns this request and its stream errors.
    if (next) next();
    else send(req, res, errorResponse(new AuthError(CORE_ERRORS.NOT_FOUND), auth), auth);
    return;
  }
  // From here the request is ours. A stream error without a listener is an uncaught 'error' event:
  // a client resetting the connection mid-request must not take the process with it.
  req.on("error", ignore);
  res.on("error", ignore);
  const maxBodySize = auth.options.advanced.maxBodySize;
  const request: AuthRequest = {
    method: req.method ?? "GET",
    path: path.slice(basePath.length) || "/",
    query: new URLSearchParams(search),
    headers: nodeHeaders(req),
    socketAddress: req.socket?.remoteAddress,
    readBody: (limit) => readNodeBody(req, Math.min(limit, maxBodySize)),
  };
  auth
    .$handle(request)
    .then((response) => send(req, res, response, auth))
    .catch((error: unknown) => fail(req, res, error, auth));
}

function ignore(): void {}

/** The origin-form of a request target (path and query), or null when it is neither origin- nor absolute-form. */
function requestTarget(raw: string): string | null {
  if (raw.startsWith("/")) return raw;
  if (!URL.canParse(raw)) return null;
  const url = new URL(raw);
  return url.pathname + url.search;
}

/** Whether `target` (a path, possibly with a query) is `basePath` or below it. */
function isBelow(target: string, basePath: string): boolean {
  if (!target.startsWith(basePath)) return false;
  const next = target[basePath.length];
  return next === undefined || next === "/" || next === "?";
}

/** Writes `response`; a failure to write is handled by fail, never thrown. */
function send(req: IncomingMessage, res: ServerResponse, response: AuthResponse, auth: HandlerAuth): void {
  try {
    const safe = toWritableResponse(response, (message) => auth.options.logger.warn(message));
    const headers: Record<string, string | string[]> = safe.headers;
    if (safe.cookies.length > 0) headers["set-cookie"] = safe.cookies;
    writeResponse(req, res, safe.status, headers, safe.body);
  } catch (error) {
    fail(req, res, error, auth);
  }
}

function writeResponse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  body: string | null,
): void {
  if (res.headersSent || res.destroyed || res.writableEnded) return;
  // writeHead fixes the framing before end sees the body: without a Content-Length every answer went
  // out chunked. A large body is encoded once, as a Buffer, rather than joined to the header text and
  // encoded by the socket write.
  const payload = body === null ? null : body.length > LARGE_BODY ? Buffer.from(body, "utf8") : body;
  if (payload !== null)
    headers["content-length"] = String(typeof payload === "string" ? Buffer.byteLength(payload) : payload.length);
  if (!hasUnreadBody(req)) {
    res.writeHead(status, headers);
    if (payload === null) res.end();
    else res.end(payload);
    return;
  }
  // Answered before the body was read (a 413, or a refusal that never needed it): the whole answer
  // goes out now, but the response ends, and node closes the socket, only once the rest of the body has
  // been read and discarded, so a client still sending reads this answer instead of a reset (EPIPE).
  // Connection: close: the connection ends after this answer (a body cut at the bound leaves the stream
  // mid-message), and the client is told so instead of finding out on its next request.
  headers.connection = "close";
  // The client may leave while the body drains (paths answered before serve attached this listener too).
  res.on("error", ignore);
  res.writeHead(status, headers);
  if (payload === null) res.flushHeaders();
  else res.write(payload);
  void drainUnreadBody(req).then((outcome) => {
    res.end(() => {
      if (outcome === "cut") req.socket?.destroy();
    });
  });
}

/**
 * The last line of defence: logs the failure, answers a bare 500 if the status line has not gone out,
 * otherwise destroys this one response's socket so the client sees a broken response, not a wrong one.
 */
function fail(req: IncomingMessage, res: ServerResponse, error: unknown, auth: HandlerAuth): void {
  try {
    auth.options.logger.error("Gatehouse: failed to answer a request", error);
  } catch {
    // A throwing logger must not undo the rest.
  }
  try {
    if (!res.headersSent && !res.destroyed && !res.writableEnded) {
      const body = JSON.stringify(new AuthError(CORE_ERRORS.INTERNAL_SERVER_ERROR).toJSON());
      writeResponse(req, res, 500, { "content-type": "application/json", "cache-control": "no-store" }, body);
      return;
    }
  } catch {
    // Fall through: the response is unusable.
  }
  try {
    res.destroy();
  } catch {
    // Already gone.
  }
}
