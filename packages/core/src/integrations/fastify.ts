import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { isValidHostHeader, nodeHeaders } from "../api/node-request-parts.js";
import type { AuthRequest, AuthResponse } from "../api/auth-request.js";
import { errorResponse } from "../api/handle-request.js";
import { toWritableResponse } from "../api/to-writable-response.js";
import type { Auth } from "../create-auth.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { drainUnreadBody, hasUnreadBody } from "../drain-unread-body.js";
import { readNodeBody } from "../read-node-body.js";
import { notFoundAnswer, refuseBadHost } from "./fetch-integration.js";
import { toFetchRequest } from "./node-well-known.js";
import { type WellKnownDocuments, toFetchWellKnown } from "./to-fetch-well-known.js";

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
  raw: ServerResponse;
  code(statusCode: number): FastifyReplyLike;
  header(name: string, value: string | string[]): FastifyReplyLike;
  send(payload?: string | Readable): FastifyReplyLike;
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
      send(request.raw, reply, await answer(auth, request), auth);
    if (basePath !== "") fastify.route({ method: METHODS, url: basePath, handler });
    fastify.route({ method: METHODS, url: `${basePath}/*`, handler });
  };
}

/** The part of a Fastify instance the well-known plugin registers its route on. */
export interface FastifyRouteInstanceLike {
  route(options: {
    method: string[];
    url: string;
    handler: (request: FastifyRequestLike, reply: FastifyReplyLike) => Promise<FastifyReplyLike>;
  }): unknown;
}

/**
 * A Fastify plugin serving the origin-root well-known documents (the OAuth provider's metadata):
 * `app.register(toFastifyWellKnown(auth, oauthWellKnown(auth)))`. One route, GET and OPTIONS
 * `/.well-known/*` (Fastify answers HEAD from it, and a static route of the app's,
 * `/.well-known/security.txt`, still wins for its path); a document `documents` knows is answered, its
 * CORS preflight too (see toFetchWellKnown), any other path under it Gatehouse's 404, a malformed Host a
 * 400. A route cannot hand a request on to another, so a plain OPTIONS (not a preflight) under it is
 * Gatehouse's 404 as well. The answer goes out through `reply`, so the app's hooks apply (a CORS plugin
 * of the app's that answers preflights in a hook does so before this route, by its own rules).
 */
export function toFastifyWellKnown(
  auth: Pick<Auth, "options">,
  documents: WellKnownDocuments,
): (instance: FastifyRouteInstanceLike) => Promise<void> {
  const wellKnown = toFetchWellKnown(auth, documents);
  return async (fastify) => {
    fastify.route({
      // OPTIONS for the documents' CORS preflight, which toFetchWellKnown passes to them.
      method: ["GET", "OPTIONS"],
      url: "/.well-known/*",
      handler: async (request, reply) => {
        const raw = request.raw;
        const answer =
          refuseBadHost(raw.headers.host, auth) ??
          (await wellKnown(toFetchRequest(raw, raw.url ?? "/"))) ??
          notFoundAnswer(auth);
        reply.code(answer.status);
        for (const [name, value] of answer.headers) if (name !== "set-cookie") reply.header(name, value);
        const cookies = answer.headers.getSetCookie();
        if (cookies.length > 0) reply.header("set-cookie", cookies);
        return reply.send(await answer.text());
      },
    });
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

function send(
  raw: IncomingMessage,
  reply: FastifyReplyLike,
  response: AuthResponse,
  auth: HandlerAuth,
): FastifyReplyLike {
  const safe = toWritableResponse(response, (message) => auth.options.logger.warn(message));
  reply.code(safe.status);
  for (const [name, value] of Object.entries(safe.headers)) reply.header(name, value);
  // An array keeps every cookie its own Set-Cookie line.
  if (safe.cookies.length > 0) reply.header("set-cookie", safe.cookies);
  if (!hasUnreadBody(raw)) return reply.send(safe.body ?? undefined);
  return reply.send(lingeringBody(raw, reply, safe.body));
}

/**
 * The answer to a request whose body is still arriving (a 413, or a refusal that never needed it). Sent
 * as a string, Fastify would end the response at once and node would close the socket on a client
 * still writing: its write fails (EPIPE) before it reads the answer. As a stream with a fixed length,
 * the whole answer goes out now and the stream (so the response, so the connection) ends only once the
 * rest of the body was read and discarded, or cut at the bounds of drainUnreadBody. The reply and its
 * onSend hooks still apply; Connection: close because the connection is not reused after this.
 */
function lingeringBody(raw: IncomingMessage, reply: FastifyReplyLike, body: string | null): Readable {
  reply.header("connection", "close");
  const stream = new Readable({ read() {} });
  if (body !== null) {
    reply.header("content-length", String(Buffer.byteLength(body)));
    stream.push(body);
  }
  void drainUnreadBody(raw).then((outcome) => {
    // Cut: once the end is flushed, close the socket for good; whatever the client still sends is refused.
    if (outcome === "cut") reply.raw.once("finish", () => raw.socket?.destroy());
    stream.push(null);
  });
  return stream;
}
