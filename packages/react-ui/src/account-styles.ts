/**
 * `<AccountSettings>`'s rules on top of GATEHOUSE_UI_CSS (lists, badges, the danger button): their own
 * string, so an app that renders only `<SignIn>` does not ship them.
 */
export const ACCOUNT_CSS = `
.gh-root .gh-button[data-variant=danger]{background:var(--gh-color-danger);border-color:var(--gh-color-danger);color:var(--gh-color-bg)}
.gh-root .gh-button.gh-button-inline{width:auto;flex:none;min-height:44px;padding:8px 12px}
.gh-root .gh-list{list-style:none;margin:0 0 16px;padding:0;display:flex;flex-direction:column}
.gh-root .gh-list-item{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px;
padding:12px 0;border-top:1px solid var(--gh-color-border)}
.gh-root .gh-list-item:last-child{border-bottom:1px solid var(--gh-color-border)}
.gh-root .gh-list-text{display:flex;flex-direction:column;gap:2px;min-width:0;flex:1 1 160px;overflow-wrap:anywhere}
.gh-root .gh-strong{font-weight:600}
.gh-root .gh-small{font-size:.875em}
.gh-root .gh-badge{align-self:flex-start;font-size:.8em;font-weight:600;padding:2px 8px;border-radius:999px;
background:var(--gh-color-success-bg);color:var(--gh-color-success);border:1px solid var(--gh-color-success)}
.gh-root .gh-section-gap{margin-top:24px;padding-top:16px;border-top:1px solid var(--gh-color-border)}
.gh-root .gh-tight{margin:0;overflow-wrap:anywhere}
.gh-root .gh-scopes{margin:0;padding-left:1.25em}
.gh-settings{display:flex;flex-direction:column;gap:16px;width:100%;max-width:560px;margin-inline:auto;min-width:0}
.gh-settings>.gh-root{max-width:none}
`;

/** The two-factor, passkey and API-key sections: the QR code, the backup codes, keys shown once. */
export const ACCOUNT_SECURITY_CSS = `
.gh-root .gh-step-up{border-color:var(--gh-color-border);background:var(--gh-color-surface);margin:0 0 16px}
.gh-root .gh-step-up-title{margin:0;font-size:1em}
.gh-root .gh-step-up-two-factor{margin:0 0 16px}
.gh-root .gh-qr{display:block;width:200px;height:200px;max-width:100%;margin:0 0 12px;background:#fff;border-radius:4px}
.gh-root .gh-code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.95em;overflow-wrap:anywhere}
.gh-root .gh-codes{list-style:none;margin:0 0 12px;padding:12px;display:grid;grid-template-columns:repeat(auto-fill,minmax(120px,1fr));
gap:8px;border:1px solid var(--gh-color-border);border-radius:var(--gh-radius);background:var(--gh-color-surface)}
.gh-root .gh-codes-done{margin-top:12px}
.gh-root .gh-secret{margin:0 0 16px;overflow-wrap:anywhere}
.gh-root .gh-row-actions{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.gh-root .gh-select{font:inherit;color:inherit;background:var(--gh-color-bg);border:1px solid var(--gh-color-border);
border-radius:var(--gh-radius);padding:8px 10px;min-height:44px;min-width:0;max-width:100%}
.gh-root .gh-select:focus-visible{outline:3px solid var(--gh-color-focus);outline-offset:2px}
.gh-root .gh-inline-form{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end;flex:1 1 100%}
.gh-root .gh-inline-form>.gh-field{flex:1 1 200px}
.gh-root .gh-confirm{display:flex;flex-direction:column;gap:8px;padding:12px;border:1px solid var(--gh-color-danger);
border-radius:var(--gh-radius);background:var(--gh-color-danger-bg);flex:1 1 100%}
.gh-root .gh-confirm p{margin:0;color:var(--gh-color-fg);font-weight:600}
.gh-root .gh-confirm .gh-button[data-variant=secondary]{background:var(--gh-color-bg)}
`;
