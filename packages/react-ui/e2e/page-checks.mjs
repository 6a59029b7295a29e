// What every browser test of the components (and of the example app, examples/react-app/e2e) checks in
// each state: axe-core (WCAG 2.2 AA), no horizontal overflow, no console error, failed request or
// unexpected error answer; then a screenshot into test-output/react-ui/ (the example app's screens:
// test-output/screens/, by checkScreen at 390 and 1280 px, light and dark).
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const shots = fileURLToPath(new URL("../../../test-output/react-ui/", import.meta.url));
mkdirSync(shots, { recursive: true });
/** Where checkScreen puts a screen's four screenshots. */
export const screens = fileURLToPath(new URL("../../../test-output/screens/", import.meta.url));
mkdirSync(screens, { recursive: true });
/** The widths and schemes every screen is checked at: a phone and a laptop, light and dark. */
export const COMBOS = [
  { width: 390, scheme: "light" },
  { width: 390, scheme: "dark" },
  { width: 1280, scheme: "light" },
  { width: 1280, scheme: "dark" },
];
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
export async function check(page, state, name, combo, { idle = true, dir = shots } = {}) {
  if (idle) await page.waitForLoadState("networkidle");
  // Evaluated, not a <script> tag: a page whose CSP allows only its own scripts (the dashboard's) is
  // checked as it is served.
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.evaluate(`${axeSource}\n;0`);
  const violations = await page.evaluate(async (tags) => {
    // Violations only: the passing rules' node lists are not built (the check's cost, on every screen).
    const r = await globalThis.axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }, WCAG);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  await page.screenshot({ path: join(dir, `${name}-${combo.width}-${combo.scheme}.png`), fullPage: true });
  assert.deepEqual(violations, [], `${name} (${combo.width} px, ${combo.scheme}): axe`);
  assert.equal(overflow, 0, `${name} (${combo.width} px, ${combo.scheme}): horizontal overflow`);
  assert.deepEqual(state.problems, [], `${name} (${combo.width} px, ${combo.scheme})`);
}

/**
 * One screen as a phone and a laptop show it, light and dark, where a flow already has it on screen:
 * for each of COMBOS the viewport and `prefers-color-scheme` are set, `check` runs (axe, overflow,
 * problems so far) and the screenshot goes to test-output/screens/<name>-<width>-<scheme>.png; then
 * the page's own viewport and scheme come back, so the flow goes on as before. `height` is the
 * viewport's (the screenshot is the full page); `idle: false` as for `check`.
 */
export async function checkScreen(page, state, name, { height = 800, idle = true } = {}) {
  const viewport = page.viewportSize();
  const dark = await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
  try {
    for (const [i, combo] of COMBOS.entries()) {
      await page.setViewportSize({ width: combo.width, height });
      await page.emulateMedia({ colorScheme: combo.scheme });
      // The page follows at once; one frame lets what listens to the media queries render.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
      await check(page, state, name, combo, { idle: idle && i === 0, dir: screens });
    }
  } finally {
    if (viewport) await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: dark ? "dark" : "light" });
  }
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
