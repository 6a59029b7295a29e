/** What a range lookup found; `failed` means nothing is known (the password is then allowed). */
export type PwnedLookup =
  | { status: "found"; count: number }
  | { status: "not-found" }
  | { status: "failed"; reason: "timeout" | "network" | "http-status" | "malformed" | "too-large" };

/** Where and how long to ask. */
export interface PwnedLookupOptions {
  /** The range API's base, ending in `/`; the five-character prefix is appended. */
  endpoint: string;
  timeoutMs: number;
}

// A padded answer holds 800–1,000 lines of ~40 bytes; anything far beyond is not the range API.
const MAX_BODY_BYTES = 512 * 1024;
const LINE = /^([0-9A-F]{35}):(\d{1,15})$/;

/** Upper-case hex SHA-1 of the UTF-8 password, as the range API indexes it. */
export async function sha1Hex(password: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(password));
  let hex = "";
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, "0");
  return hex.toUpperCase();
}

/**
 * Asks the Pwned Passwords range API how often `password` appears in known breaches, with
 * k-anonymity: only the first five hex characters of its SHA-1 are sent, and the suffix is compared
 * here among the hundreds the answer lists. `Add-Padding` makes every answer about the same size, so
 * its length does not hint at the prefix either; padding lines carry a count of 0 and never match.
 * Never throws: a timeout, a network error or an odd answer is `failed`.
 */
export async function lookupPwnedPassword(password: string, options: PwnedLookupOptions): Promise<PwnedLookup> {
  const hash = await sha1Hex(password);
  const prefix = hash.slice(0, 5);
  const suffix = hash.slice(5);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const response = await fetch(`${options.endpoint}${prefix}`, {
      headers: { "add-padding": "true", "user-agent": "gatehouse-password-check" },
      signal: controller.signal,
      redirect: "error",
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => {});
      return { status: "failed", reason: "http-status" };
    }
    return await scanRange(response.body, suffix);
  } catch {
    return { status: "failed", reason: controller.signal.aborted ? "timeout" : "network" };
  } finally {
    clearTimeout(timer);
  }
}

/** Reads `SUFFIX:COUNT` lines as they arrive, holding one line at a time, up to MAX_BODY_BYTES. */
async function scanRange(body: ReadableStream<Uint8Array>, suffix: string): Promise<PwnedLookup> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  let bytes = 0;
  let lines = 0;
  let count = 0;
  const take = (line: string): boolean => {
    const trimmed = line.trim();
    if (trimmed === "") return true;
    const match = LINE.exec(trimmed.toUpperCase());
    if (!match) return false;
    lines++;
    if (match[1] === suffix) count = Math.max(count, Number(match[2]));
    return true;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > MAX_BODY_BYTES) return { status: "failed", reason: "too-large" };
      pending += decoder.decode(value, { stream: true });
      let newline = pending.indexOf("\n");
      while (newline !== -1) {
        if (!take(pending.slice(0, newline))) return { status: "failed", reason: "malformed" };
        pending = pending.slice(newline + 1);
        newline = pending.indexOf("\n");
      }
      // A "line" longer than any real one is not the range format: stop before it grows.
      if (pending.length > 128) return { status: "failed", reason: "malformed" };
    }
    if (!take(pending + decoder.decode())) return { status: "failed", reason: "malformed" };
  } finally {
    await reader.cancel().catch(() => {});
  }
  if (lines === 0) return { status: "failed", reason: "malformed" };
  return count > 0 ? { status: "found", count } : { status: "not-found" };
}
