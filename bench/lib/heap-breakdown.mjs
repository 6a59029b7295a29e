// Who allocates, from a V8 sampling heap profile (bench/handler-loop.mjs --heap-sampling FILE): bytes
// per request by allocating function (self) and by function with its callees (inclusive).
//   node bench/lib/heap-breakdown.mjs FILE.heapprofile REQUESTS [rows]
import { readFileSync } from "node:fs";

const [file, requests, rows = "25"] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, "utf8"));
const self = new Map();
const inclusive = new Map();
let total = 0;
const visit = (node, stack) => {
  const f = node.callFrame;
  const name = `${f.functionName || "(anonymous)"} ${f.url.split("/").slice(-2).join("/")}:${f.lineNumber + 1}`;
  const path = [...stack, name];
  if (node.selfSize > 0) {
    total += node.selfSize;
    self.set(name, (self.get(name) ?? 0) + node.selfSize);
    for (const n of new Set(path)) inclusive.set(n, (inclusive.get(n) ?? 0) + node.selfSize);
  }
  for (const child of node.children ?? []) visit(child, path);
};
visit(profile.head, []);
const per = Number(requests);
const kb = (bytes) => `${(bytes / per / 1024).toFixed(2).padStart(7)} KB`;
console.log(`${kb(total)} per request in all`);
for (const [title, map] of [
  ["allocated by (self)", self],
  ["allocated under (inclusive)", inclusive],
]) {
  console.log(`\n${title}`);
  for (const [name, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(rows)))
    console.log(`${kb(bytes)}  ${name}`);
}
