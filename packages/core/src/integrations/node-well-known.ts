import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { Auth } from "../create-auth.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { notFoundAnswer, refuseBadHost } from "./fetch-integration.js";
import { type WellKnownDocuments, isDocumentMethod, isWellKnownPath, toFetchWellKnown } from "./to-fetch-well-known.js";

/** A node:http / Connect / Express handler (as toNodeHandler's); `next` gets every request that is not a document. */
export type NodeWellKnownHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/**
 * The origin-root well-known documents on node:http, Connect or Express:
 * `app.use(toNodeWellKnown(auth, oauthWellKnown(auth)))` before the app's routes (and before a CORS
 * middleware of the app's, which would answer the documents' preflight with its own rules). A GET, HEAD
 * or CORS preflight under `/.well-known/` becomes a Fetch `Request` (no body to carry) for
 * toFetchWellKnown; its answer is written as it is. Every other request (a plain OPTIONS too), and a
 * well-known path `documents` does not know, goes to `next` (Gatehouse's 404 without one). Never
 * throws: a failure is logged and answered 500.
 */
export function toNodeWellKnown(auth: Pick<Auth, "options">, documents: WellKnownDocuments): NodeWellKnownHandler {
  const wellKnown = toFetchWellKnown(auth, documents);
  return (req, res, next) => {
    const pass = (): Promise<void> => (next ? Promise.resolve(next()) : write(req, res, notFoundAnswer(auth)));
    const run = async () => {
      const method = req.method ?? "GET";
      // Express strips a mount path from req.url (`app.use("/.well-known", …)`); originalUrl keeps it.
      const original = (req as { originalUrl?: unknown }).originalUrl;
      const target = typeof original === "string" ? original : (req.url ?? "/");
      const announces = req.headers["access-control-request-method"] !== undefined;
      if (!isDocumentMethod(method, announces) || !isWellKnownPath(target)) return pass();
      const badHost = refuseBadHost(req.headers.host, auth);
      if (badHost) return write(req, res, badHost);
      const answer = await wellKnown(toFetchRequest(req, target));
      return answer ? write(req, res, answer) : pass();
    };
    run().catch((error: unknown) => fail(res, error, auth));
  };
}

/**
 * A node request for a path under `/.well-known/` as a Fetch `Request`. The Host was checked (a valid
 * authority), and the target starts with a single `/`, so the URL's origin is the Host's.
 */
export function toFetchRequest(req: IncomingMessage, target: string): Request {
  const scheme = (req.socket as TLSSocket | undefined)?.encrypted ? "https" : "http";
  const url = new URL(target, `${scheme}://${req.headers.host ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return new Request(url, { method: req.method ?? "GET", headers });
}

// Statuses that carry no body, so no Content-Length either (a preflight's 204 among them).
const NULL_BODY = new Set([204, 205, 304]);

/** Writes a Fetch `Response` (every Set-Cookie its own line); no body for HEAD or a null-body status. */
async function write(req: IncomingMessage, res: ServerResponse, answer: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of answer.headers) if (name !== "set-cookie") headers[name] = value;
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const noBody = req.method === "HEAD" || NULL_BODY.has(answer.status);
  const body = noBody ? null : Buffer.from(await answer.arrayBuffer());
  if (body) headers["content-length"] = String(body.length);
  res.writeHead(answer.status, headers);
  res.end(body ?? undefined);
}

function fail(res: ServerResponse, error: unknown, auth: Pick<Auth, "options">): void {
  try {
    auth.options.logger.error("Gatehouse: failed to answer a well-known request", error);
  } catch {
    // A throwing logger must not undo the rest.
  }
  if (res.headersSent || res.destroyed || res.writableEnded) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(new AuthError(CORE_ERRORS.INTERNAL_SERVER_ERROR).toJSON());
  res.writeHead(500, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(body);
}
