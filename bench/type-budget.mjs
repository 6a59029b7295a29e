// Type-checks bench/type-budget/ (a React client with every plugin) and fails when the checker needs
// more than the budget of type instantiations — the cost every editor keystroke pays. Our anchor needs
// about 193,000 for the same client. Run: node bench/type-budget.mjs
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const BUDGET = 50_000;
const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");
const project = fileURLToPath(new URL("./type-budget/tsconfig.json", import.meta.url));
let out;
try {
  out = execFileSync(process.execPath, [tsc, "-p", project, "--extendedDiagnostics"], { encoding: "utf8" });
} catch (error) {
  console.error(`type-budget: the client does not type-check:\n${error.stdout ?? error}`);
  process.exit(1);
}
const read = (label) => Number(out.match(new RegExp(`^${label}:\\s+([\\d.]+)`, "m"))?.[1] ?? Number.NaN);
const instantiations = read("Instantiations");
const checkTime = read("Check time");
console.log(
  `type-budget: ${instantiations} instantiations, check ${checkTime} s (budget ${BUDGET}; anchor ≈ 193,000 and 2.3 s)`,
);
if (!(instantiations <= BUDGET)) process.exit(1);
