// A TCP proxy (node:net) in front of a real database server that a test can cut — every socket
// destroyed, no new connection accepted — and restore on the same port, so an outage can be staged
// without ever stopping the shared server. Adapter authors use it for their outage tests (docs/database.md).
import { type Server, type Socket, connect, createServer } from "node:net";

export interface TcpProxy {
  readonly port: number;
  /** Destroys every open connection and stops accepting (new connections are refused). */
  cut(): Promise<void>;
  /** Accepts and forwards again, on the same port. */
  restore(): Promise<void>;
  /** Cuts the moment a client sends bytes containing `text` (case-insensitive), before forwarding them. */
  cutWhen(text: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy to `targetPort` on 127.0.0.1; `forwarding: false` starts it cut (the database "down at start"). */
export async function startTcpProxy(targetPort: number, { forwarding = true } = {}): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  let trigger: { text: string; fired: () => void } | null = null;

  const onConnection = (client: Socket) => {
    const upstream = connect(targetPort, "127.0.0.1");
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    upstream.pipe(client);
    client.on("data", (chunk: Buffer) => {
      const armed = trigger;
      if (armed && chunk.toString("latin1").toLowerCase().includes(armed.text)) {
        trigger = null;
        void cut().then(armed.fired);
        return;
      }
      upstream.write(chunk);
    });
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer(onConnection);
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });

  async function cut() {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await listen();
  if (!forwarding) await cut();
  return {
    get port() {
      return port;
    },
    cut,
    async restore() {
      if (!server) await listen();
    },
    cutWhen(text) {
      return new Promise<void>((fired) => {
        trigger = { text: text.toLowerCase(), fired };
      });
    },
    close: cut,
  };
}
