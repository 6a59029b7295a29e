import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { htmlResponse } from "../api/endpoint-response.js";
import { contentSecurityPolicy, cspHash } from "../security/content-security-policy.js";
import { escapeHtml } from "../utils/escape-html.js";

const ERROR_PAGE_STYLE = `
body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1f2328;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #d0d7de;border-radius:12px;padding:2rem 2.5rem;max-width:28rem;text-align:center}
svg{width:48px;height:48px;color:#d1242f}
code{background:#f6f8fa;border-radius:6px;padding:.2rem .4rem;word-break:break-all}
a{display:inline-block;margin-top:1.25rem;background:#1f2328;color:#fff;text-decoration:none;padding:.6rem 1.2rem;border-radius:8px}
`;

let errorPageCsp: string | undefined;

// The page runs no script and loads nothing: its one inline stylesheet is allowed by hash, the icon
// is inline SVG markup, and the link is a plain navigation (not governed by CSP). Computed on the first
// request, not at import: hashing is start-up work most servers never need (issue 19).
function errorPageContentSecurityPolicy(): string {
  errorPageCsp ??= contentSecurityPolicy({ "style-src": [cspHash(ERROR_PAGE_STYLE)] });
  return errorPageCsp;
}

/** GET /error: the page OAuth and email-link failures land on (SPEC.md §2). */
export const errorPage = defineEndpoint(
  {
    method: "GET",
    path: "/error",
    query: z.object({ error: z.string().max(256).optional() }).catchall(z.unknown()),
    openapi: { summary: "HTML error page", kind: "html" },
  },
  async (ctx) =>
    htmlResponse(renderErrorPage(ctx.query.error || "Unknown"), {
      contentSecurityPolicy: errorPageContentSecurityPolicy(),
    }),
);

/** The page itself: no script, no external resource, the code HTML-escaped. */
export function renderErrorPage(code: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in error</title>
<style>${ERROR_PAGE_STYLE}</style>
</head>
<body>
<main>
<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"/></svg>
<h1>Something went wrong</h1>
<p>We could not complete your request. Please try again.</p>
<p>Error code: <code>${escapeHtml(code)}</code></p>
<a href="/">Return to Application</a>
</main>
</body>
</html>`;
}
