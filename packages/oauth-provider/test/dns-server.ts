// Test helper: a tiny authoritative DNS server on 127.0.0.1 (UDP, RFC 1035) that answers A and AAAA
// questions from a script per name: the n-th question of a type gets the n-th answer list (the last one
// repeats), so a name can answer a public address first and 127.0.0.1 afterwards, as a rebinding attacker's
// server does. It counts the questions, which shows how often the provider looked a name up.
import { createSocket } from "node:dgram";
import { isIPv4 } from "node:net";

type QType = "A" | "AAAA";
const TYPES: Record<number, QType> = { 1: "A", 28: "AAAA" };

export interface DnsServer {
  /** `127.0.0.1:port`, for `outboundDnsServers`. */
  address: string;
  /** Scripts an answer sequence for a name (lower case) and type. */
  answer(name: string, type: QType, sequence: string[][]): void;
  /** How many questions of this type were asked for the name. */
  asked(name: string, type: QType): number;
  close(): Promise<void>;
}

function readQuestion(msg: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (at < msg.length && msg[at] !== 0) {
    const len = msg[at] as number;
    if (len > 63) throw new Error("compressed or bad label");
    labels.push(msg.subarray(at + 1, at + 1 + len).toString("latin1"));
    at += 1 + len;
  }
  const end = at + 1;
  return { name: labels.join(".").toLowerCase(), type: msg.readUInt16BE(end), end: end + 4 };
}

/** An IPv6 address's 16 bytes (the test's addresses only: full or with one `::`). */
function ipv6Bytes(address: string): Buffer {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  const out = Buffer.alloc(16);
  for (const [i, g] of groups.entries()) out.writeUInt16BE(Number.parseInt(g, 16), i * 2);
  return out;
}

export async function startDnsServer(): Promise<DnsServer> {
  const socket = createSocket("udp4");
  const scripts = new Map<string, string[][]>();
  const counts = new Map<string, number>();
  socket.on("message", (msg, rinfo) => {
    if (msg.length < 17) return;
    let q: ReturnType<typeof readQuestion>;
    try {
      q = readQuestion(msg);
    } catch {
      return;
    }
    const type = TYPES[q.type];
    const key = `${q.name} ${type}`;
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    const sequence = type ? scripts.get(key) : undefined;
    const values = sequence ? (sequence[Math.min(n, sequence.length - 1)] ?? []) : [];
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2);
    // QR + AA, RD echoed; NXDOMAIN for a name nothing is scripted for, else NOERROR (maybe no answers).
    const known = [...scripts.keys()].some((k) => k.startsWith(`${q.name} `));
    header.writeUInt16BE(0x8400 | (msg.readUInt16BE(2) & 0x0100) | (known ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(values.length, 6);
    const answers = values.map((v) => {
      const data = isIPv4(v) ? Buffer.from(v.split(".").map(Number)) : ipv6Bytes(v);
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0);
      rr.writeUInt16BE(q.type, 2);
      rr.writeUInt16BE(1, 4);
      // TTL 0: nothing between the provider and this server may cache an answer.
      rr.writeUInt32BE(0, 6);
      rr.writeUInt16BE(data.length, 10);
      return Buffer.concat([rr, data]);
    });
    socket.send(Buffer.concat([header, msg.subarray(12, q.end), ...answers]), rinfo.port, rinfo.address);
  });
  await new Promise<void>((ok) => socket.bind(0, "127.0.0.1", ok));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    answer: (name, type, sequence) => scripts.set(`${name} ${type}`, sequence),
    asked: (name, type) => counts.get(`${name} ${type}`) ?? 0,
    close: () => new Promise((ok) => socket.close(() => ok())),
  };
}
