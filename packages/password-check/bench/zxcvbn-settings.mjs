// Per-check time of zxcvbn-ts under the settings the plugin uses, on ordinary and adversarial
// passwords (worst case of the median of several runs). Run: node bench/zxcvbn-settings.mjs '{"l33tMaxSubstitutions":4}'
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

const settings = JSON.parse(process.argv[2] ?? "{}");
const z = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, ...settings });
const samples = {
  ordinary: "violet-Tractor-umbrella-93!",
  passphrase: "Tr0ub4dor&3-correct-horse-battery-staple",
  leetHeavy: "4@8({[<3!|1i7+0$5z2".repeat(6).slice(0, 128),
  leetRuns: "$$$$5555ssss7777++++||||1111iiii!!!!@@@@",
  repeats: "a1!".repeat(42),
};
for (let i = 0; i < 20; i++) for (const p of Object.values(samples)) z.check(p + i);
const out = {};
for (const [name, p] of Object.entries(samples)) {
  const times = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    z.check(`${p.slice(0, 127)}${i % 10}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  out[name] = `${times[7].toFixed(1)} ms (max ${times[14].toFixed(1)})`;
}
console.log(JSON.stringify(settings), out);
