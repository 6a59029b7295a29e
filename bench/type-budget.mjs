// Type-checks bench/type-budget/ (a React client with every plugin, and the same client through the
// Vue, Svelte and Solid bindings) and fails when the checker needs
// more than the budget of type instantiations — the cost every editor keystroke pays. Our anchor needs
// about 193,000 for the same client. Then checks bench/type-budget/browser/ the way a browser app does:
// no Node types, skipLibCheck off, every plugin's /client export. Run: node bench/type-budget.mjs
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const BUDGET = 50_000;
const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");
// React's project, then the same client through each other binding (bench/type-budget/frameworks/).
for (const [label, config] of [
  ["react", "tsconfig.json"],
  ["vue", "tsconfig.vue.json"],
  ["svelte", "tsconfig.svelte.json"],
  ["solid", "tsconfig.solid.json"],
]) {
  const project = fileURLToPath(new URL(`./type-budget/${config}`, import.meta.url));
  let out;
  try {
    out = execFileSync(process.execPath, [tsc, "-p", project, "--extendedDiagnostics"], { encoding: "utf8" });
  } catch (error) {
    console.error(`type-budget: the ${label} client does not type-check:\n${error.stdout ?? error}`);
    process.exit(1);
  }
  const read = (name) => Number(out.match(new RegExp(`^${name}:\\s+([\\d.]+)`, "m"))?.[1] ?? Number.NaN);
  const instantiations = read("Instantiations");
  const checkTime = read("Check time");
  console.log(
    `type-budget (${label}): ${instantiations} instantiations, check ${checkTime} s (budget ${BUDGET}; anchor ≈ 193,000 and 2.3 s)`,
  );
  if (!(instantiations <= BUDGET)) process.exit(1);
}

// The browser check. A .d.ts that imports node:http or names Buffer fails here with skipLibCheck off;
// `/// <reference types="node" />` would not, since pnpm keeps @types/node on disk for the resolver to
// find, so any @types/node file in the program's file list fails the check too.
const browser = fileURLToPath(new URL("./type-budget/browser/tsconfig.json", import.meta.url));
let files;
try {
  files = execFileSync(process.execPath, [tsc, "-p", browser, "--listFilesOnly"], { encoding: "utf8" });
  execFileSync(process.execPath, [tsc, "-p", browser], { encoding: "utf8" });
} catch (error) {
  console.error(
    `type-budget: a browser app (no Node types, skipLibCheck off) does not type-check:\n${error.stdout ?? error}`,
  );
  process.exit(1);
}
const nodeTypes = files.split("\n").filter((f) => f.includes("/@types/node/"));
if (nodeTypes.length > 0) {
  console.error(`type-budget: the client's declarations pull in Node's types:\n${nodeTypes.slice(0, 5).join("\n")}`);
  process.exit(1);
}
console.log(`type-budget: browser app checks with no Node types (${files.trim().split("\n").length} files)`);
