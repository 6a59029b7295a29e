import { type EndpointContext, type SessionRequirement, type User, generateId } from "@gatehouse-auth/core";
import type { DeviceCodeRow } from "./device-codes.js";
import { GRANT_MODELS } from "./grants-schema.js";
import { hashToken } from "./issue-code.js";
import { mintTokens } from "./issue-tokens.js";
import type { OAuthClient } from "./oauth-client.js";
import { OAuthError } from "./oauth-error.js";
import type { ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";

type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;
type Form = Readonly<Record<string, unknown>>;
type Joined = DeviceCodeRow & { session: { expiresAt: Date } | null; user: User | null };

const update = (ctx: Ctx, id: string, data: Record<string, unknown>) =>
  ctx.auth.db.updateMany({ model: GRANT_MODELS.deviceCode, where: [{ field: "id", value: id }], update: data });

/**
 * RFC 8628 §3.4–3.5: the device polls with its device code. Before a decision `authorization_pending`
 * (`slow_down`, and 5 s more interval, when it polls faster than told); after a denial `access_denied`;
 * after expiry `expired_token`; once approved, tokens — once, for the client that started it.
 */
export async function deviceCodeGrant(
  ctx: Ctx,
  o: ResolvedOAuthProviderOptions,
  client: OAuthClient,
  form: Form,
  jkt: string | null = null,
) {
  const code = typeof form.device_code === "string" ? form.device_code : null;
  if (!code || code.length > 256) throw new OAuthError("invalid_request", "device_code is required");
  const hash = hashToken(code);
  const row = await ctx.auth.db.findOne<Joined>({
    model: GRANT_MODELS.deviceCode,
    where: [{ field: "deviceCodeHash", value: hash }],
    join: [
      { model: "session", localField: "sessionId", foreignField: "id", as: "session" },
      { model: "user", localField: "userId", foreignField: "id", as: "user" },
    ],
  });
  if (!row || row.deviceCodeHash !== hash || row.clientId !== client.clientId)
    throw new OAuthError("invalid_grant", "Invalid device code");
  const now = ctx.auth.now();
  if (new Date(row.expiresAt).getTime() <= now) throw new OAuthError("expired_token", "The device code has expired");
  if (row.status === "denied") throw new OAuthError("access_denied", "The user denied the request");
  if (row.status === "used") throw new OAuthError("invalid_grant", "The device code was already used");
  if (row.status === "pending") {
    const last = row.lastPolledAt ? new Date(row.lastPolledAt).getTime() : null;
    if (last !== null && now - last < row.interval * 1000) {
      await update(ctx, row.id, { interval: row.interval + 5, lastPolledAt: new Date(now) });
      throw new OAuthError("slow_down", "Poll less often");
    }
    await update(ctx, row.id, { lastPolledAt: new Date(now) });
    throw new OAuthError("authorization_pending", "The user has not decided yet");
  }
  if (!row.user || !row.sessionId || !row.session || new Date(row.session.expiresAt).getTime() <= now)
    throw new OAuthError("invalid_grant", "The session that approved the device has ended");
  const user = row.user;
  await ctx.auth.validateUser(user, "authenticate").catch(() => {
    throw new OAuthError("invalid_grant", "The user may not sign in");
  });
  const scopes = row.scopes.split(" ").filter((s) => s !== "");
  const minted = await mintTokens(ctx, o, {
    client,
    user,
    sessionId: row.sessionId,
    scopes,
    accessScopes: scopes,
    familyId: generateId(),
    codeId: null,
    resource: row.resource,
    authTime: new Date(now),
    nonce: null,
    jkt,
  });
  // approved → used and the tokens commit together: a second redemption (a race too) finds it used.
  return ctx.auth.db.transaction(async (db) => {
    const claimed = await db.updateMany({
      model: GRANT_MODELS.deviceCode,
      where: [
        { field: "id", value: row.id },
        { field: "status", value: "approved" },
      ],
      update: { status: "used" },
    });
    if (claimed !== 1) throw new OAuthError("invalid_grant", "The device code was already used");
    await minted.store(db);
    return minted.body;
  });
}
