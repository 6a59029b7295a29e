// A raw HTTP/1.1 client over a TCP socket: fetch and node:http refuse exactly the requests a fuzzer
// wants to send (TRACE, raw bytes in the path, duplicate headers, broken header values).
import { connect } from "node:net";

/**
 * Sends one request on a fresh connection ("connection: close") and reads one response.
 * Resolves {status, headers, body, ms} or {error: "timeout" | "closed" | "refused" | <code>, ms}.
 */
export function send(port, req, timeoutMs) {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks = [];
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...result, ms: Date.now() - started });
    };
    const timer = setTimeout(() => finish({ error: "timeout" }), timeoutMs);
    socket.on("connect", () => socket.write(encode(req)));
    socket.on("data", (d) => {
      chunks.push(d);
      const res = parse(Buffer.concat(chunks), req.method, false);
      if (res) finish(res);
    });
    socket.on("end", () => finish(parse(Buffer.concat(chunks), req.method, true) ?? { error: "closed" }));
    socket.on("error", (e) => {
      // The server may answer (413, 431, 400) and close before it has read the whole request.
      const res = parse(Buffer.concat(chunks), req.method, true);
      finish(
        res ?? {
          error: e.code === "ECONNREFUSED" ? "refused" : e.code === "ECONNRESET" ? "closed" : (e.code ?? e.message),
        },
      );
    });
  });
}

/** The request's bytes. Header text is written as Latin-1, so a "\u00e9" is one raw byte. */
export function encode(req) {
  let head = `${req.method} ${req.target} HTTP/1.1\r\n`;
  for (const [name, value] of req.headers) head += `${name}: ${value}\r\n`;
  let body = req.body ?? Buffer.alloc(0);
  if (req.body !== null && req.chunked) {
    head += "transfer-encoding: chunked\r\n";
    const half = Math.ceil(body.length / 2);
    const parts = [body.subarray(0, half), body.subarray(half)].filter((p) => p.length);
    body = Buffer.concat([
      ...parts.flatMap((p) => [Buffer.from(`${p.length.toString(16)}\r\n`), p, Buffer.from("\r\n")]),
      Buffer.from("0\r\n\r\n"),
    ]);
  } else if (req.body !== null) head += `content-length: ${body.length}\r\n`;
  head += "connection: close\r\n\r\n";
  return Buffer.concat([Buffer.from(head, "latin1"), body]);
}

/** One complete response in buf (1xx interim responses skipped), or null if more bytes are needed. */
function parse(buf, method, atEnd) {
  let offset = 0;
  for (;;) {
    const end = buf.indexOf("\r\n\r\n", offset);
    if (end < 0) return null;
    const lines = buf.subarray(offset, end).toString("latin1").split("\r\n");
    const status = Number(lines[0].split(" ")[1]);
    if (!Number.isInteger(status)) return atEnd ? { error: `unparsable response: ${JSON.stringify(lines[0])}` } : null;
    const headers = {};
    for (const line of lines.slice(1)) {
      const i = line.indexOf(":");
      const name = line.slice(0, i).trim().toLowerCase();
      const value = line.slice(i + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}\n${value}`;
    }
    const bodyStart = end + 4;
    if (status >= 100 && status < 200) {
      offset = bodyStart;
      continue;
    }
    const rest = buf.subarray(bodyStart);
    if (method === "HEAD" || status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0) };
    if (headers["content-length"] !== undefined) {
      const length = Number(headers["content-length"]);
      if (rest.length >= length) return { status, headers, body: rest.subarray(0, length) };
      return atEnd ? { status, headers, body: rest, truncated: true } : null;
    }
    if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
      const decoded = dechunk(rest);
      if (decoded) return { status, headers, body: decoded };
      return atEnd ? { status, headers, body: rest, truncated: true } : null;
    }
    return atEnd ? { status, headers, body: rest } : null;
  }
}

function dechunk(buf) {
  const parts = [];
  let i = 0;
  for (;;) {
    const eol = buf.indexOf("\r\n", i);
    if (eol < 0) return null;
    const size = Number.parseInt(buf.subarray(i, eol).toString("latin1"), 16);
    if (Number.isNaN(size)) return null;
    if (size === 0) return buf.indexOf("\r\n", eol + 2) >= 0 ? Buffer.concat(parts) : null;
    if (buf.length < eol + 2 + size + 2) return null;
    parts.push(buf.subarray(eol + 2, eol + 2 + size));
    i = eol + 2 + size + 2;
  }
}
