#!/usr/bin/env node
// `pnpm release:pack`: builds every package and writes every publishable package's tarball into one
// folder (release/, git-ignored), the way `pnpm publish` would ship it (`pnpm pack` turns workspace:*
// into the exact version). Until the first release these tarballs are how an app installs Gatehouse:
// docs/getting-started.md ("Before the first release") shows the npm command, and the consumer path in
// CI (scripts/consumer/run.mjs) runs that very command.
//
//   node scripts/release-pack.mjs                  build (JS and .d.ts), then pack into ./release
//   node scripts/release-pack.mjs --no-build       pack what is built (CI built it already)
//   node scripts/release-pack.mjs --out DIR        another folder (emptied of .tgz files first)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { installCommand, publishablePackages, tarballName } from "./release-files.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
const out = outIndex >= 0 ? resolve(args[outIndex + 1] ?? "") : join(repo, "release");
const pnpm = process.env.npm_execpath?.includes("pnpm")
  ? [process.execPath, process.env.npm_execpath]
  : ["npx", "-y", "pnpm@10"];

/** Runs pnpm in the repository with the output shown; exits on failure. */
function runPnpm(pnpmArgs) {
  execFileSync(pnpm[0], [...pnpm.slice(1), ...pnpmArgs], { cwd: repo, stdio: "inherit" });
}

if (!args.includes("--no-build")) runPnpm(["build"]);
mkdirSync(out, { recursive: true });
// Old tarballs of another version would otherwise sit beside the new ones and be installed by a glob.
for (const file of readdirSync(out).filter((f) => f.endsWith(".tgz"))) rmSync(join(out, file));
runPnpm(["-r", "--filter", "./packages/**", "pack", "--pack-destination", out]);

const packages = publishablePackages(repo);
const missing = packages.filter((pkg) => !existsSync(join(out, tarballName(pkg))));
if (missing.length) {
  console.error(`release:pack: no tarball for ${missing.map((p) => p.name).join(", ")}`);
  process.exit(1);
}
console.log(`\n${packages.length} tarballs in ${out}. In your app (with release/ copied or linked beside it):\n`);
console.log(`  ${installCommand(repo)}\n`);
