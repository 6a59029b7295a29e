// A tiny authoritative DNS server on 127.0.0.1 (UDP, RFC 1035) for the SSO card's domain verification:
// TXT answers from `records`, NXDOMAIN for other names, SERVFAIL for every question while `failing`
// (DNS that does not answer, without waiting for a timeout). Hand-encoded: no dependency.
import { createSocket } from "node:dgram";

/** The question's name (labels) and where the question section ends. */
function readQuestion(msg) {
  const labels = [];
  let at = 12;
  while (at < msg.length && msg[at] !== 0) {
    const length = msg[at];
    labels.push(msg.subarray(at + 1, at + 1 + length).toString("latin1"));
    at += 1 + length;
  }
  const type = msg.readUInt16BE(at + 1);
  return { name: labels.join(".").toLowerCase(), type, end: at + 5 };
}

function answer(msg, { records, failing }) {
  const { name, type, end } = readQuestion(msg);
  const values = !failing && type === 16 ? records.get(name) : undefined;
  const rcode = failing ? 2 : values ? 0 : 3;
  const header = Buffer.alloc(12);
  msg.copy(header, 0, 0, 2); // the id
  header.writeUInt16BE(0x8400 | rcode, 2); // a response, authoritative
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(values?.length ?? 0, 6);
  const answers = (values ?? []).map((text) => {
    const data = Buffer.from(text, "latin1");
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    rr.writeUInt16BE(16, 2); // TXT
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(data.length + 1, 10);
    return Buffer.concat([rr, Buffer.from([data.length]), data]);
  });
  return Buffer.concat([header, msg.subarray(12, end), ...answers]);
}

/** Starts the server on a random port: `{ address: "127.0.0.1:port", records, failing, close }`. */
export async function startDns() {
  const socket = createSocket("udp4");
  const dns = {
    address: "",
    records: new Map(),
    failing: false,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on("message", (msg, rinfo) => {
    if (msg.length < 17) return;
    try {
      socket.send(answer(msg, dns), rinfo.port, rinfo.address);
    } catch {
      // A question it cannot read gets no answer.
    }
  });
  await new Promise((resolve) => socket.bind(0, "127.0.0.1", resolve));
  dns.address = `127.0.0.1:${socket.address().port}`;
  return dns;
}
