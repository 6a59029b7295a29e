import type { IncomingMessage } from "node:http";
import { isValidHostHeader, nodeHeaders } from "../api/node-request-parts.js";
import type { AuthRequest, AuthResponse } from "../api/auth-request.js";
import { errorResponse } from "../api/handle-request.js";
import { toWritableResponse } from "../api/to-writable-response.js";
import type { Auth } from "../create-auth.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { readNodeBody } from "../read-node-body.js";

// Structural slices of Fastify's types: core must not depend on fastify, even for types, and a real
// FastifyInstance / FastifyRequest / FastifyReply satisfies each of them (checked by fastify.test.ts).

/** The part of a Fastify request the plugin reads. */
export interface FastifyRequestLike {
  raw: IncomingMessage;
  /** The client address, after Fastify's own `trustProxy` rules. */
  ip?: string;
}

/** The part of a Fastify reply the plugin writes. */
export interface FastifyReplyLike {
  code(statusCode: number): FastifyReplyLike;
  header(name: string, value: string | string[]): FastifyReplyLike;
  send(payload?: string): FastifyReplyLike;
}

/** The part of a Fastify instance the plugin registers itself on. */
export interface FastifyInstanceLike {
  removeAllContentTypeParsers(): void;
  addContentTypeParser(
    contentType: string,
    parser: (request: never, payload: never, done: (error: Error | null, body?: undefined) => void) => void,
  ): void;
  route(options: {
    method: string[];
    url: string;
    handler: (request: FastifyRequestLike, reply: FastifyReplyLike) => Promise<FastifyReplyLike>;
  }): unknown;
}

/** A Fastify plugin, for `app.register(…)`. */
export type FastifyAuthPlugin = (instance: FastifyInstanceLike) => Promise<void>;

type HandlerAuth = Pick<Auth, "$handle" | "options">;

// HEAD is left out: Fastify answers it from the GET route.
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * A Fastify plugin serving the auth routes under `basePath`: `app.register(toFastifyPlugin(auth))`.
 * Inside its own (encapsulated) scope it replaces Fastify's body parsers with one that leaves the
 * stream unread, so Gatehouse reads the body itself under its own rules (JSON only, `maxBodySize`,
 * depth cap) and a bad body gets Gatehouse's 4xx. The rest of the app keeps its parsers. The answer
 * goes out through `reply`, so the app's `onSend` hooks and headers still apply.
 */
export function toFastifyPlugin(auth: HandlerAuth): FastifyAuthPlugin {
  const { basePath } = auth.options;
  return async (fastify) => {
    fastify.removeAllContentTypeParsers();
    fastify.addContentTypeParser("*", (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequestLike, reply: FastifyReplyLike) =>
      send(reply, await answer(auth, request), auth);
    if (basePath !== "") fastify.route({ method: METHODS, url: basePath, handler });
    fastify.route({ method: METHODS, url: `${basePath}/*`, handler });
  };
}

/** The auth answer to one request; never rejects. */
async function answer(auth: HandlerAuth, request: FastifyRequestLike): Promise<AuthResponse> {
  try {
    const raw = request.raw;
    const host = raw.headers.host;
    if (!isValidHostHeader(host)) throw new AuthError(CORE_ERRORS.BAD_REQUEST, { message: "Invalid Host header" });
    const target = raw.url ?? "/";
    const q = target.indexOf("?");
    const path = q < 0 ? target : target.slice(0, q);
    const { basePath } = auth.options;
    // The router matched, but an app option like `caseSensitive: false` can route paths that are not ours.
    const below = path.startsWith(basePath) && (path.length === basePath.length || path[basePath.length] === "/");
    if (!below) throw new AuthError(CORE_ERRORS.NOT_FOUND);
    const maxBodySize = auth.options.advanced.maxBodySize;
    const authRequest: AuthRequest = {
      method: raw.method ?? "GET",
      path: path.slice(basePath.length) || "/",
      query: new URLSearchParams(q < 0 ? "" : target.slice(q + 1)),
      headers: nodeHeaders(raw),
      socketAddress: request.ip ?? raw.socket?.remoteAddress,
      readBody: (limit) => readNodeBody(raw, Math.min(limit, maxBodySize)),
    };
    return await auth.$handle(authRequest);
  } catch (error) {
    return errorResponse(error, auth);
  }
}

function send(reply: FastifyReplyLike, response: AuthResponse, auth: HandlerAuth): FastifyReplyLike {
  const safe = toWritableResponse(response, (message) => auth.options.logger.warn(message));
  reply.code(safe.status);
  for (const [name, value] of Object.entries(safe.headers)) reply.header(name, value);
  // An array keeps every cookie its own Set-Cookie line.
  if (safe.cookies.length > 0) reply.header("set-cookie", safe.cookies);
  return reply.send(safe.body ?? undefined);
}
