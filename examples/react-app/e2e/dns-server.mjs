// A tiny authoritative DNS server on 127.0.0.1 (UDP, RFC 1035) for the SSO page's domain verification:
// it answers TXT questions from a map and NXDOMAIN otherwise. The app's sso plugin is pointed at it with
// SSO_DNS_SERVERS, so the test proves a domain without touching the real DNS.
import { createSocket } from "node:dgram";

/** Where the question's name ends (after its terminating zero label), and the name itself. */
function readQuestion(msg) {
  const labels = [];
  let at = 12;
  while (at < msg.length && msg[at] !== 0) {
    const len = msg[at];
    if (len > 63) throw new Error("compressed or bad label");
    labels.push(msg.subarray(at + 1, at + 1 + len).toString("latin1"));
    at += 1 + len;
  }
  const end = at + 1;
  return { name: labels.join(".").toLowerCase(), type: msg.readUInt16BE(end), end: end + 4 };
}

/** A TXT record's data: each string as length-prefixed chunks of at most 255 bytes. */
function txtData(text) {
  const bytes = Buffer.from(text, "utf8");
  const parts = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

/** Starts the server on a free port: `{ address: "127.0.0.1:port", records, queries, close }`. */
export async function startDns() {
  const socket = createSocket("udp4");
  const dns = {
    address: "",
    /** Lower-case name → its TXT strings. */
    records: new Map(),
    /** How many questions it answered (proves the lookup happened here). */
    queries: 0,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on("message", (msg, rinfo) => {
    if (msg.length < 17) return;
    let q;
    try {
      q = readQuestion(msg);
    } catch {
      return;
    }
    dns.queries++;
    const values = q.type === 16 ? dns.records.get(q.name) : undefined;
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // the query's id
    // QR + AA, the query's RD bit echoed; rcode 3 (NXDOMAIN) when there is nothing to answer.
    header.writeUInt16BE(0x8400 | (msg.readUInt16BE(2) & 0x0100) | (values ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(values?.length ?? 0, 6);
    const answers = (values ?? []).map((v) => {
      const data = txtData(v);
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      rr.writeUInt16BE(16, 2); // TXT
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(60, 6);
      rr.writeUInt16BE(data.length, 10);
      return Buffer.concat([rr, data]);
    });
    socket.send(Buffer.concat([header, msg.subarray(12, q.end), ...answers]), rinfo.port, rinfo.address);
  });
  await new Promise((resolve) => socket.bind(0, "127.0.0.1", resolve));
  dns.address = `127.0.0.1:${socket.address().port}`;
  return dns;
}
