/**
 * The organization components' rules on top of GATEHOUSE_UI_CSS and ACCOUNT_CSS (the switcher's popover
 * and listbox, selects, the confirmation row): their own string, so `<SignIn>` alone does not ship them.
 */
export const ORGANIZATION_CSS = `
.gh-root.gh-org-switcher{position:relative;display:inline-block;width:auto;max-width:100%;margin:0;padding:0;border:0;background:transparent}
.gh-root .gh-org-trigger{font:inherit;font-weight:600;cursor:pointer;min-height:44px;max-width:min(320px,calc(100vw - 32px));padding:8px 12px;
display:inline-flex;align-items:center;gap:8px;border-radius:var(--gh-radius);border:1px solid var(--gh-color-border);
background:var(--gh-color-bg);color:var(--gh-color-fg)}
.gh-root .gh-org-trigger>span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.gh-root .gh-org-trigger:focus-visible,.gh-root .gh-listbox:focus-visible,.gh-root .gh-select:focus-visible{outline:3px solid var(--gh-color-focus);outline-offset:2px}
.gh-root .gh-org-panel{position:absolute;left:0;top:52px;z-index:10;width:min(320px,calc(100vw - 32px));padding:12px;
background:var(--gh-color-bg);border:1px solid var(--gh-color-border);border-radius:var(--gh-radius);box-shadow:0 8px 24px rgba(0,0,0,.18);
display:flex;flex-direction:column;gap:8px}
.gh-root .gh-org-panel[hidden]{display:none}
.gh-root .gh-listbox{list-style:none;margin:0;padding:4px;max-height:280px;overflow-y:auto;border-radius:var(--gh-radius)}
.gh-root .gh-option{display:flex;align-items:center;justify-content:space-between;gap:8px;min-height:44px;padding:8px 10px;
border-radius:calc(var(--gh-radius) - 2px);cursor:pointer;overflow-wrap:anywhere}
.gh-root .gh-option[data-active=true]{background:var(--gh-color-surface);box-shadow:inset 0 0 0 2px var(--gh-color-focus)}
.gh-root .gh-option[aria-selected=true]{font-weight:650}
.gh-root .gh-option[aria-selected=true]::after{content:"✓";color:var(--gh-color-primary)}
.gh-root .gh-select{font:inherit;color:inherit;background:var(--gh-color-bg);border:1px solid var(--gh-color-border);
border-radius:var(--gh-radius);padding:8px 10px;min-height:44px;min-width:0;max-width:100%}
.gh-root .gh-row-actions{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.gh-root .gh-confirm{display:flex;flex-direction:column;gap:8px;padding:12px;border:1px solid var(--gh-color-danger);
border-radius:var(--gh-radius);background:var(--gh-color-danger-bg);flex:1 1 100%}
.gh-root .gh-confirm p{margin:0;color:var(--gh-color-fg);font-weight:600}
.gh-root .gh-confirm .gh-button[data-variant=secondary]{background:var(--gh-color-bg)}
.gh-root .gh-inline-form{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}
.gh-root .gh-inline-form>.gh-field{flex:1 1 200px}
.gh-root .gh-team-panel{flex:1 1 100%;padding:8px 0 0 12px;border-left:3px solid var(--gh-color-border)}
.gh-root .gh-team-members{display:flex;flex-direction:column;gap:8px}
.gh-root .gh-team-members .gh-list{margin:0}
.gh-root .gh-org-logo{width:40px;height:40px;border-radius:8px;object-fit:cover;border:1px solid var(--gh-color-border)}
`;
