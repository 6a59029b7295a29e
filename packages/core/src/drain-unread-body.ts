import type { IncomingMessage } from "node:http";

/**
 * How long the rest of a request body is read after an early answer (a 413, or any answer sent before
 * the body was read). Closing a socket with unread data makes the kernel send a reset, and a client
 * still writing its body then fails with EPIPE before it reads the answer: a browser shows a network
 * error instead of "payload too large". So the connection is kept open, and read, until the body ends
 * ("lingering close"; Apache and nginx both linger up to 30 s). Past the bound the client is cut, so a
 * sender that never stops holds one connection for at most this long.
 */
export const LINGER_MS = 30_000;

/**
 * How many more body bytes are read, and thrown away (never buffered), before the client is cut. Above
 * any upload a user makes by mistake (a 20 MB photo or video gets its 413 and a clean close); reading
 * and discarding this much costs a few milliseconds of CPU, so a client sending forever costs no more.
 */
export const LINGER_MAX_BYTES = 32 * 1024 * 1024;

/** "drained": the body ended or the client left; "cut": a bound was hit, the caller must close the socket. */
export type DrainOutcome = "drained" | "cut";

/**
 * Whether part of `req`'s body has not arrived yet, so answering now is answering early. A request
 * with neither Content-Length nor Transfer-Encoding has no body (RFC 9112 §6.3), even before node
 * marks it complete.
 */
export function hasUnreadBody(req: IncomingMessage): boolean {
  if (req.complete || req.destroyed) return false;
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Reads and discards what is left of `req`'s body after the answer went out. Resolves when the body
 * has ended (or the client went away), or with "cut" at LINGER_MAX_BYTES or LINGER_MS, whichever comes
 * first. Never rejects; nothing is kept in memory.
 */
export function drainUnreadBody(req: IncomingMessage): Promise<DrainOutcome> {
  if (!hasUnreadBody(req)) return Promise.resolve("drained");
  return new Promise((resolve) => {
    let read = 0;
    const settle = (outcome: DrainOutcome) => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onEnd);
      resolve(outcome);
    };
    const onData = (chunk: Buffer | string) => {
      read += chunk.length;
      if (read > LINGER_MAX_BYTES) settle("cut");
    };
    const onEnd = () => settle("drained");
    const timer = setTimeout(() => settle("cut"), LINGER_MS);
    req.on("data", onData);
    req.once("end", onEnd);
    // The client closed or reset the connection: nothing is left to read, nobody to protect.
    req.once("close", onEnd);
    req.on("error", ignore);
    req.resume();
  });
}

function ignore(): void {}
