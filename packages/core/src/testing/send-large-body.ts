import { connect } from "node:net";

// A raw HTTP/1.1 client for the oversized-body tests: it keeps writing its body whatever the server
// answers meanwhile, as a browser uploading a file does, so a server that closes too early shows up
// as the client's write failing (EPIPE, ECONNRESET) before the answer was read.

/** One request with a large body. */
export interface LargeBodyRequest {
  port: number;
  /** Request target, e.g. `/api/auth/unlink-account`. */
  path: string;
  /** Body size in bytes; `Infinity` sends until the server cuts the connection. */
  bytes: number;
  /** Transfer-Encoding: chunked instead of a Content-Length. */
  chunked: boolean;
  /** Connection: close instead of keep-alive. */
  close: boolean;
  /** Stop writing after this many body bytes, and hold the connection open (a stalled upload). */
  stallAfter?: number;
  /** A pause (a macrotask) after every piece, so the body arrives in many small reads. */
  slow?: boolean;
  headers?: Record<string, string>;
  /** Reset the connection as soon as the answer has been read, mid-body (a client that gives up). */
  resetOnAnswer?: boolean;
  /** Called once, when the whole answer has been read (e.g. to stall or advance fake timers). */
  onAnswer?: () => void;
}

/** What the client saw. `error` is set only when the connection failed before the answer was read. */
export interface LargeBodyResult {
  status?: number;
  headers: Record<string, string>;
  body?: string;
  error?: string;
  /** Body bytes the client handed to its socket. */
  sent: number;
  /** The server closed the connection (FIN or reset) rather than the client. */
  closedByServer: boolean;
}

const PIECE = 256 * 1024;

/** Sends one request with a large body over a fresh connection and resolves once the connection has closed. */
export function sendLargeBody(request: LargeBodyRequest): Promise<LargeBodyResult> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port: request.port });
    const received: Buffer[] = [];
    const result: LargeBodyResult = { headers: {}, sent: 0, closedByServer: false };
    let answered = false;
    let writing = true;
    let pendingClose = false;
    socket.on("data", (data) => {
      received.push(data);
      if (answered) return;
      const parsed = parseResponse(Buffer.concat(received));
      if (!parsed) return;
      answered = true;
      Object.assign(result, parsed);
      request.onAnswer?.();
      if (request.resetOnAnswer) {
        writing = false;
        socket.resetAndDestroy();
        return;
      }
      if (pendingClose && result.headers.connection?.toLowerCase() !== "close") socket.destroy();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      writing = false;
      result.closedByServer = true;
      if (!answered) result.error = error.code ?? error.message;
    });
    socket.on("end", () => {
      writing = false;
      result.closedByServer = true;
      if (!answered) result.error = "closed before answering";
      socket.destroy();
    });
    socket.on("close", () => resolve(result));
    socket.on("connect", () => {
      void writeRequest().then(() => {
        // Sent in full. An answer without Connection: close means the server would reuse the
        // connection: the client then closes it itself (and the test sees closedByServer false).
        // Otherwise it waits for the server to close, which a server that never does turns into a hang.
        const keep = answered && result.headers.connection?.toLowerCase() !== "close";
        if (keep) socket.destroy();
        else if (!answered) pendingClose = true;
      });
    });

    async function writeRequest(): Promise<void> {
      const headers = {
        "content-type": "application/json",
        origin: "http://localhost:3000",
        ...request.headers,
      };
      let head = `POST ${request.path} HTTP/1.1\r\nhost: 127.0.0.1:${request.port}\r\n`;
      for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
      // "Endless" with a Content-Length: a length no test reaches (1 TiB).
      const declared = Number.isFinite(request.bytes) ? request.bytes : 2 ** 40;
      head += request.chunked ? "transfer-encoding: chunked\r\n" : `content-length: ${declared}\r\n`;
      head += `connection: ${request.close ? "close" : "keep-alive"}\r\n\r\n`;
      await write(Buffer.from(head, "latin1"));
      const piece = Buffer.alloc(request.slow ? 16 * 1024 : PIECE, "x");
      let left = Math.min(request.bytes, request.stallAfter ?? Infinity);
      while (writing && left > 0) {
        const part = left >= piece.length ? piece : piece.subarray(0, left);
        if (request.chunked) await write(Buffer.from(`${part.length.toString(16)}\r\n`, "latin1"));
        await write(part);
        if (request.chunked) await write(Buffer.from("\r\n", "latin1"));
        result.sent += part.length;
        left -= part.length;
        if (request.slow) await new Promise((r) => setImmediate(r));
      }
      if (request.stallAfter !== undefined) return new Promise<void>(() => {});
      if (writing && request.chunked) await write(Buffer.from("0\r\n\r\n", "latin1"));
    }

    function write(data: Buffer): Promise<void> {
      return new Promise((done) => {
        if (!writing || socket.destroyed) return done();
        if (socket.write(data)) return done();
        const settle = () => {
          socket.off("drain", settle);
          socket.off("close", settle);
          done();
        };
        socket.once("drain", settle);
        socket.once("close", settle);
      });
    }
  });
}

/** The first complete response in `buf` (Content-Length framing only: that is what the handlers send). */
function parseResponse(buf: Buffer): Omit<LargeBodyResult, "sent" | "closedByServer"> | null {
  const end = buf.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const lines = buf.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers["content-length"] ?? Number.NaN);
  if (!Number.isInteger(length)) return null;
  const rest = buf.subarray(end + 4);
  if (rest.length < length) return null;
  return { status: Number(lines[0]!.split(" ")[1]), headers, body: rest.subarray(0, length).toString("utf8") };
}
