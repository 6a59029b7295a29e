const isOws = (c: string | undefined) => c === " " || c === "\t";

/**
 * Reads one cookie from a Cookie header without building a map (the hot path reads one or two).
 * The header is walked pair by pair (`;`-separated, RFC 6265 §5.4), and a name only matches at the
 * start of a pair: a value holding ` name=evil` (browsers accept spaces inside values) cannot pose as
 * another cookie. The first pair with the name wins, as browsers send the most specific one first.
 * Surrounding spaces and tabs are dropped from the value; nothing is decoded.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header || !name) return undefined;
  const length = header.length;
  let start = 0;
  while (start < length) {
    let end = header.indexOf(";", start);
    if (end < 0) end = length;
    let at = start;
    while (at < end && isOws(header[at])) at++;
    if (header.startsWith(name, at)) {
      let eq = at + name.length;
      while (eq < end && isOws(header[eq])) eq++;
      if (header[eq] === "=" && eq < end) {
        let from = eq + 1;
        let to = end;
        while (from < to && isOws(header[from])) from++;
        while (to > from && isOws(header[to - 1])) to--;
        return header.slice(from, to);
      }
    }
    start = end + 1;
  }
  return undefined;
}

/** decodeURIComponent that answers null for malformed escapes instead of throwing (client-controlled input). */
export function safeDecode(value: string): string | null {
  // Nothing to decode without an escape: skip the call (session tokens never carry one).
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
