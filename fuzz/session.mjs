// The fuzzer's identities: a signed-up user (owner of an organization, a team, an invitation and an
// API key, so their ids can be fed to other routes) and the seeded admin. Fuzz requests may sign
// them out, revoke, ban or delete them, so ensureSessions() checks and restores them between batches.
import { send } from "./http.mjs";

const ADMIN = { email: "admin@example.com", password: "admin-password-123" };
const USER_PASSWORD = "fuzz-password-123";

/** A JSON request as a browser on the base URL would send it. */
export async function call(ctx, method, path, body, cookie, timeoutMs = 30000) {
  const headers = [
    ["host", `127.0.0.1:${ctx.port}`],
    ["origin", ctx.base],
  ];
  if (cookie) headers.push(["cookie", cookie]);
  let bytes = null;
  if (body !== undefined) {
    headers.push(["content-type", "application/json"]);
    bytes = Buffer.from(JSON.stringify(body));
  }
  const res = await send(ctx.port, { method, target: `${ctx.prefix}${path}`, headers, body: bytes }, timeoutMs);
  let json = null;
  try {
    json = res.body ? JSON.parse(res.body.toString("utf8")) : null;
  } catch {}
  return { ...res, json };
}

/** "name=value; …" from a response's set-cookie headers (values only: attributes dropped). */
function cookiesOf(res) {
  return (res.headers?.["set-cookie"] ?? "")
    .split("\n")
    .filter(Boolean)
    .map((c) => c.split(";")[0])
    .filter((c) => !/^[^=]*=$/.test(c)) // a cleared cookie
    .join("; ");
}

function identityFrom(res, extra) {
  const cookie = cookiesOf(res);
  const signed = /gatehouse\.session_token=([^;]+)/.exec(cookie)?.[1];
  return {
    ...extra,
    id: res.json?.user?.id,
    cookie,
    signedToken: signed ? decodeURIComponent(signed) : undefined,
    sessionToken: res.json?.token,
  };
}

async function signIn(ctx, email, password) {
  const res = await call(ctx, "POST", "/sign-in/email", { email, password });
  return res.status === 200 && res.json?.user ? res : null;
}

/** A fresh user with an organization, a team, a pending invitation and an API key. */
async function newUser(ctx) {
  const n = ++ctx.userCount;
  const email = `fuzz-user-${n}@example.com`;
  const res = await call(ctx, "POST", "/sign-up/email", { name: `Fuzz User ${n}`, email, password: USER_PASSWORD });
  if (res.status !== 200 || !res.json?.user)
    throw new Error(`harness: sign-up of ${email} answered ${res.status ?? res.error}: ${res.body}`);
  const user = identityFrom(res, { email, password: USER_PASSWORD });
  const s = ctx.state;
  s.user = user;
  // The rest is best effort: a route that refuses (e.g. an unverified email) leaves its id unset.
  const slug = `fuzz-org-${n}`;
  const org = await call(ctx, "POST", "/organization/create", { name: `Fuzz Org ${n}`, slug }, user.cookie);
  if (org.json?.id) Object.assign(s, { orgId: org.json.id, orgSlug: slug });
  const team = await call(
    ctx,
    "POST",
    "/organization/create-team",
    { name: `Team ${n}`, organizationId: s.orgId },
    user.cookie,
  );
  if (team.json?.id) s.teamId = team.json.id;
  const inv = await call(
    ctx,
    "POST",
    "/organization/invite-member",
    { email: `invitee-${n}@example.com`, role: "member", organizationId: s.orgId },
    user.cookie,
  );
  if (inv.json?.id) s.invitationId = inv.json.id;
  const key = await call(ctx, "POST", "/api-key/create", { name: `fuzz key ${n}` }, user.cookie);
  if (key.json?.id) Object.assign(s, { apiKeyId: key.json.id, apiKey: key.json.key });
  // An emailed reset token too (sign-up already sent a verification one), for the token routes.
  await call(ctx, "POST", "/request-password-reset", { email, redirectTo: "/reset" });
  await refreshTokens(ctx);
}

