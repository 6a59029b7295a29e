// Self-test of the fuzzer (node --test fuzz/run.test.mjs): against a target with three planted bugs
// it must report each of them (a 500, a hang, a crash), nothing else, and replay one by its index.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const run = (...args) => {
  const env = typeof args.at(-1) === "object" ? args.pop() : {};
  return spawnSync(
    process.execPath,
    [
      fileURLToPath(new URL("./run.mjs", import.meta.url)),
      "--server",
      fileURLToPath(new URL("./fixtures/broken-target.mjs", import.meta.url)),
      "--databases",
      "sqlite",
      "--seed",
      "1",
      "--port",
      process.env.FUZZ_SELFTEST_PORT ?? "4791",
      "--timeout",
      "1000",
      "--retry-timeout",
      "3000",
      ...args,
    ],
    { encoding: "utf8", timeout: 120000, env: { ...process.env, ...env } },
  );
};

let first; // the output of the first run, whose failures the replay test replays

test("finds the planted 500, hang and crash, and nothing else", () => {
  first = run();
  const { status, stdout } = first;
  assert.equal(status, 1, stdout);
  const summary = stdout.slice(stdout.indexOf("distinct failures"), stdout.indexOf("distinct causes"));
  assert.match(summary, /^- POST \/echo \| 5xx 500 \| TypeError: Cannot convert object to primitive value/m);
  assert.match(summary, /^- POST \/echo \| hang \|/m);
  assert.match(summary, /^- GET \/redirect \| crash \| TypeError \[ERR_INVALID_CHAR\]/m);
  assert.equal(summary.match(/^- /gm).length, 3, summary);
  // the crash restarted the target and fuzzing went on to the end of the pass over every case
  const cases = Number(stdout.match(/^fuzz: 6 operations, (\d+) cases/m)?.[1]);
  assert.ok(cases > 50, stdout);
  assert.match(stdout, new RegExp(`^fuzz: ${cases} requests, 6 routes, \\d+ failures$`, "m"));
});

test("replays a failing request from its seed and index", () => {
  const index = first.stdout.match(/^FAIL \[sqlite\] #(\d+) POST \/echo: 5xx 500/m)?.[1];
  assert.ok(index, first.stdout);
  const { status, stdout } = run("--only", index);
  assert.equal(status, 1, stdout);
  assert.match(stdout, new RegExp(`^FAIL \\[sqlite\\] #${index} POST /echo: 5xx 500`, "m"));
  assert.match(stdout, /^fuzz: 1 requests, 1 routes, 1 failures$/m);
});

test("reports nothing when the same target has its bugs switched off", () => {
  const { status, stdout } = run({ FIXTURE_HEALTHY: "1" });
  assert.match(stdout, /^fuzz: \d+ requests, 6 routes, 0 failures$/m, stdout);
  assert.equal(status, 0);
});
