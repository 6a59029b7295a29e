/**
 * "Chrome on macOS" from a User-Agent string: the few families people recognise, checked in the order
 * that matters (Edge and Opera also say "Chrome"; Chrome also says "Safari"). Null when none match.
 */
export function deviceName(userAgent: string | null | undefined): { browser: string; os: string } | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrom(e|ium)\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : null;
  const os = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad|iPod/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /CrOS/.test(userAgent)
            ? "ChromeOS"
            : /Linux/.test(userAgent)
              ? "Linux"
              : null;
  if (!browser && !os) return null;
  return { browser: browser ?? "Browser", os: os ?? "?" };
}