/**
 * Keeps the newest tokens the target emailed, by type (verify-email, reset-password,
 * delete-account, invitation…), so fuzz requests to the token routes get past the token check.
 * The outbox (TARGET.md) is emptied each time, so it does not grow with the run.
 */
export async function refreshTokens(ctx) {
  const headers = [["host", `127.0.0.1:${ctx.port}`]];
  const res = await send(ctx.port, { method: "GET", target: "/__test/outbox", headers, body: null }, 30000);
  let mails = [];
  try {
    mails = JSON.parse(res.body.toString("utf8"));
  } catch {
    return;
  }
  if (!Array.isArray(mails) || mails.length === 0) return;
  await send(ctx.port, { method: "DELETE", target: "/__test/outbox", headers, body: null }, 30000);
  ctx.state.tokens ??= {};
  const tokens = ctx.state.tokens;
  for (const mail of mails) {
    // Never the admin's own mail: a fuzz request signed in as the admin that carries the admin's own
    // deletion token (a POST /delete-user asked for it earlier) rightly deletes the admin, and the run
    // loses its admin. The user's tokens (and strangers' invitations) are what the token routes need.
    if (typeof mail.to === "string" && mail.to.toLowerCase() === ADMIN.email) continue;
    const value = mail.type === "invitation" ? mail.id : mail.token;
    if (typeof value !== "string") continue;
    tokens[mail.type] = [...(tokens[mail.type] ?? []), value].slice(-5);
  }
}

async function stillSignedIn(ctx, identity) {
  if (!identity?.cookie) return false;
  const res = await call(ctx, "GET", "/get-session", undefined, identity.cookie);
  return res.status === 200 && res.json?.user?.id === identity.id;
}

/** Sets up both identities on a fresh target. */
export async function setupSessions(ctx) {
  ctx.state = {};
  await newUser(ctx);
  const admin = await signIn(ctx, ADMIN.email, ADMIN.password);
  if (!admin) throw new Error("harness: the seeded admin cannot sign in");
  ctx.state.admin = identityFrom(admin, ADMIN);
}

/** Restores whichever identity a fuzz request signed out, revoked or deleted. Returns what it did. */
export async function ensureSessions(ctx) {
  const done = [];
  await refreshTokens(ctx);
  const s = ctx.state;
  if (!(await stillSignedIn(ctx, s.user))) {
    const again = await signIn(ctx, s.user.email, s.user.password);
    if (again) s.user = identityFrom(again, { email: s.user.email, password: s.user.password });
    else await newUser(ctx);
    done.push(again ? "user signed in again" : `new user ${s.user.email}`);
  }
  if (!(await stillSignedIn(ctx, s.admin))) {
    const again = await signIn(ctx, ADMIN.email, ADMIN.password);
    // Nothing the fuzzer sends names the admin's id or password, so this only fails if the library does.
    if (!again) throw new Error("harness: the seeded admin can no longer sign in");
    s.admin = identityFrom(again, ADMIN);
    done.push("admin signed in again");
  }
  return done;
}

/**
 * Before a request to a route that spends an emailed token, has the target email a fresh one, so
 * the request gets past the token check to what follows it (the redirect to its callbackURL).
 */
export async function mintToken(ctx, route) {
  const s = ctx.state;
  if (route.includes("verify-email")) {
    // A throwaway user: the fuzz user's own address may be verified by now.
    const email = `fuzz-verify-${++ctx.userCount}@example.com`;
    await call(ctx, "POST", "/sign-up/email", { name: "Fuzz Verify", email, password: USER_PASSWORD });
  } else if (route.includes("reset-password")) {
    await call(ctx, "POST", "/request-password-reset", { email: s.user.email, redirectTo: "/reset" });
  } else if (route.includes("delete-user/callback")) {
    await call(ctx, "POST", "/delete-user", {}, s.user.cookie);
  } else return;
  await refreshTokens(ctx);
}
