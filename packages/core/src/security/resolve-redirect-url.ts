import { isTrustedAppOrigin } from "./trusted-origins.js";

/** What decides whether a redirect target is acceptable. `AuthContext` satisfies it. */
export interface RedirectTrust {
  /** Trusted http(s) origins (exact and `*` patterns), as `AuthContext.isTrustedOrigin`. */
  isTrustedOrigin(origin: string): boolean;
  /** The configured trusted origins; non-http(s) schemes are trusted only when named here exactly. */
  options: { trustedOrigins: readonly string[] };
}

/**
 * Relative candidates are resolved against this origin. `.invalid` can never resolve (RFC 6761 §6.4),
 * so a result on it provably came from the candidate's path alone, not from an authority the candidate
 * named. Such results are written back path-absolute (`/x`), which a browser resolves against the origin
 * that served the response — neither the configured base URL nor the spoofable Host header is needed.
 */
const RELATIVE_BASE = "http://gatehouse.invalid";
const RELATIVE_ORIGIN = new URL(RELATIVE_BASE).origin;

/** Longest candidate considered; a redirect target past this is not a real app URL. */
export const MAX_REDIRECT_URL_LENGTH = 2048;

// Schemes that run code or read local data in the browser: refused even when an origin names them.
const DANGEROUS_SCHEMES = new Set(["javascript:", "data:", "vbscript:", "file:", "blob:", "about:", "filesystem:"]);

// C0 controls, DEL and backslash. The WHATWG parser would strip or reinterpret them (tab/newline are
// dropped, `\` is `/` in http URLs); nobody needs them in a callback URL, so refusing them keeps what
// the user typed and what the browser sees closer together. Safety does not depend on this: the
// canonical serialization below is what gets written.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const REFUSED_CHARACTERS = /[\u0000-\u001f\u007f\\]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const REFUSED_CONTROLS = /[\u0000-\u001f\u007f]/;

// An ASCII percent-escape (`%2F`, `%5c`, `%2e`, `%0a`…); other bytes cannot form a slash, dot or control.
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;
// Decoding rounds before a path counts as hostile: `%252F` takes two; nobody nests escapes deeper.
const MAX_DECODES = 4;

/**
 * Routers of common frameworks (and `decodeURIComponent` in app code) decode a path, sometimes more
 * than once, before navigating to it: `/%2F%2Fevil.example` becomes `//evil.example`, a host. True when
 * some decoding of `pathname` would leave the site that way — the same check a raw path gets (two leading
 * slashes or backslashes, dot segments that collapse into them, controls a browser strips), applied
 * after every round of decoding.
 */
function leavesSiteWhenDecoded(pathname: string): boolean {
  // Undecoded first: `http://trusted//evil.example` is on the trusted origin, but its path is a host to
  // a router that navigates to `location.pathname`.
  if (pathname.startsWith("//")) return true;
  let path = pathname;
  for (let round = 0; round <= MAX_DECODES; round++) {
    const decoded = path.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (decoded === path) return false;
    if (REFUSED_CONTROLS.test(decoded)) return true;
    // A browser reads `\` as `/` in http URLs.
    const asBrowser = decoded.replace(/\\/g, "/");
    let url: URL;
    try {
      url = new URL(asBrowser, RELATIVE_BASE);
    } catch {
      return true;
    }
    if (url.origin !== RELATIVE_ORIGIN || url.pathname.startsWith("//") || asBrowser.startsWith("//")) return true;
    path = decoded;
  }
  return true;
}

/**
 * The one decision for every URL that may reach a `Location` header or a client-side navigation
 * (`body.url`). Parses `candidate` exactly as a browser does (WHATWG URL), accepts it only when it
 * resolves onto a trusted origin (relative paths stay on the serving origin), adds `params` to the
 * parsed URL's query (replacing any same-named ones the candidate carried), and returns the canonical
 * serialization: an absolute, percent-encoded href, or a path-absolute `/…` that cannot be read as
 * protocol-relative. Answers null when the target is refused.
 */
export function resolveRedirectUrl(
  candidate: unknown,
  trust: RedirectTrust,
  params: Readonly<Record<string, string>> = {},
): string | null {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > MAX_REDIRECT_URL_LENGTH)
    return null;
  if (REFUSED_CHARACTERS.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate, RELATIVE_BASE);
  } catch {
    return null;
  }
  // `https://trusted@evil` is refused by its origin; `https://evil@trusted` is on-site but is only ever
  // used to make a link look like somewhere else.
  if (url.username !== "" || url.password !== "") return null;
  // The canonical form must itself pass this check again (redirect writers re-resolve what the input
  // check stored), so its length is bounded too: `/中`×700 fits raw but not percent-encoded.
  if (url.href.length - (url.origin === RELATIVE_ORIGIN ? RELATIVE_ORIGIN.length : 0) > MAX_REDIRECT_URL_LENGTH)
    return null;
  // Encoded slashes and backslashes (`%2F%2Fevil`, `%5C%5Cevil`, `%252F…`): refused like `//evil`, on
  // this origin and on trusted ones alike — the router serving the path decodes it before navigating.
  if ((url.protocol === "http:" || url.protocol === "https:") && leavesSiteWhenDecoded(url.pathname)) return null;
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);

  if (url.origin === RELATIVE_ORIGIN) {
    const relative = `${url.pathname}${url.search}${url.hash}`;
    // `/.//evil`, `/a/..//evil` and `/%2e%2e//evil` all normalize to a path starting `//`, which a
    // browser would read as a host: only a single leading slash is written.
    return relative.startsWith("/") && relative[1] !== "/" && relative[1] !== "\\" ? relative : null;
  }
  if (url.protocol === "http:" || url.protocol === "https:") return trust.isTrustedOrigin(url.origin) ? url.href : null;
  if (DANGEROUS_SCHEMES.has(url.protocol)) return null;
  // Another scheme (a mobile app's `myapp://callback`): only hierarchical URLs on a scheme and host the
  // operator listed verbatim — never through a wildcard pattern.
  if (!url.href.startsWith(`${url.protocol}//`)) return null;
  return isTrustedAppOrigin(trust.options.trustedOrigins, url.protocol, url.host) ? url.href : null;
}
