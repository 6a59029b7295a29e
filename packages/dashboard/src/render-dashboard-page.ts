import { contentSecurityPolicy } from "@gatehouse/core";
import type { DashboardBuild } from "./load-dashboard-build.js";

/** The page's policy: the app's own files and API only; nothing inline, no framing, no forms, no `<base>`. */
export const DASHBOARD_CSP = contentSecurityPolicy({
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
});

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe inside an HTML attribute value or element. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** What the page names: the auth base path, the dashboard's path under it, and the built files. */
export interface DashboardPageInput {
  basePath: string;
  dashboardPath: string;
  build: DashboardBuild;
}

/**
 * The dashboard's HTML: two meta tags the app reads its paths from, then the entry's style sheets and
 * module script by URL. No inline script or style, so the CSP needs no hash or nonce.
 */
export function renderDashboardPage({ basePath, dashboardPath, build }: DashboardPageInput): string {
  const assets = `${basePath}${dashboardPath}/assets/`;
  const url = (file: string) => escapeHtml(assets + encodeURIComponent(file));
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    "<title>Gatehouse dashboard</title>",
    // No icon request to the app's origin (which may answer it with its own page or a 404).
    '<link rel="icon" href="data:,">',
    `<meta name="gatehouse-base-path" content="${escapeHtml(basePath)}">`,
    `<meta name="gatehouse-dashboard-path" content="${escapeHtml(dashboardPath)}">`,
    ...build.styles.map((file) => `<link rel="stylesheet" href="${url(file)}">`),
    `<script type="module" src="${url(build.script)}"></script>`,
    "</head>",
    '<body><div id="root"></div></body>',
    "</html>",
    "",
  ].join("\n");
}

/** A small page for refusals (401, 403, 503): text only, no script. */
export function renderMessagePage(title: string, message: string, link?: { href: string; text: string }): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`,
    link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : "",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
