// The two pages the OAuth provider sends a browser to: sign-in (`loginPage`) and consent
// (`consentPage`). Plain HTML and one small script; the script calls Gatehouse's JSON routes.

const html = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

/** No framing (a consent button under someone else's page is clickjacking), scripts from this origin only. */
const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy":
    "default-src 'none'; script-src 'self'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${html(title)}</title>` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
  `<body><main><h1>${html(title)}</h1>${body}</main><script type="module" src="/assets/pages.js"></script></body></html>`;

/**
 * Where to go after signing in: the provider's authorization request (`callbackURL`) when it is one
 * on this origin, else the home page — never another site (an open redirect).
 */
export function safeCallback(callbackURL, baseURL) {
  if (!callbackURL || !URL.canParse(callbackURL, baseURL)) return "/";
  const url = new URL(callbackURL, baseURL);
  const base = new URL(baseURL);
  return url.origin === base.origin && url.pathname === "/api/auth/oauth2/authorize" ? url.href : "/";
}

/** GET /sign-in?callbackURL=…: sign in (or create an account), then back to the authorization request. */
export function signInPage(query, baseURL) {
  const callback = safeCallback(query.get("callbackURL"), baseURL);
  const hint = query.get("login_hint") ?? "";
  return {
    status: 200,
    headers: PAGE_HEADERS,
    body: page(
      "Sign in",
      `<form id="sign-in" data-callback="${html(callback)}">
<label>Email <input name="email" type="email" autocomplete="username" required value="${html(hint)}"></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<label>Name (new accounts) <input name="name" autocomplete="name"></label>
<button name="action" value="sign-in">Sign in</button>
<button name="action" value="sign-up">Create account</button>
<p role="alert" id="error"></p>
</form>`,
    ),
  };
}

/**
 * GET /consent?…&sig=…: what the client asks for. The client registered itself, so its name is
 * whatever it chose: the page shows its id and the address the browser goes back to instead.
 */
export function consentPage(query) {
  const scopes = (query.get("scope") ?? "").split(" ").filter((s) => s !== "");
  const boxes = scopes
    .map((s) => `<li><label><input type="checkbox" name="scope" value="${html(s)}" checked> ${html(s)}</label></li>`)
    .join("");
  return {
    status: 200,
    headers: PAGE_HEADERS,
    body: page(
      "Allow access?",
      `<form id="consent">
<p>The application <code id="client-id">${html(query.get("client_id") ?? "")}</code> wants to use your account.</p>
<p>It will get the answer at <code id="redirect-uri">${html(query.get("redirect_uri") ?? "")}</code>.</p>
<p>For <code id="resource">${html(query.get("resource") ?? "")}</code> it asks to:</p>
<ul>${boxes}</ul>
<button name="accept" value="true">Allow</button>
<button name="accept" value="false">Deny</button>
<p role="alert" id="error"></p>
</form>`,
    ),
  };
}

/** GET /assets/pages.js: the pages' script (what a user's browser runs; the tests do the same calls). */
export const PAGES_SCRIPT = `
const post = (path, body) =>
  fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const fail = async (r) => {
  document.getElementById("error").textContent = (await r.json().catch(() => ({}))).message ?? "Something went wrong";
};
const signIn = document.getElementById("sign-in");
signIn?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const f = new FormData(signIn);
  const email = f.get("email");
  const password = f.get("password");
  const r =
    event.submitter?.value === "sign-up"
      ? await post("/api/auth/sign-up/email", { email, password, name: f.get("name") || email })
      : await post("/api/auth/sign-in/email", { email, password });
  if (r.ok) location.href = signIn.dataset.callback;
  else await fail(r);
});
const consent = document.getElementById("consent");
consent?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const accept = event.submitter?.value === "true";
  const scope = new FormData(consent).getAll("scope").join(" ");
  // The query exactly as received: the provider signed it, so nothing in it can be changed.
  const r = await post("/api/auth/oauth2/consent", { accept, oauth_query: location.search.slice(1), scope });
  if (r.ok) location.href = (await r.json()).url;
  else await fail(r);
});
`;
