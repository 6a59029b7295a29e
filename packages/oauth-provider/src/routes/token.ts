import {
  type EndpointContext,
  type SessionRequirement,
  type User,
  defineEndpoint,
  generateId,
  sha256Base64Url,
} from "@gatehouse-auth/core";
import { z } from "zod";
import { assertionCheck } from "../assertion-check.js";
import { authenticateClient } from "../authenticate-client.js";
import { clientCredentialsGrant } from "../client-credentials-grant.js";
import { deviceCodeGrant } from "../device-code-grant.js";
import { verifyDpopProof } from "../dpop-proof.js";
import { hashToken } from "../issue-code.js";
import { endpointUrl } from "../issuer-of.js";
import { mintTokens } from "../issue-tokens.js";
import { OAuthError, answeringOAuthErrors, noStoreJson } from "../oauth-error.js";
import type { ClientStore, OAuthClient } from "../oauth-client.js";
import { DEVICE_CODE_GRANT, type ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";
import { OAUTH_MODELS } from "../oauth-schema.js";
import { findTokenRow, isLive, revokeFamily } from "../token-rows.js";

type Form = Readonly<Record<string, unknown>>;
type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;

const str = (form: Form, name: string): string | null =>
  typeof form[name] === "string" ? (form[name] as string) : null;
const badGrant = (why: string) => new OAuthError("invalid_grant", why);
// RFC 7636 §4.1: 43 to 128 unreserved characters.
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

interface CodeRow {
  id: string;
  codeHash: string;
  clientId: string;
  userId: string;
  sessionId: string;
  redirectUri: string;
  scopes: string;
  codeChallenge: string | null;
  nonce: string | null;
  resource: string | null;
  dpopJkt: string | null;
  authTime: Date;
  expiresAt: Date;
  usedAt: Date | null;
  session: { expiresAt: Date } | null;
  user: User | null;
}

/** RFC 6749 §4.1.3: redeems a code once, for the client, redirect URI and PKCE verifier it was issued to. */
async function redeemCode(
  ctx: Ctx,
  o: ResolvedOAuthProviderOptions,
  client: OAuthClient,
  form: Form,
  jkt: string | null,
) {
  const code = str(form, "code");
  if (!code || code.length > 256) throw new OAuthError("invalid_request", "code is required");
  const codeHash = hashToken(code);
  const row = await ctx.auth.db.findOne<CodeRow>({
    model: OAUTH_MODELS.code,
    where: [{ field: "codeHash", value: codeHash }],
    join: [
      { model: "session", localField: "sessionId", foreignField: "id", as: "session" },
      { model: "user", localField: "userId", foreignField: "id", as: "user" },
    ],
  });
  const now = ctx.auth.now();
  if (!row || row.codeHash !== codeHash || new Date(row.expiresAt).getTime() <= now) throw badGrant("Invalid code");
  if (row.clientId !== client.clientId) throw badGrant("The code was issued to another client");
  if (row.usedAt) {
    // RFC 6749 §4.1.2: a replayed code revokes what it issued (someone else holds it).
    await ctx.auth.db.updateMany({
      model: OAUTH_MODELS.token,
      where: [
        { field: "codeId", value: row.id },
        { field: "revokedAt", value: null },
      ],
      update: { revokedAt: new Date(now) },
    });
    throw badGrant("The code was already used");
  }
  if (str(form, "redirect_uri") !== row.redirectUri) throw badGrant("redirect_uri does not match the authorization");
  const verifier = str(form, "code_verifier");
  if (row.codeChallenge) {
    if (!verifier || !VERIFIER.test(verifier) || sha256Base64Url(verifier) !== row.codeChallenge)
      throw badGrant("PKCE verification failed");
  } else if (verifier !== null) {
    // OAuth 2.1 §4.1.3: a verifier for a code issued without a challenge is a downgrade attempt.
    throw badGrant("The authorization carried no code_challenge");
  }
  // RFC 9449 §10: a code bound with dpop_jkt is redeemed only with a proof by that key (a stolen code and
  // verifier are useless without it); the code stays unspent for the client that holds the key.
  if (row.dpopJkt && row.dpopJkt !== jkt) throw badGrant("The code is bound to another DPoP key");
  if (!row.session || new Date(row.session.expiresAt).getTime() <= now || !row.user)
    throw badGrant("The session that authorized the code has ended");
  await ctx.auth.validateUser(row.user, "authenticate").catch(() => {
    throw badGrant("The user may not sign in");
  });
  const scopes = row.scopes.split(" ").filter((s) => s !== "");
  const user = row.user;
  // The one redemption that flips usedAt wins. Claim and tokens commit together, so a replay that finds
  // the code used also finds (and revokes) the tokens it issued.
  const minted = await mintTokens(ctx, o, {
    client,
    user,
    sessionId: row.sessionId,
    scopes,
    accessScopes: scopes,
    familyId: generateId(),
    codeId: row.id,
    resource: row.resource,
    authTime: new Date(row.authTime),
    nonce: row.nonce,
    jkt,
  });
  return ctx.auth.db.transaction(async (db) => {
    const claimed = await db.updateMany({
      model: OAUTH_MODELS.code,
      where: [
        { field: "id", value: row.id },
        { field: "usedAt", value: null },
      ],
      update: { usedAt: new Date(now) },
    });
    if (claimed !== 1) throw badGrant("The code was already used");
    await minted.store(db);
    return minted.body;
  });
}

/** RFC 6749 §6 with OAuth 2.1 §4.3.1 rotation: a used refresh token presented again revokes its family. */
async function refresh(ctx: Ctx, o: ResolvedOAuthProviderOptions, client: OAuthClient, form: Form, jkt: string | null) {
  if (!client.grantTypes.includes("refresh_token"))
    throw new OAuthError("unauthorized_client", "The client may not use refresh tokens");
  const presented = str(form, "refresh_token");
  if (!presented) throw new OAuthError("invalid_request", "refresh_token is required");
  const row = await findTokenRow(ctx.auth.db, "refresh", presented);
  if (!row || row.clientId !== client.clientId) throw badGrant("Invalid refresh token");
  const now = ctx.auth.now();
  if (row.rotatedAt && !row.revokedAt) {
    await revokeFamily(ctx.auth.db, row.familyId, now);
    throw badGrant("The refresh token was already used");
  }
  if (!(await isLive(ctx.auth, row, "refresh")) || !row.user || !row.sessionId) throw badGrant("Invalid refresh token");
  // A DPoP-bound refresh token refreshes only with its key (TARGET.md; RFC 9449 §5 requires it for public
  // clients and allows it for confidential ones): a stolen refresh token and client secret are not enough.
  if (row.dpopJkt && row.dpopJkt !== jkt)
    throw new OAuthError("invalid_dpop_proof", "The refresh token is bound to another DPoP key");
  const granted = row.scopes.split(" ").filter((s) => s !== "");
  const asked = str(form, "scope");
  const scopes = asked === null ? granted : [...new Set(asked.split(" ").filter((s) => s !== ""))];
  if (scopes.some((s) => !granted.includes(s)))
    throw new OAuthError("invalid_scope", "A refresh cannot widen the granted scope");
  const resource = str(form, "resource");
  if (resource !== null && resource !== row.resource)
    throw new OAuthError("invalid_target", "The resource differs from the grant's");
  const user = row.user;
  // Rotation and the new tokens commit together: whoever then finds the token rotated (a concurrent
  // second use) revokes the family with the successor in it.
  const minted = await mintTokens(ctx, o, {
    client,
    user,
    sessionId: row.sessionId,
    scopes: granted,
    accessScopes: scopes,
    familyId: row.familyId,
    codeId: null,
    resource: row.resource,
    authTime: new Date(row.authTime as Date),
    nonce: null,
    jkt,
  });
  const issued = await ctx.auth.db.transaction(async (db) => {
    const claimed = await db.updateMany({
      model: OAUTH_MODELS.token,
      where: [
        { field: "id", value: row.id },
        { field: "rotatedAt", value: null },
      ],
      update: { rotatedAt: new Date(now) },
    });
    if (claimed !== 1) return null;
    await minted.store(db);
    return minted.body;
  });
  if (issued === null) {
    await revokeFamily(ctx.auth.db, row.familyId, now);
    throw badGrant("The refresh token was already used");
  }
  return issued;
}

/** POST /oauth2/token: the token endpoint (RFC 6749 §3.2), form-encoded, answering §5.1 / §5.2. */
export const token = (o: ResolvedOAuthProviderOptions, clients: ClientStore) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/oauth2/token",
      // A client's back end posts here (no browser, no Origin); client authentication is the protection.
      skipOriginCheck: true,
      acceptsForm: true,
      body: z.record(z.string(), z.unknown()).optional(),
      openapi: {
        summary: "OAuth 2.1 token endpoint (authorization_code, refresh_token, client_credentials, device_code)",
        description: "Form-encoded (RFC 6749 §3.2); errors are RFC 6749 §5.2 `{ error, error_description }`.",
      },
    },
    async (ctx) =>
      answeringOAuthErrors(async () => {
        const form: Form = ctx.body ?? {};
        const client = await authenticateClient(
          ctx.auth,
          clients,
          ctx.headers.get("authorization"),
          form,
          assertionCheck(ctx, clients, "/oauth2/token"),
        );
        const grantType = str(form, "grant_type");
        // RFC 9449 §5: with a DPoP proof, the tokens are bound to its key.
        const proof = ctx.headers.get("dpop");
        const jkt =
          proof === null
            ? null
            : await verifyDpopProof(ctx.auth, proof, { method: "POST", url: endpointUrl(ctx, "/oauth2/token") });
        if (grantType === "authorization_code") return noStoreJson(await redeemCode(ctx, o, client, form, jkt));
        if (grantType === "refresh_token") return noStoreJson(await refresh(ctx, o, client, form, jkt));
        if (grantType === DEVICE_CODE_GRANT) return noStoreJson(await deviceCodeGrant(ctx, o, client, form, jkt));
        if (grantType === "client_credentials")
          return noStoreJson(await clientCredentialsGrant(ctx, o, client, form, jkt));
        if (grantType === null) throw new OAuthError("invalid_request", "grant_type is required");
        throw new OAuthError("unsupported_grant_type", "Unsupported grant_type");
      }),
  );
