import { contentSecurityPolicy, cspHash } from "@gatehouse-auth/core";
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

// The refusal pages' only style, inline (no asset request for a page that may be answered before the
// build exists) and allowed by its hash alone. Light and dark, readable from 320 px.
const MESSAGE_STYLE = [
  ":root{color-scheme:light dark;--bg:#f5f6f8;--card:#fff;--text:#1b2430;--muted:#5b6675;--accent:#2f5bd3;--border:#dde1e7}",
  "@media (prefers-color-scheme:dark){:root{--bg:#0f131a;--card:#171c25;--text:#e6e9ee;--muted:#a3adbb;--accent:#8fb0ff;--border:#2a313d}}",
  "*{box-sizing:border-box}",
  "body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1.5rem;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif}",
  "main{max-width:28rem;width:100%;background:var(--card);border:1px solid var(--border);border-radius:12px;padding:2rem 1.75rem}",
  ".mark{display:inline-grid;place-items:center;width:2.25rem;height:2.25rem;border-radius:8px;background:var(--accent);color:var(--card);font-weight:700;margin-bottom:1rem}",
  "h1{font-size:1.35rem;margin:0 0 .5rem}",
  "p{margin:0 0 1rem;color:var(--muted)}",
  "a{color:var(--accent);font-weight:600}",
  "a:focus-visible{outline:2px solid var(--accent);outline-offset:3px}",
].join("");

let messageCsp: string | undefined;
/** The refusal pages' policy: the dashboard's, plus the hash of their one inline style. */
export function messagePageCsp(): string {
  messageCsp ??= contentSecurityPolicy({ "style-src": [cspHash(MESSAGE_STYLE)], "img-src": ["data:"] });
  return messageCsp;
}

/** A small page for refusals (401, 403, 503): text and one link, styled inline (by hash), no script. */
export function renderMessagePage(title: string, message: string, link?: { href: string; text: string }): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow"><link rel="icon" href="data:,">',
    `<title>${escapeHtml(title)}</title><style>${MESSAGE_STYLE}</style></head>`,
    `<body><main><div class="mark" aria-hidden="true">G</div><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`,
    link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : "",
    "</main></body>",
    "</html>",
    "",
  ].join("\n");
}
