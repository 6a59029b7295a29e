import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** One servable file of the built browser app. */
export interface DashboardAsset {
  body: string;
  contentType: string;
}

/** The built browser app as the plugin serves it: the entry's files and every servable asset by name. */
export interface DashboardBuild {
  /** The entry chunk's script, relative to the assets folder (`index-3f2a1b.js`). */
  script: string;
  /** Its style sheets, relative to the assets folder. */
  styles: string[];
  /** Allow-list: the only names `/assets/:file` answers. Never built from request input. */
  assets: ReadonlyMap<string, DashboardAsset>;
}

/**
 * Text types only: core's responses carry text bodies, so a binary file (.png, .woff2) would be
 * corrupted. The app inlines its images as SVG or `data:` URIs and uses system fonts instead.
 */
const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

interface ManifestChunk {
  file?: unknown;
  css?: unknown;
  isEntry?: unknown;
}

// Vite names assets `assets/<name>-<hash>.<ext>`; anything else in the manifest is not ours to link.
const ASSET_FILE = /^assets\/([A-Za-z0-9._-]+)$/;

const assetName = (file: unknown): string | null => {
  const match = typeof file === "string" ? ASSET_FILE.exec(file) : null;
  return match?.[1] && !match[1].startsWith(".") ? match[1] : null;
};

/**
 * Reads Vite's manifest and the assets folder of `dir`. Null when the app is not built (no manifest, no
 * entry, or an entry file missing from the folder), so the plugin answers 503 instead of a broken page.
 */
export async function readDashboardBuild(dir: string): Promise<DashboardBuild | null> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await readFile(join(dir, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  } catch {
    return null;
  }
  const entry = Object.values(manifest).find((chunk) => chunk?.isEntry === true);
  const script = assetName(entry?.file);
  if (!entry || !script) return null;
  const styles = (Array.isArray(entry.css) ? entry.css : []).map(assetName);
  if (styles.some((s) => s === null)) return null;

  const assets = new Map<string, DashboardAsset>();
  let names: string[];
  try {
    names = await readdir(join(dir, "assets"));
  } catch {
    return null;
  }
  for (const name of names) {
    const type = CONTENT_TYPES[name.slice(name.lastIndexOf(".")).toLowerCase()];
    if (!type || name.startsWith(".")) continue;
    assets.set(name, { body: await readFile(join(dir, "assets", name), "utf8"), contentType: type });
  }
  const linked = [script, ...(styles as string[])];
  if (linked.some((name) => !assets.has(name))) return null;
  return { script, styles: styles as string[], assets };
}

/**
 * The build, read once on first use and kept; a missing build is looked for again on the next request
 * (the app may be built while the server runs), a found one never re-read (restart after rebuilding).
 */
export function createBuildLoader(dir: string): () => Promise<DashboardBuild | null> {
  let found: Promise<DashboardBuild | null> | null = null;
  return async () => {
    const pending = found ?? readDashboardBuild(dir);
    found = pending;
    const build = await pending;
    if (!build && found === pending) found = null;
    return build;
  };
}
