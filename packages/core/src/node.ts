import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthRequest, AuthResponse, HeaderReader } from "./api/auth-request.js";
import type { Auth } from "./create-auth.js";
import { AuthError } from "./errors/auth-error.js";
import { CORE_ERRORS } from "./errors/core-errors.js";

/** A node:http / Connect / Express handler; `next` is called for paths outside the auth base path. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

// RFC 9110 host = uri-host [ ":" port ]; anything else is a malformed request, not a routing input.
const VALID_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Bodies longer than this (in UTF-16 units) are sent as a Buffer (see writeResponse). */
const LARGE_BODY = 4096;

/**
 * Serves the auth routes from node:http without building WHATWG Request/Response objects, which
 * would cost more than the whole get-session path. Nothing a client sends can throw out of here.
 */
export function toNodeHandler(auth: Pick<Auth, "$handle" | "options">): NodeHandler {
  const basePath = auth.options.basePath;
  const maxBodySize = auth.options.advanced.maxBodySize;
  return (req, res, next) => {
    let path: string;
    let search: string;
    try {
      const host = req.headers.host;
      if (host !== undefined && !VALID_HOST.test(host))
        throw new AuthError(CORE_ERRORS.BAD_REQUEST, { message: "Invalid Host header" });
      const raw = req.url ?? "/";
      const target = raw.startsWith("/") ? raw : URL.canParse(raw) ? new URL(raw).pathname + new URL(raw).search : null;
      if (target === null) throw new AuthError(CORE_ERRORS.BAD_REQUEST, { message: "Invalid request target" });
      const q = target.indexOf("?");
      path = q < 0 ? target : target.slice(0, q);
      search = q < 0 ? "" : target.slice(q + 1);
    } catch (error) {
      writeError(res, error, auth);
      return;
    }
    if (!path.startsWith(basePath) || (path.length > basePath.length && path[basePath.length] !== "/")) {
      if (next) next();
      else writeError(res, new AuthError(CORE_ERRORS.NOT_FOUND), auth);
      return;
    }
    const request: AuthRequest = {
      method: req.method ?? "GET",
      path: path.slice(basePath.length) || "/",
      query: new URLSearchParams(search),
      headers: nodeHeaders(req),
      socketAddress: req.socket?.remoteAddress,
      readBody: (limit) => readNodeBody(req, Math.min(limit, maxBodySize)),
    };
    auth.$handle(request).then(
      (response) => writeResponse(res, response),
      (error: unknown) => writeError(res, error, auth),
    );
  };
}

function nodeHeaders(req: IncomingMessage): HeaderReader {
  const h = req.headers;
  return {
    get(name) {
      const value = h[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

function readNodeBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? Number.NaN);
    if (declared > limit) {
      req.resume();
      reject(new AuthError(CORE_ERRORS.PAYLOAD_TOO_LARGE));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
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
    req.once("error", (error) =>
      reject(new AuthError(CORE_ERRORS.BAD_REQUEST, { message: `Request body could not be read: ${error.message}` })),
    );
  });
}

function writeResponse(res: ServerResponse, response: AuthResponse): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string | string[]> = response.headers;
  if (response.cookies.length > 0) headers["set-cookie"] = response.cookies;
  const body = response.body;
  if (body === null) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  // writeHead fixes the framing before end sees the body: without a Content-Length every answer went
  // out chunked. A large body is encoded once, as a Buffer, rather than joined to the header text and
  // encoded by the socket write.
  const payload = body.length > LARGE_BODY ? Buffer.from(body, "utf8") : body;
  headers["content-length"] = String(typeof payload === "string" ? Buffer.byteLength(payload) : payload.length);
  res.writeHead(response.status, headers);
  res.end(payload);
}

function writeError(res: ServerResponse, error: unknown, auth: Pick<Auth, "options">): void {
  const status = error instanceof AuthError ? error.status : 500;
  const body =
    error instanceof AuthError ? error.toJSON() : { code: "INTERNAL_SERVER_ERROR", message: "Internal server error" };
  if (!(error instanceof AuthError)) auth.options.logger.error("Gatehouse: unhandled error", error);
  writeResponse(res, {
    status,
    headers: { "content-type": "application/json" },
    cookies: [],
    body: JSON.stringify(body),
  });
}
