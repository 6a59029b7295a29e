// TARGET.md's GitHub mock: answers GitHub's token and user-info calls in-process, so no request
// leaves the machine. A code is "mock." + base64url(JSON {id, email, name, verified}); the access
// token is "tok." + the same payload.
const json = (body, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function decode(value, prefix) {
  if (typeof value !== "string" || !value.startsWith(prefix)) return null;
  try {
    return JSON.parse(Buffer.from(value.slice(prefix.length), "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

/** A fetch for the github provider's `fetch` option. */
export async function githubMockFetch(input, init = {}) {
  const url = new URL(typeof input === "string" ? input : input.url);
  if (url.host === "github.com" && url.pathname === "/login/oauth/access_token") {
    const form = new URLSearchParams(String(init.body ?? ""));
    const code = form.get("code");
    if (!decode(code, "mock.")) return json({ error: "bad_verification_code" });
    return json({ access_token: `tok.${code.slice(5)}`, token_type: "bearer", scope: "read:user,user:email" });
  }
  if (url.host === "api.github.com") {
    const auth = new Headers(init.headers).get("authorization") ?? "";
    const user = decode(auth.replace(/^Bearer /i, ""), "tok.");
    if (!user) return json({ message: "Bad credentials" }, 401);
    if (url.pathname === "/user") {
      return json({
        id: user.id,
        login: `user${user.id}`,
        name: user.name ?? null,
        email: user.email ?? null,
        avatar_url: null,
      });
    }
    if (url.pathname === "/user/emails") {
      return json(user.email ? [{ email: user.email, primary: true, verified: user.verified ?? true }] : []);
    }
  }
  return json({ message: "Not Found" }, 404);
}
