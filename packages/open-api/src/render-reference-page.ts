import { contentSecurityPolicy, cspHash } from "@gatehouse-auth/core";
import { escapeHtml } from "./escape-html.js";
import { FAVICON_DATA_URI } from "./favicon.js";
import type { ReferenceTheme } from "./open-api-options.js";
import type { OpenAPIDocument } from "./open-api-types.js";
import { REFERENCE_PAGE_SCRIPT } from "./reference-page-script.js";
import { REFERENCE_PAGE_STYLE } from "./reference-page-style.js";
import { serializeJsonForScript } from "./serialize-json-for-script.js";

/** What the page needs besides the document. */
export interface ReferencePageInput {
  /** The page's own path under the base path; the script derives the API base from it. */
  pagePath: string;
  theme: ReferenceTheme;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

let referencePageCspCache: string | undefined;

/**
 * The page's Content-Security-Policy: its one stylesheet and one renderer script by hash (the JSON
 * script elements are data, never run), the embedded favicon as a data: image, and requests to this
 * origin only (the "send" panel). Nothing else loads or runs; no page may frame it. Computed on the
 * first request, not at import: hashing the page is start-up work most servers never need (issue 19).
 */
export function referencePageCsp(): string {
  referencePageCspCache ??= contentSecurityPolicy({
    "script-src": [cspHash(REFERENCE_PAGE_SCRIPT)],
    "style-src": [cspHash(REFERENCE_PAGE_STYLE)],
    "img-src": ["data:"],
    "connect-src": ["'self'"],
  });
  return referencePageCspCache;
}

// Without JavaScript the page still lists every operation, so it is never blank.
function staticList(doc: OpenAPIDocument): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      rows.push(`<li><code>${method.toUpperCase()} ${escapeHtml(path)}</code> ${escapeHtml(op.summary ?? "")}</li>`);
    }
  }
  return `<ul>${rows.join("")}</ul>`;
}

/**
 * The reference page: one self-contained HTML document (SPEC.md §2) — stylesheet, renderer, favicon
 * and the OpenAPI document itself all inline, no external script, style or font, so it works
 * offline and behind strict networks. Every inlined value is escaped for where it lands.
 */
export function renderReferencePage(doc: OpenAPIDocument, input: ReferencePageInput): string {
  const config = { pagePath: input.pagePath, favicon: FAVICON_DATA_URI };
  return `<!doctype html>
<html lang="en" data-theme="${escapeHtml(input.theme)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} · API Reference</title>
<link rel="icon" type="image/svg+xml" href="${FAVICON_DATA_URI}">
<style>${REFERENCE_PAGE_STYLE}</style>
</head>
<body>
<div id="app"><noscript><main><h1>${escapeHtml(doc.info.title)} · API Reference</h1>${staticList(doc)}</main></noscript></div>
<script type="application/json" id="gatehouse-openapi">${serializeJsonForScript(doc)}</script>
<script type="application/json" id="gatehouse-reference-config">${serializeJsonForScript(config)}</script>
<script>${REFERENCE_PAGE_SCRIPT}</script>
</body>
</html>`;
}
