/** The reference page's stylesheet, inlined so the page works offline. Colours are variables per theme. */
export const REFERENCE_PAGE_STYLE = `
:root{--bg:#f7f8fa;--panel:#fff;--text:#1f2328;--muted:#636c76;--line:#d8dee4;--soft:#f0f2f5;--accent:#4f46e5;
--accent-soft:#eef2ff;--code:#f3f4f6;--get:#0969da;--post:#1a7f37;--put:#9a6700;--patch:#8250df;--delete:#cf222e;
--ok:#1a7f37;--err:#cf222e;--on-badge:#fff;color-scheme:light}
:root[data-theme=dark]{--bg:#0d1117;--panel:#161b22;--text:#e6edf3;--muted:#8d96a0;--line:#30363d;--soft:#1c2129;
--accent:#818cf8;--accent-soft:#1e1b4b;--code:#1f242c;--get:#58a6ff;--post:#3fb950;--put:#d29922;--patch:#bc8cff;
--delete:#ff7b72;--ok:#3fb950;--err:#ff7b72;--on-badge:#0d1117;color-scheme:dark}
@media (prefers-color-scheme:dark){:root[data-theme=auto]{--bg:#0d1117;--panel:#161b22;--text:#e6edf3;--muted:#8d96a0;
--line:#30363d;--soft:#1c2129;--accent:#818cf8;--accent-soft:#1e1b4b;--code:#1f242c;--get:#58a6ff;--post:#3fb950;
--put:#d29922;--patch:#bc8cff;--delete:#ff7b72;--ok:#3fb950;--err:#ff7b72;--on-badge:#0d1117;color-scheme:dark}}
*{box-sizing:border-box}
html{scroll-padding-top:1rem}
body{margin:0;background:var(--bg);color:var(--text);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.88em}
a{color:var(--accent)}
.layout{display:grid;grid-template-columns:300px minmax(0,1fr);min-height:100vh}
aside{position:sticky;top:0;height:100vh;overflow:auto;background:var(--panel);border-right:1px solid var(--line);
padding:1rem .75rem 2rem}
.brand{display:flex;align-items:center;gap:.5rem;font-weight:650;margin:0 .25rem .75rem}
.brand img{width:22px;height:22px}
#filter{width:100%;padding:.5rem .65rem;border:1px solid var(--line);border-radius:8px;background:var(--bg);
color:var(--text);font:inherit}
#filter:focus{outline:2px solid var(--accent);outline-offset:-1px}
.nav-group{margin-top:1rem}
.nav-tag{display:flex;justify-content:space-between;font-size:.72rem;font-weight:700;letter-spacing:.06em;
text-transform:uppercase;color:var(--muted);margin:0 .35rem .3rem}
.nav-group ul{list-style:none;margin:0;padding:0}
.nav-group a{display:flex;align-items:center;gap:.45rem;padding:.22rem .35rem;border-radius:6px;color:var(--text);
text-decoration:none;font-size:.84rem;overflow:hidden}
.nav-group a:hover,.nav-group a.current{background:var(--accent-soft)}
.nav-group a .mono{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.nav-empty{color:var(--muted);font-size:.85rem;margin:1rem .35rem}
main{padding:2rem 2.5rem 4rem;max-width:1040px;width:100%}
header.intro h1{margin:0 0 .25rem;font-size:1.75rem}
header.intro p{margin:.25rem 0;color:var(--muted)}
.pill{display:inline-block;border:1px solid var(--line);border-radius:999px;padding:.05rem .55rem;font-size:.78rem;
color:var(--muted);margin-right:.35rem;background:var(--panel)}
.tag-section{margin-top:2.25rem}
.tag-section>h2{font-size:1.2rem;margin:0 0 .15rem;text-transform:capitalize}
.tag-section>p{margin:0 0 .8rem;color:var(--muted)}
.op{background:var(--panel);border:1px solid var(--line);border-radius:10px;margin:.55rem 0;overflow:hidden}
.op:target,.op.open{border-color:var(--accent)}
.op-head{all:unset;box-sizing:border-box;display:flex;align-items:center;gap:.75rem;width:100%;padding:.6rem .85rem;
cursor:pointer}
.op-head:hover{background:var(--soft)}
.op-head:focus-visible{outline:2px solid var(--accent);outline-offset:-2px}
.op-path{font-weight:600;word-break:break-all}
.op-summary{color:var(--muted);margin-left:auto;text-align:right;font-size:.9rem}
.op-auth{color:var(--muted);font-size:.7rem;border:1px solid var(--line);border-radius:999px;padding:0 .45rem}
.badge{display:inline-block;min-width:3.6rem;text-align:center;border-radius:6px;padding:.12rem .4rem;font-size:.7rem;
font-weight:700;letter-spacing:.04em;color:var(--on-badge);background:var(--muted);flex:none}
.nav-group .badge{min-width:2.9rem;font-size:.62rem;padding:.05rem .25rem}
.badge.get{background:var(--get)}.badge.post{background:var(--post)}.badge.put{background:var(--put)}
.badge.patch{background:var(--patch)}.badge.delete{background:var(--delete)}
.op-body{border-top:1px solid var(--line);padding:.4rem 1.1rem 1.1rem}
.op-body h3{font-size:.78rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:1.1rem 0 .45rem}
.op-body p{margin:.4rem 0}
.anchor{font-size:.8rem;color:var(--muted);text-decoration:none}
table{border-collapse:collapse;width:100%;font-size:.88rem}
th,td{text-align:left;padding:.35rem .55rem;border-bottom:1px solid var(--line);vertical-align:top}
th{color:var(--muted);font-weight:600;font-size:.78rem}
.req{color:var(--err);font-size:.75rem;font-weight:600;margin-left:.35rem}
.opt{color:var(--muted);font-size:.75rem;margin-left:.35rem}
.type{color:var(--accent);font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.82em;margin-left:.45rem}
.note{color:var(--muted);font-size:.82rem;margin-left:.45rem}
.schema{list-style:none;margin:0;padding:0 0 0 .9rem;border-left:2px solid var(--line)}
.schema li{padding:.18rem 0}
.schema .name{font-weight:600}
.schema-root{background:var(--soft);border-radius:8px;padding:.55rem .75rem}
.response{display:flex;gap:.6rem;align-items:baseline;margin:.3rem 0}
.response-entry{margin:.2rem 0 .7rem}.examples{margin:.2rem 0;padding-left:1.4rem;font-size:.85rem}
.status{font-weight:700;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.status.s2{color:var(--ok)}.status.s4,.status.s5{color:var(--err)}
.try{background:var(--soft);border-radius:8px;padding:.75rem .9rem}
.try label{display:grid;grid-template-columns:minmax(8rem,13rem) 1fr;gap:.6rem;align-items:center;margin:.35rem 0;
font-size:.88rem}
.try input,.try select,.try textarea{width:100%;padding:.35rem .5rem;border:1px solid var(--line);border-radius:6px;
background:var(--panel);color:var(--text);font:inherit;font-size:.88rem}
.try textarea{min-height:3.5rem;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.try button{margin-top:.5rem;background:var(--accent);color:#fff;border:0;border-radius:7px;padding:.45rem 1rem;
font:inherit;font-weight:600;cursor:pointer}
.try-url{font-size:.82rem;color:var(--muted);word-break:break-all}
.try-out{margin-top:.75rem}
.try-out pre{background:var(--code);border:1px solid var(--line);border-radius:8px;padding:.65rem .8rem;overflow:auto;
max-height:24rem;margin:.35rem 0 0}
.muted{color:var(--muted)}
@media (max-width:800px){.layout{grid-template-columns:1fr}aside{position:static;height:auto;max-height:45vh}
main{padding:1.25rem}.op-summary{display:none}}
`;
