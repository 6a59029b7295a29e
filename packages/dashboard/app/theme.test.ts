import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Dashboard } from "./Dashboard.js";

// The stylesheet's themes: one set of rules reading variables, light by default, dark by media query or
// by data-theme="dark", light forced by data-theme="light". These tests read the stylesheet as shipped.
const css = readFileSync(new URL("./dashboard.css", import.meta.url), "utf8");

/** The declarations of the first block opened by `opener` (no nested braces inside it). */
function block(opener: string): Map<string, string> {
  const start = css.indexOf(opener);
  expect(start, `no block ${opener}`).toBeGreaterThanOrEqual(0);
  const body = css.slice(start + opener.length, css.indexOf("}", start));
  const out = new Map<string, string>();
  for (const line of body.split(";")) {
    const m = /^\s*([-\w]+)\s*:\s*([\s\S]*?)\s*$/.exec(line.replace(/\/\*[\s\S]*?\*\//g, ""));
    if (m?.[1] && m[2] !== undefined) out.set(m[1], m[2]);
  }
  return out;
}

const light = block(".gh-dash {");
const darkByMedia = block('@media (prefers-color-scheme: dark) {\n  .gh-dash:not([data-theme="light"]) {');
const darkByAttribute = block('.gh-dash[data-theme="dark"] {');
const vars = (m: Map<string, string>) => [...m.keys()].filter((k) => k.startsWith("--")).sort();

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(theme: Map<string, string>, fg: string, bg: string): number {
  const hex = (name: string) => {
    const value = theme.get(name) ?? "";
    expect(value, `${name} is a 6-digit hex colour`).toMatch(/^#[0-9a-f]{6}$/);
    return value;
  };
  const [a, b] = [luminance(hex(fg)), luminance(hex(bg))].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

describe("dashboard.css themes", () => {
  it("declares the dark values once in meaning: the media query's and the attribute's copies are equal", () => {
    expect([...darkByMedia.entries()]).toEqual([...darkByAttribute.entries()]);
    expect(darkByMedia.get("color-scheme")).toBe("dark");
    expect(light.get("color-scheme")).toBe("light");
  });

  it("gives every colour variable a dark value, and every variable the rules read a light one", () => {
    const colourVars = vars(light).filter((v) => v !== "--radius");
    expect(vars(darkByMedia)).toEqual(colourVars);
    const used = new Set([...css.matchAll(/var\((--[-\w]+)\)/g)].map((m) => m[1]));
    for (const name of used) expect(light.has(name as string), `${name} is declared`).toBe(true);
  });

  it("has no hard-coded colour in its rules outside the theme blocks and the standalone page's body", () => {
    const themeEnd = css.indexOf("}", css.indexOf('.gh-dash[data-theme="dark"] {'));
    const rules = css
      .slice(themeEnd + 1)
      // The standalone page's <body> is outside .gh-dash, so it cannot read the variables.
      .replace(/\.gh-dash-page \{[^}]*\}/g, "")
      .replace(/\/\*[\s\S]*?\*\//g, "");
    expect(rules.match(/#[0-9a-fA-F]{3,8}\b/g) ?? []).toEqual([]);
  });

  // Text pairs the rules use (text on its background), at WCAG AA for normal text in both themes.
  const pairs: [string, string][] = [
    ["--text", "--bg"],
    ["--text", "--surface"],
    ["--text", "--hover"],
    ["--text-soft", "--surface"],
    ["--muted", "--bg"],
    ["--muted", "--surface"],
    ["--muted", "--surface-sunken"],
    ["--muted", "--row-hover"],
    ["--accent", "--bg"],
    ["--accent", "--surface"],
    ["--accent", "--accent-soft"],
    ["--on-accent", "--accent"],
    ["--on-accent", "--accent-hover"],
    ["--on-danger", "--danger"],
    ["--on-danger", "--danger-hover"],
    ["--danger", "--surface"],
    ["--danger", "--danger-soft"],
    ["--danger-text", "--danger-soft"],
    ["--good", "--good-soft"],
    ["--good-text", "--good-soft"],
    ["--warn", "--warn-soft"],
    ["--neutral", "--neutral-soft"],
    ["--sidebar-text", "--sidebar"],
    ["--sidebar-strong", "--sidebar"],
  ];
  for (const [name, theme] of [
    ["light", light],
    ["dark", darkByMedia],
  ] as const)
    it(`keeps text at 4.5:1 on its background (${name})`, () => {
      for (const [fg, bg] of pairs) expect(contrast(theme, fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    });
});

describe("<Dashboard theme>", () => {
  const render = (theme?: "light" | "dark" | "system") =>
    renderToStaticMarkup(createElement(Dashboard, { basePath: "/api/auth", dashboardPath: "/dashboard", theme }));

  it("forces a scheme with data-theme on the root, and follows the system by default", () => {
    expect(render("dark")).toMatch(/^<div class="gh-dash" data-theme="dark">/);
    expect(render("light")).toMatch(/^<div class="gh-dash" data-theme="light">/);
    expect(render("system")).toMatch(/^<div class="gh-dash">/);
    expect(render()).toMatch(/^<div class="gh-dash">/);
  });
});
