// RFC 9110 §5.1 token: what a header (or cookie) name may consist of.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// What every transport accepts in a value: HTAB, SP and visible ASCII. Node also takes bytes 0x80-0xFF
// and Fetch takes Latin-1, but both would put mojibake on the wire; CR/LF (response splitting) and
// anything past U+00FF (Node: ERR_INVALID_CHAR, Fetch: TypeError) must never reach them.
const SAFE_VALUE = /^[\t\x20-\x7e]*$/;
const UNSAFE_VALUE_CHAR = /[^\t\x20-\x7e]+/g;

const encoder = new TextEncoder();

/** Percent-encodes the UTF-8 bytes of `text` (lone surrogates become U+FFFD first). */
export function percentEncodeBytes(text: string): string {
  let out = "";
  for (const byte of encoder.encode(text)) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  return out;
}

/** Whether `name` can be a header or cookie name (an RFC 9110 token). */
export function isHeaderName(name: string): boolean {
  return TOKEN.test(name);
}

/**
 * A header value that every transport accepts, whatever `value` holds: characters outside HTAB and
 * printable ASCII are percent-encoded as UTF-8, so a Location stays a working URL and CR/LF can never
 * start a new header. Leading and trailing whitespace is dropped, as Fetch would.
 */
export function toHeaderValue(value: string): string {
  const text = SAFE_VALUE.test(value) ? value : value.replace(UNSAFE_VALUE_CHAR, percentEncodeBytes);
  return text.trim();
}

/**
 * The response headers as they may be written: every value made safe with toHeaderValue, and any
 * entry whose name is not a token dropped (reported through `onDrop`), since no encoding can repair it.
 */
export function toSafeHeaders(
  headers: Readonly<Record<string, string>>,
  onDrop: (name: string) => void = () => {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!isHeaderName(name)) {
      onDrop(name);
      continue;
    }
    out[name.toLowerCase()] = toHeaderValue(String(value));
  }
  return out;
}
