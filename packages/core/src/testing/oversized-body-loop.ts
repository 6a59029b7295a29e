import { type LargeBodyResult, sendLargeBody } from "./send-large-body.js";

const MB = 1024 * 1024;

// Routes that read a JSON body; what they do with it does not matter, the body never gets that far.
const PATHS = ["/api/auth/unlink-account", "/api/auth/sign-in/email", "/api/auth/change-password"];

/** How one request of the loop was sent. */
export interface OversizedCase {
  index: number;
  path: string;
  kind: "2 MB" | "20 MB" | "slow chunked";
  chunked: boolean;
  close: boolean;
}

/** The cases of the loop: 2 MB, 20 MB and slow chunked bodies in turn; half `connection: close`, half chunked. */
export function oversizedCases(count: number): OversizedCase[] {
  return Array.from({ length: count }, (_, index) => {
    const kind = (["2 MB", "20 MB", "slow chunked"] as const)[index % 3]!;
    return {
      index,
      path: PATHS[index % PATHS.length]!,
      kind,
      chunked: kind === "slow chunked" || (index >> 1) % 2 === 1,
      close: index % 2 === 0,
    };
  });
}

/**
 * Sends every case to the server on `port`, `parallel` at a time, and returns those whose client did not
 * read a 413 PAYLOAD_TOO_LARGE with Connection: close, followed by the server closing the connection.
 */
export async function findBadOversizedAnswers(
  port: number,
  cases: readonly OversizedCase[],
  parallel = 4,
): Promise<Array<OversizedCase & { got: LargeBodyResult }>> {
  const bad: Array<OversizedCase & { got: LargeBodyResult }> = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      const got = await sendLargeBody({
        port,
        path: c.path,
        bytes: c.kind === "20 MB" ? 20 * MB : c.kind === "2 MB" ? 2 * MB : 1.25 * MB,
        chunked: c.chunked,
        close: c.close,
        slow: c.kind === "slow chunked",
      });
      if (!isCleanOversizedAnswer(got)) bad.push({ ...c, got });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return bad;
}

/** A 413 with the catalogue's JSON, read in full, on a connection the server then closed. */
export function isCleanOversizedAnswer(got: LargeBodyResult): boolean {
  if (got.error !== undefined || got.status !== 413 || got.body === undefined) return false;
  if (got.headers.connection?.toLowerCase() !== "close" || !got.closedByServer) return false;
  try {
    const json: unknown = JSON.parse(got.body);
    return typeof json === "object" && json !== null && "code" in json && json.code === "PAYLOAD_TOO_LARGE";
  } catch {
    return false;
  }
}
