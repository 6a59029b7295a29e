/**
 * The key a client's rate-limited calls are sampled under: an IPv4 address as is, an IPv6 address as its
 * /64 (one host usually owns a whole /64, so keying per address would let it take every slot of the
 * sampler), an IPv4-mapped IPv6 address as the IPv4 address; "-" when the address is unknown.
 */
export function clientBucket(ip: string | null | undefined): string {
  if (!ip) return "-";
  if (!ip.includes(":")) return ip.slice(0, 64);
  let host: string;
  try {
    // The URL parser writes one canonical spelling: lower case, no leading zeros, one "::" at most.
    const bare = ip.replace(/^\[/, "").replace(/\].*$/, "").split("%")[0] ?? "";
    host = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return ip.slice(0, 64);
  }
  const [head = "", tail] = host.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  if (groups.slice(0, 5).every((g) => g === "0") && groups[5] === "ffff") {
    const hi = Number.parseInt(groups[6] ?? "0", 16);
    const lo = Number.parseInt(groups[7] ?? "0", 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups.slice(0, 4).join(":")}::/64`;
}
