// Display helpers: dates in the viewer's locale, durations in words, roles as a list.

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** `2026-11-24T10:00:00Z` → "24 Nov 2026, 10:00" (viewer's locale); "—" for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}

/** The date part only. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateOnly.format(d);
}

/** A role value (comma-separated) as a list. */
export function rolesOf(role: string | null | undefined): string[] {
  return (role ?? "")
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
}

/** `user.signed_in` → "User signed in". */
export function describeEventType(type: string): string {
  const text = type
    .replace(/^api_key\./, "API key.")
    .replace(/^two_factor\./, "two-factor.")
    .replace(/[._]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A short browser name from a user agent, for tables. */
export function shortUserAgent(ua: string | null | undefined): string {
  if (!ua) return "—";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Chrome\//.test(ua)
      ? "Chrome"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  const os = /Windows/.test(ua)
    ? "Windows"
    : /Mac OS X/.test(ua)
      ? "macOS"
      : /Android/.test(ua)
        ? "Android"
        : /iPhone|iPad/.test(ua)
          ? "iOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  if (!browser && !os) return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
  return [browser, os].filter(Boolean).join(" on ");
}

/**
 * The app URL /api/me names, for links and location.assign: http(s) or same-origin paths only. The
 * server already checks it like every redirect; this keeps a `javascript:` URL out even if it did not.
 */
export function safeAppUrl(url: string): string {
  try {
    const parsed = new URL(url, location.href);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : "/";
  } catch {
    return "/";
  }
}
