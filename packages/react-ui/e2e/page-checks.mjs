// What every browser test of the components checks in each state: axe-core (WCAG 2.2 AA),
// no horizontal overflow, no console error, failed request or unexpected error answer; then a screenshot
// into test-output/react-ui/.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const shots = fileURLToPath(new URL("../../../test-output/react-ui/", import.meta.url));
mkdirSync(shots, { recursive: true });
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * A page whose problems are collected: console errors, uncaught errors, failed requests, and error
 * answers — a 4xx is fine only while `state.expected` names its path's ending.
 */
export async function openPage(context) {
  const page = await context.newPage();
  const state = { problems: [], expected: [] };
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 4\d\d/.test(m.text())) state.problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => state.problems.push(`uncaught: ${e.message}`));
  page.on("requestfailed", (r) => {
    if (r.failure()?.errorText !== "net::ERR_ABORTED")
      state.problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => {
    const path = new URL(r.url()).pathname;
    if (r.status() >= 500) state.problems.push(`${r.status()} ${path}`);
    else if (r.status() >= 400 && !state.expected.some((p) => path.endsWith(p)))
      state.problems.push(`unexpected ${r.status()} ${path}`);
  });
  return { page, state };
}

/**
 * Checks one state: axe, overflow, problems so far; then the screenshot. `idle: false` for a state
 * with a request deliberately held open (loading), where the network never goes idle.
 */
export async function check(page, state, name, combo, { idle = true } = {}) {
  if (idle) await page.waitForLoadState("networkidle");
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async (tags) => {
    const r = await globalThis.axe.run(document, { runOnly: { type: "tag", values: tags } });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }, WCAG);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  await page.screenshot({ path: join(shots, `${name}-${combo.width}-${combo.scheme}.png`), fullPage: true });
  assert.deepEqual(violations, [], `${name} (${combo.width} px, ${combo.scheme}): axe`);
  assert.equal(overflow, 0, `${name} (${combo.width} px, ${combo.scheme}): horizontal overflow`);
  assert.deepEqual(state.problems, [], `${name} (${combo.width} px, ${combo.scheme})`);
}

/**
 * Holds every request whose URL matches `pattern` until `release()`: the component's loading state
 * stays on screen to be checked, then the real server answers.
 */
export async function holdRequests(page, pattern) {
  let release;
  const gate = new Promise((resolve) => {
    release = resolve;
  });
  let held = 0;
  let onHeld;
  const firstHeld = new Promise((resolve) => {
    onHeld = resolve;
  });
  await page.route(pattern, async (route) => {
    held++;
    onHeld();
    await gate;
    // A request the page gave up on meanwhile (it navigated) is already handled: nothing to continue.
    await route.continue().catch(() => {});
  });
  return {
    firstHeld,
    get held() {
      return held;
    },
    release: async () => {
      release();
      await page.unroute(pattern);
    },
  };
}
