// One list of what an app installs before the first release, shared by `pnpm release:pack` (which
// prints the command), the consumer path (which runs the command docs/getting-started.md shows and
// fails if it is not this one) and the package-name test (which compares the docs with it).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The package the docs tell apps to install. */
export const UMBRELLA = "gatehouse-auth";

/** Every publishable package under packages/: { name, version, dir, pkg }. */
export function publishablePackages(repo) {
  return readdirSync(join(repo, "packages"))
    .filter((d) => existsSync(join(repo, "packages", d, "package.json")))
    .map((d) => {
      const pkg = JSON.parse(readFileSync(join(repo, "packages", d, "package.json"), "utf8"));
      return { name: pkg.name, version: pkg.version, dir: join(repo, "packages", d), pkg };
    })
    .filter((p) => !p.pkg.private);
}

/** The file `pnpm pack` writes for a package: @gatehouse-auth/core 0.1.0 → gatehouse-auth-core-0.1.0.tgz. */
export function tarballName({ name, version }) {
  return `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
}

/**
 * gatehouse-auth and every workspace package it depends on, directly or not: npm needs a tarball for
 * each, since none is on the registry yet. The umbrella first, then by name.
 */
export function umbrellaClosure(repo) {
  const byName = new Map(publishablePackages(repo).map((p) => [p.name, p]));
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name) || !byName.has(name)) return;
    seen.add(name);
    for (const dep of Object.keys(byName.get(name).pkg.dependencies ?? {})) visit(dep);
  };
  visit(UMBRELLA);
  const [umbrella, ...rest] = [...seen];
  return [umbrella, ...rest.sort()].map((name) => byName.get(name));
}

/** The command docs/getting-started.md shows, for an app with the tarballs in ./release. */
export function installCommand(repo, driver = "better-sqlite3") {
  return ["npm install", ...umbrellaClosure(repo).map((p) => `./release/${tarballName(p)}`), driver].join(" ");
}

/**
 * The install command of docs/getting-started.md's "Before the first release" section: the line
 * starting with `npm install ./release/` in the first sh block there, with `\` continuations joined.
 */
export function documentedInstallCommand(repo) {
  const doc = readFileSync(join(repo, "docs/getting-started.md"), "utf8");
  // The first sh block after the heading (its comment lines start with "#" too: no heading split).
  const section = doc.split(/^### Before the first release$/m)[1] ?? "";
  const block = section.match(/```sh\n([\s\S]*?)```/)?.[1] ?? "";
  const joined = block.replace(/\\\n\s*/g, "");
  return (
    joined
      .split("\n")
      .find((line) => line.startsWith("npm install ./release/"))
      ?.replace(/\s+#.*$/, "")
      .trim() ?? null
  );
}
