/** Reads one cookie from a Cookie header without building a map (the hot path reads one or two). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let from = 0;
  while (from < header.length) {
    const at = header.indexOf(name, from);
    if (at < 0) return undefined;
    const before = at === 0 ? ";" : header[at - 1];
    const after = header[at + name.length];
    if ((before === ";" || before === " ") && after === "=") {
      const start = at + name.length + 1;
      const end = header.indexOf(";", start);
      return header.slice(start, end < 0 ? undefined : end).trim();
    }
    from = at + name.length;
  }
  return undefined;
}

/** decodeURIComponent that answers null for malformed escapes instead of throwing (client-controlled input). */
export function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
