// A port the OS just handed out (and released): random ranges collide between test files, and may hit
// ports fetch refuses (5060, 5061).
import { createServer } from "node:net";

/** A free TCP port on 127.0.0.1. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}
