/** What a CLI command writes to and where it runs: injected so tests read the lines a user would see. */
export interface CliIo {
  /** Standard output: what the command produced (a secret, SQL, a report). */
  out(line: string): void;
  /** Standard error: notes about what it did (files written, which config it used). */
  warn(line: string): void;
  /** The directory relative paths resolve against. */
  cwd: string;
  /** Reads standard input to its end (create-admin --password-stdin). */
  readStdin?: () => Promise<string>;
}

/** Reads process.stdin to its end, as text. */
export async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
