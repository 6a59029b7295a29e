// RFC 8252 §7.3: a native app listens on a loopback IP literal with a port chosen at run time, so the
// port is the one part of such a redirect that is not compared. Only IP literals and plain http, as the
// RFC recommends (`localhost` may resolve elsewhere).
const LOOPBACK_WITH_PORT = /^http:\/\/(127\.0\.0\.1|\[::1\]):\d{1,5}([/?].*)?$/;

/**
 * Whether `requested` is one of `registered`, character for character (OAuth 2.1 §4.1.3: no prefix, no
 * wildcard, no normalization — a trailing slash, other case or an encoded character is another URI).
 */
export function matchRedirectUri(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  const loopback = LOOPBACK_WITH_PORT.exec(requested);
  if (!loopback) return false;
  return registered.includes(`http://${loopback[1]}${loopback[2] ?? ""}`);
}
