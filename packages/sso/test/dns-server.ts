// A tiny authoritative DNS server on 127.0.0.1 (UDP, RFC 1035) answering TXT questions from a map.
import { type Socket, createSocket } from "node:dgram";
import type { AddressInfo } from "node:net";
import * as packet from "dns-packet";

/** The running server: `records` maps a lower-case name to its TXT strings. */
export interface TestDns {
  address: string;
  records: Map<string, string[]>;
  /** How many questions it answered (to prove a lookup happened). */
  queries: number;
  close(): Promise<void>;
}

/** Starts the server on a random port. */
export async function startDns(): Promise<TestDns> {
  const socket: Socket = createSocket("udp4");
  const dns: TestDns = {
    address: "",
    records: new Map(),
    queries: 0,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on("message", (msg, rinfo) => {
    let query: packet.Packet;
    try {
      query = packet.decode(msg);
    } catch {
      return;
    }
    dns.queries++;
    const question = query.questions?.[0];
    const values = question && question.type === "TXT" ? dns.records.get(question.name.toLowerCase()) : undefined;
    const answer = packet.encode({
      type: "response",
      id: query.id,
      flags: packet.AUTHORITATIVE_ANSWER | (values ? 0 : 3), // rcode 3: NXDOMAIN
      questions: query.questions,
      answers: (values ?? []).map((v) => ({ type: "TXT", name: question?.name ?? "", ttl: 60, data: v })),
    });
    socket.send(answer, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  dns.address = `127.0.0.1:${(socket.address() as AddressInfo).port}`;
  return dns;
}
