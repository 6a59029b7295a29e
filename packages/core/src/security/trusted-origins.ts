/** Builds the origin test from exact origins and `*` wildcard patterns (`https://*.example.com`). */
export function createOriginMatcher(origins: readonly string[]): (origin: string) => boolean {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const o of origins) {
    if (o.includes("*")) {
      const escaped = o.replace(/[.+?^${}()|[\]\\/]/g, "\\$&").replace(/\*/g, "[a-z0-9-]+(?:\\.[a-z0-9-]+)*");
      patterns.push(new RegExp(`^${escaped}$`, "i"));
    } else {
      exact.add(URL.canParse(o) ? new URL(o).origin : o.replace(/\/+$/, ""));
    }
  }
  return (origin) => exact.has(origin) || patterns.some((p) => p.test(origin));
}
