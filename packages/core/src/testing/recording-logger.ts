import type { Logger } from "../options/auth-options.js";

/** A logger that keeps what it is told, for tests that check what an outage (or anything) logs. */
export function recordingLogger(): { errors: string[]; warnings: string[]; logger: Logger } {
  const errors: string[] = [];
  const warnings: string[] = [];
  // An error's cause is where drivers put the underlying reason (ECONNREFUSED…): kept on the line.
  const text = (message: string, details: unknown[]) =>
    [message, ...details.map((d) => (d instanceof Error ? `${d.message} ${String(d.cause)}` : String(d)))].join(" ");
  return {
    errors,
    warnings,
    logger: {
      error: (message: string, ...details: unknown[]) => void errors.push(text(message, details)),
      warn: (message: string, ...details: unknown[]) => void warnings.push(text(message, details)),
    },
  };
}
