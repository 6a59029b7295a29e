import type { HeaderReader } from "../api/auth-request.js";

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * The client address for rate limiting: the socket peer, unless the operator named headers set by a
 * proxy they trust (DESIGN.md). Untrusted `X-Forwarded-For` is ignored, or anyone could pick their
 * own bucket. For list headers the last entry wins: it is the one the trusted proxy appended.
 */
export function getClientIp(
  headers: HeaderReader,
  socketAddress: string | undefined,
  trustedHeaders: readonly string[],
): string | null {
  for (const name of trustedHeaders) {
    const raw = headers.get(name);
    if (!raw) continue;
    const entries = raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const last = entries[entries.length - 1];
    if (last && normalizeIp(last)) return last;
  }
  return socketAddress ?? null;
}

/**
 * One canonical spelling per rate-limit bucket, or null when `ip` is not an address. IPv4-mapped IPv6
 * becomes plain IPv4; other IPv6 addresses become their /64 (a single host usually owns a whole /64,
 * so keying per address would let it rotate through 2^64 buckets), written in one fixed form.
 */
export function normalizeIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  let s = ip.trim().toLowerCase();
  if (s.startsWith("[")) s = s.slice(1, s.indexOf("]") > 0 ? s.indexOf("]") : undefined);
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (IPV4.test(s)) return s;
  const groups = expandIpv6(s);
  if (!groups) return null;
  // ::ffff:a.b.c.d — an IPv4 client seen through a dual-stack socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const hi = groups[6] as number;
    const lo = groups[7] as number;
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

function expandIpv6(s: string): number[] | null {
  if (!/^[0-9a-f:.]+$/.test(s) || s.split("::").length > 2) return null;
  let tail: number[] = [];
  let text = s;
  const lastColon = s.lastIndexOf(":");
  const maybeV4 = s.slice(lastColon + 1);
  if (maybeV4.includes(".")) {
    if (!IPV4.test(maybeV4)) return null;
    const [a, b, c, d] = maybeV4.split(".").map(Number) as [number, number, number, number];
    tail = [(a << 8) | b, (c << 8) | d];
    // Keep a trailing "::" (it still means "zeros here"); drop a lone separator colon.
    const prefix = s.slice(0, lastColon + 1);
    text = prefix.endsWith("::") ? prefix : prefix.slice(0, -1);
  }
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    for (const g of part.split(":")) {
      if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
      out.push(Number.parseInt(g, 16));
    }
    return out;
  };
  const want = 8 - tail.length;
  const [head, rest] = text.split("::") as [string, string | undefined];
  const left = parse(head);
  if (!left) return null;
  if (rest === undefined) {
    return left.length === want ? [...left, ...tail] : null;
  }
  const right = parse(rest);
  if (!right || left.length + right.length >= want) return null;
  return [...left, ...new Array<number>(want - left.length - right.length).fill(0), ...right, ...tail];
}
