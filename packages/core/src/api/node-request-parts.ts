import type { IncomingMessage } from "node:http";
import type { HeaderReader } from "./auth-request.js";

// RFC 9110 host = uri-host [ ":" port ]: a Host that is anything else is refused before it can reach a
// mailed link or a redirect. Shared by toNodeHandler and the Fastify plugin, so both refuse the same.
const VALID_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Whether a request's Host header (absent is fine: HTTP/1.0) is well-formed. */
export function isValidHostHeader(host: string | undefined): boolean {
  return host === undefined || VALID_HOST.test(host);
}

/** Reads a node request's headers the way Fetch's `Headers.get` does (repeated values joined by ", "). */
export function nodeHeaders(req: IncomingMessage): HeaderReader {
  const h = req.headers;
  return {
    get(name) {
      const value = h[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}
