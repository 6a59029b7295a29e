// Module resolve hooks for swap-dist.mjs (they run on Node's loader thread).
import { pathToFileURL } from "node:url";

const root = new URL("../../packages/", import.meta.url).href;
const swaps = [];
for (const pkg of ["core", "organization", "kysely"]) {
  const dir = process.env[`GATEHOUSE_DIST_${pkg.toUpperCase()}`];
  if (dir) swaps.push([`${root}${pkg}/dist/`, pathToFileURL(`${dir.replace(/\/+$/, "")}/`).href]);
}

/** Files of the swapped builds are served from their directory; their dependencies resolve as from dist. */
export async function resolve(specifier, context, next) {
  let parentURL = context.parentURL;
  const bare = !/^(\.|\/|file:|node:)/.test(specifier);
  if (bare && parentURL)
    for (const [dist, build] of swaps)
      if (parentURL.startsWith(build)) parentURL = dist + parentURL.slice(build.length);
  const resolved = await next(specifier, { ...context, parentURL });
  for (const [dist, build] of swaps)
    if (resolved.url.startsWith(dist)) return { ...resolved, url: build + resolved.url.slice(dist.length) };
  return resolved;
}
