/**
 * The components' stylesheet: plain CSS scoped under `.gh-root`, themed by CSS variables. Every rule is
 * `.gh-root …` (specificity above Tailwind's preflight and utilities on bare elements) and every class is
 * prefixed `gh-`, so it sits beside any app stylesheet. Override a variable on `.gh-root` (or pass
 * `appearance` to the provider) to theme it; `data-theme` picks light, dark, or the system's scheme.
 */
export const GATEHOUSE_UI_CSS = `
.gh-root{--gh-color-primary:#2f5bd3;--gh-color-on-primary:#fff;--gh-color-bg:#fff;--gh-color-surface:#f6f7f9;
--gh-color-fg:#16181d;--gh-color-muted:#555b66;--gh-color-border:#8a919c;--gh-color-danger:#b3261e;
--gh-color-danger-bg:#fdecea;--gh-color-success:#1e6b35;--gh-color-success-bg:#e7f4ea;--gh-color-focus:#2f5bd3;
--gh-radius:8px;--gh-font:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--gh-font-size:16px;
color-scheme:light;box-sizing:border-box;font-family:var(--gh-font);font-size:var(--gh-font-size);line-height:1.5;
color:var(--gh-color-fg);background:var(--gh-color-bg);border:1px solid var(--gh-color-border);
border-radius:var(--gh-radius);padding:clamp(16px,5vw,32px);width:100%;max-width:420px;margin-inline:auto;min-width:0}
.gh-root[data-theme=dark]{--gh-color-primary:#8fb0ff;--gh-color-on-primary:#0d1220;--gh-color-bg:#15171c;
--gh-color-surface:#1f232b;--gh-color-fg:#eceef2;--gh-color-muted:#b4bac5;--gh-color-border:#6d7480;
--gh-color-danger:#ffb4ab;--gh-color-danger-bg:#3b1512;--gh-color-success:#9bd8a9;--gh-color-success-bg:#12301c;
--gh-color-focus:#8fb0ff;color-scheme:dark}
@media (prefers-color-scheme:dark){.gh-root[data-theme=system]{--gh-color-primary:#8fb0ff;--gh-color-on-primary:#0d1220;
--gh-color-bg:#15171c;--gh-color-surface:#1f232b;--gh-color-fg:#eceef2;--gh-color-muted:#b4bac5;--gh-color-border:#6d7480;
--gh-color-danger:#ffb4ab;--gh-color-danger-bg:#3b1512;--gh-color-success:#9bd8a9;--gh-color-success-bg:#12301c;
--gh-color-focus:#8fb0ff;color-scheme:dark}}
.gh-root *,.gh-root *::before,.gh-root *::after{box-sizing:border-box}
.gh-root .gh-title{font-size:1.5em;line-height:1.25;margin:0 0 .25em;font-weight:650}
.gh-root .gh-title:focus{outline:none}
.gh-root .gh-title:focus-visible{outline:2px solid var(--gh-color-focus);outline-offset:2px}
.gh-root .gh-subtitle,.gh-root .gh-muted{color:var(--gh-color-muted);margin:0 0 1em}
.gh-root .gh-form{display:flex;flex-direction:column;gap:14px;margin:0}
.gh-root .gh-field{display:flex;flex-direction:column;gap:4px;min-width:0}
.gh-root .gh-label{font-weight:600;font-size:.95em}
.gh-root .gh-input{font:inherit;color:inherit;background:var(--gh-color-bg);border:1px solid var(--gh-color-border);
border-radius:var(--gh-radius);padding:10px 12px;min-height:44px;width:100%;min-width:0}
.gh-root .gh-input[aria-invalid=true]{border-color:var(--gh-color-danger);border-width:2px}
.gh-root .gh-hint{font-size:.875em;color:var(--gh-color-muted);margin:0}
.gh-root .gh-field-error{font-size:.875em;color:var(--gh-color-danger);margin:0;font-weight:600}
.gh-root .gh-check{display:flex;gap:8px;align-items:center;min-height:24px}
.gh-root .gh-check input{width:20px;height:20px;margin:0;accent-color:var(--gh-color-primary)}
.gh-root .gh-button{font:inherit;font-weight:600;cursor:pointer;min-height:44px;padding:10px 16px;width:100%;
border-radius:var(--gh-radius);border:1px solid var(--gh-color-primary);background:var(--gh-color-primary);
color:var(--gh-color-on-primary);display:inline-flex;align-items:center;justify-content:center;gap:8px;text-align:center}
.gh-root .gh-button[data-variant=secondary]{background:transparent;color:var(--gh-color-fg);border-color:var(--gh-color-border)}
.gh-root .gh-button:disabled{opacity:.7;cursor:progress}
.gh-root .gh-button:focus-visible,.gh-root .gh-input:focus-visible,.gh-root .gh-link:focus-visible,
.gh-root .gh-tab:focus-visible,.gh-root .gh-check input:focus-visible{outline:3px solid var(--gh-color-focus);outline-offset:2px}
.gh-root .gh-link{font:inherit;color:var(--gh-color-primary);background:none;border:0;padding:0;cursor:pointer;
text-decoration:underline;text-underline-offset:2px;min-height:24px;display:inline-flex;align-items:center}
.gh-root .gh-tabs{min-width:0;display:flex;flex-wrap:wrap;gap:4px;padding:4px;margin:0 0 16px;border-radius:var(--gh-radius);
background:var(--gh-color-surface);border:1px solid var(--gh-color-border)}
.gh-root .gh-tab{flex:1 1 0;line-height:1.2;overflow-wrap:break-word;font:inherit;font-size:.9em;font-weight:600;min-height:40px;padding:6px 10px;cursor:pointer;
border:0;border-radius:calc(var(--gh-radius) - 2px);background:transparent;color:var(--gh-color-fg)}
.gh-root .gh-tab[aria-pressed=true]{background:var(--gh-color-bg);box-shadow:0 0 0 1px var(--gh-color-border)}
.gh-root .gh-alert{border-radius:var(--gh-radius);padding:10px 12px;margin:0;font-weight:500}
.gh-root .gh-alert:empty{display:none}
.gh-root .gh-alert[data-tone=error]{background:var(--gh-color-danger-bg);color:var(--gh-color-danger);border:1px solid var(--gh-color-danger)}
.gh-root .gh-alert[data-tone=success]{background:var(--gh-color-success-bg);color:var(--gh-color-success);border:1px solid var(--gh-color-success)}
.gh-root .gh-divider{display:flex;align-items:center;gap:12px;color:var(--gh-color-muted);margin:16px 0;font-size:.9em}
.gh-root .gh-divider::before,.gh-root .gh-divider::after{content:"";flex:1;border-top:1px solid var(--gh-color-border)}
.gh-root .gh-stack{display:flex;flex-direction:column;gap:8px}
.gh-root .gh-footer{margin:16px 0 0;color:var(--gh-color-muted);display:flex;flex-wrap:wrap;gap:4px 8px;align-items:center}
.gh-root .gh-sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.gh-root p{overflow-wrap:anywhere}
.gh-root.gh-user{position:relative;display:inline-block;width:auto;max-width:none;margin:0;padding:0;border:0;background:transparent}
.gh-root .gh-avatar{font:inherit;font-weight:700;width:44px;height:44px;border-radius:50%;cursor:pointer;
border:1px solid var(--gh-color-border);background:var(--gh-color-primary);color:var(--gh-color-on-primary)}
.gh-root .gh-avatar:focus-visible{outline:3px solid var(--gh-color-focus);outline-offset:2px}
.gh-root .gh-user-panel{position:absolute;right:0;top:52px;z-index:10;width:min(280px,calc(100vw - 32px));
padding:16px;background:var(--gh-color-bg);border:1px solid var(--gh-color-border);border-radius:var(--gh-radius);
box-shadow:0 8px 24px rgba(0,0,0,.18)}
.gh-root .gh-user-panel[hidden]{display:none}
.gh-root .gh-user-name{font-weight:650;margin:0}
.gh-root .gh-user-email{margin:0 0 12px}
.gh-root a.gh-button{text-decoration:none}
`;
