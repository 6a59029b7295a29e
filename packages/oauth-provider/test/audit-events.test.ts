// With the audit-log plugin installed, the provider's grants, refusals, revocations and registrations
// are recorded (client ids and grant names only: never a code, token or secret).
import { auditLog } from "@gatehouse-auth/audit-log";
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Provider, basic, navigate, postForm, signUp, startProvider } from "./provider-server.js";

let p: Provider;
beforeAll(async () => {
  p = await startProvider("sqlite", { allowDynamicClientRegistration: true }, [auditLog()]);
});
afterAll(() => p?.close());

interface Row {
  type: string;
  userId: string | null;
  actorUserId: string | null;
  outcome: string;
  details: Record<string, unknown>;
}
async function events(): Promise<Row[]> {
  await p.auth.settled();
  const rows = await p.auth.$context.db.findMany<Record<string, unknown>>({
    model: "auditEvent",
    sortBy: { field: "createdAt", direction: "asc" },
  });
  return rows.map((r) => ({ ...(r as unknown as Row), details: JSON.parse(String(r.details)) }));
}
const json = (path: string, cookie: string, body: unknown) =>
  fetch(`${p.issuer}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: p.baseURL, cookie },
    body: JSON.stringify(body),
  });

describe("audit events", () => {
  it("records consent, grants, refusals, revocations and registrations", async () => {
    const user = await signUp(p);
    const verifier = randomBytes(32).toString("base64url");
    const url = new URL(`${p.issuer}/oauth2/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: CLIENTS.third.id,
      redirect_uri: CLIENTS.third.redirect,
      scope: "openid offline_access",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    }))
      url.searchParams.set(k, v);
    const page = new URL((await navigate(url, user.cookie)).location as string);
    const consent = await json("/oauth2/consent", user.cookie, { accept: true, oauth_query: page.search.slice(1) });
    const code = new URL(((await consent.json()) as { url: string }).url).searchParams.get("code") as string;
    const auth = { authorization: basic(CLIENTS.third.id, CLIENTS.third.secret) };
    const form = {
      grant_type: "authorization_code",
      code,
      redirect_uri: CLIENTS.third.redirect,
      code_verifier: verifier,
    };
    const t = await postForm(`${p.issuer}/oauth2/token`, form, auth);
    expect(t.status).toBe(200);
    expect((await postForm(`${p.issuer}/oauth2/token`, form, auth)).body?.error).toBe("invalid_grant");
    await postForm(`${p.issuer}/oauth2/revoke`, { token: t.body?.refresh_token as string }, auth);
    expect((await json("/oauth2/revoke-authorized-app", user.cookie, { clientId: CLIENTS.third.id })).status).toBe(200);
    const reg = await fetch(`${p.issuer}/oauth2/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_name: "Agent",
        redirect_uris: ["http://127.0.0.1/cb"],
        token_endpoint_auth_method: "none",
      }),
    });
    const clientId = ((await reg.json()) as { client_id: string }).client_id;
    await fetch(`${p.issuer}/oauth2/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Evil", redirect_uris: ["javascript:alert(1)"] }),
    });

    const all = await events();
    const of = (type: string) => all.filter((e) => e.type === type);
    expect(of("oauth.consent_granted")).toMatchObject([
      {
        userId: user.userId,
        outcome: "success",
        details: { clientId: CLIENTS.third.id, scope: "openid offline_access" },
      },
    ]);
    expect(of("oauth.token_granted")).toMatchObject([
      { details: { clientId: CLIENTS.third.id, grantType: "authorization_code" } },
    ]);
    expect(of("oauth.token_refused")).toMatchObject([
      {
        outcome: "failure",
        details: { clientId: CLIENTS.third.id, grantType: "authorization_code", error: "invalid_grant" },
      },
    ]);
    expect(of("oauth.token_revoked")).toMatchObject([{ details: { clientId: CLIENTS.third.id } }]);
    expect(of("oauth.app_revoked")).toMatchObject([{ userId: user.userId, details: { clientId: CLIENTS.third.id } }]);
    expect(of("oauth.client_registered")).toMatchObject([{ details: { clientId, clientName: "Agent" } }]);
    expect(of("oauth.client_registration_refused")).toHaveLength(1);
    const stored = JSON.stringify(all);
    for (const secret of [code, verifier, t.body?.access_token, t.body?.refresh_token, t.body?.id_token])
      expect(stored).not.toContain(secret as string);
  });
});
