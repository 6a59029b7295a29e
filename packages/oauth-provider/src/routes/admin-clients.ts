import {
  AuthError,
  CORE_ERRORS,
  type SessionWithUser,
  clampPageLimit,
  defineEndpoint,
  findPage,
  generateRandomString,
  pageQuery,
} from "@gatehouse-auth/core";
import { z } from "zod";
import { isAcceptableBackchannelLogoutUri } from "../backchannel-logout-uri.js";
import { isAcceptableRedirectUri } from "../client-metadata-policy.js";
import { type ClientStore, hashSecret } from "../oauth-client.js";
import type { OAuthClientConfig, ResolvedOAuthProviderOptions } from "../oauth-provider-options.js";
import { OAUTH_PROVIDER_ERRORS } from "../oauth-provider-errors.js";
import { OAUTH_MODELS } from "../oauth-schema.js";
import { deleteStoredClient, revokeClientGrants } from "../revoke-grants.js";
import { findStoredClientRow } from "../stored-clients.js";
import { sectorOf } from "../subject.js";

/** Page sizes of the admin client listing (docs/paging.md). */
export const ADMIN_CLIENTS_PAGE_LIMITS = { default: 100, max: 100 } as const;

const rolesOf = (value: unknown): string[] =>
  typeof value === "string"
    ? value
        .split(",")
        .map((r) => r.trim())
        .filter(Boolean)
    : [];

/** Whether the signed-in user is an app admin (the admin plugin's `role` names one of `adminRoles`). */
const isClientAdmin = (o: ResolvedOAuthProviderOptions, session: SessionWithUser) =>
  rolesOf((session.user as { role?: unknown }).role).some((r) => o.adminRoles.includes(r));

/** Refuses (403) unless the signed-in user is an app admin. */
function requireClientAdmin(o: ResolvedOAuthProviderOptions, session: SessionWithUser) {
  if (!isClientAdmin(o, session)) throw new AuthError(OAUTH_PROVIDER_ERRORS.NOT_ALLOWED_TO_MANAGE_CLIENTS);
}

/**
 * GET /oauth2/admin/can-manage-clients: whether the signed-in user may use this API (an admin UI such as
 * the dashboard shows its clients page only then, without provoking a refusal).
 */
export const adminCanManageClients = (o: ResolvedOAuthProviderOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/oauth2/admin/can-manage-clients",
      session: "required",
      openapi: {
        summary: "Whether the signed-in user may manage OAuth clients",
        response: z.object({ allowed: z.boolean() }),
      },
    },
    async (ctx) => ({ allowed: isClientAdmin(o, ctx.session) }),
  );

/** A client as the admin API shows it: never a secret or registration token hash. */
const clientView = z.object({
  clientId: z.string(),
  name: z.string().nullable(),
  redirectUris: z.array(z.string()),
  postLogoutRedirectUris: z.array(z.string()),
  grantTypes: z.array(z.string()),
  tokenEndpointAuthMethod: z.string(),
  skipConsent: z.boolean(),
  disabled: z.boolean(),
  /** From the options: read-only here. */
  configured: z.boolean(),
  /** Registered through RFC 7591 (it manages itself with its registration access token too). */
  dynamicallyRegistered: z.boolean(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.date().nullable(),
  updatedAt: z.date().nullable(),
});
type ClientView = z.infer<typeof clientView>;

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

function storedView(row: Record<string, unknown>): ClientView {
  return {
    clientId: String(row.id),
    name: typeof row.name === "string" ? row.name : null,
    redirectUris: strings(row.redirectUris),
    postLogoutRedirectUris: strings(row.postLogoutRedirectUris),
    grantTypes: strings(row.grantTypes),
    tokenEndpointAuthMethod: String(row.tokenEndpointAuthMethod),
    skipConsent: row.skipConsent === true,
    disabled: row.disabled === true,
    configured: false,
    dynamicallyRegistered: typeof row.registrationTokenHash === "string",
    metadata: row.metadata && typeof row.metadata === "object" ? (row.metadata as Record<string, unknown>) : null,
    createdAt: row.createdAt ? new Date(row.createdAt as Date) : null,
    updatedAt: row.updatedAt ? new Date(row.updatedAt as Date) : null,
  };
}

function configuredMetadata(c: OAuthClientConfig): Record<string, unknown> | null {
  const m: Record<string, unknown> = {};
  if (c.subjectType === "pairwise") m.subject_type = "pairwise";
  if (c.backchannelLogoutUri !== undefined) {
    m.backchannel_logout_uri = c.backchannelLogoutUri;
    m.backchannel_logout_session_required = c.backchannelLogoutSessionRequired === true;
  }
  return Object.keys(m).length > 0 ? m : null;
}

function configuredView(c: OAuthClientConfig): ClientView {
  return {
    clientId: c.clientId,
    name: c.name ?? null,
    redirectUris: [...c.redirectUris],
    postLogoutRedirectUris: [...(c.postLogoutRedirectUris ?? [])],
    grantTypes: [...(c.grantTypes ?? ["authorization_code", "refresh_token"])],
    tokenEndpointAuthMethod: c.tokenEndpointAuthMethod ?? (c.clientSecret ? "client_secret_basic" : "none"),
    skipConsent: c.skipConsent ?? false,
    disabled: c.disabled ?? false,
    configured: true,
    dynamicallyRegistered: false,
    // Shown as a stored client's would be: the subject type and back-channel logout settings.
    metadata: configuredMetadata(c),
    createdAt: null,
    updatedAt: null,
  };
}

const clientIdBody = z.object({ clientId: z.string().min(1).max(255) });
const uris = (max: number) => z.array(z.string().max(2048)).max(max);

/**
 * `metadata` with an admin's back-channel logout settings applied (OIDC Back-Channel Logout §2.2), checked by
 * the rule registration uses: https on a public host unless `allowPrivateBackchannelLogoutHosts`. An absent
 * field keeps the current value; a null URI removes both; a session requirement needs a URI.
 */
function withBackchannelLogout(
  o: ResolvedOAuthProviderOptions,
  metadata: Record<string, unknown>,
  b: { backchannelLogoutUri?: string | null; backchannelLogoutSessionRequired?: boolean },
): Record<string, unknown> {
  const next = { ...metadata };
  if (b.backchannelLogoutUri === null) {
    delete next.backchannel_logout_uri;
    delete next.backchannel_logout_session_required;
  } else if (b.backchannelLogoutUri !== undefined) {
    if (!isAcceptableBackchannelLogoutUri(b.backchannelLogoutUri, o.allowPrivateBackchannelLogoutHosts))
      throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA);
    next.backchannel_logout_uri = b.backchannelLogoutUri;
    next.backchannel_logout_session_required = next.backchannel_logout_session_required === true;
  }
  if (b.backchannelLogoutSessionRequired !== undefined) {
    if (typeof next.backchannel_logout_uri !== "string")
      throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA);
    next.backchannel_logout_session_required = b.backchannelLogoutSessionRequired;
  }
  return next;
}

/** The stored client an admin write acts on: configured ones are read-only, unknown ones 404. */
async function writableRow(
  ctx: { auth: { db: Parameters<typeof findStoredClientRow>[0] } },
  clients: ClientStore,
  id: string,
) {
  if (clients.isConfigured(id)) throw new AuthError(OAUTH_PROVIDER_ERRORS.CONFIGURED_CLIENT_READ_ONLY);
  const row = await findStoredClientRow(ctx.auth.db, id);
  if (!row) throw new AuthError(OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND);
  return row;
}

const write = (
  summary: string,
  errors: readonly (typeof OAUTH_PROVIDER_ERRORS)[keyof typeof OAUTH_PROVIDER_ERRORS][] = [
    OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND,
  ],
) => ({
  session: "required" as const,
  // Changing who may sign users in is an admin's own act: no API key, no impersonator.
  credentials: "own-session" as const,
  openapi: {
    summary,
    errors: [
      OAUTH_PROVIDER_ERRORS.NOT_ALLOWED_TO_MANAGE_CLIENTS,
      OAUTH_PROVIDER_ERRORS.CONFIGURED_CLIENT_READ_ONLY,
      ...errors,
    ],
  },
});

/** GET /oauth2/admin/list-clients: every client, newest stored first; the first page starts with the configured ones. */
export const adminListClients = (o: ResolvedOAuthProviderOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/oauth2/admin/list-clients",
      query: z.object({ ...pageQuery }),
      session: "required",
      openapi: {
        summary: "List OAuth clients (app admins)",
        description:
          "Stored clients newest first, at most 100 a page (`nextCursor`); the first page also lists the configured clients, flagged `configured: true`.",
        response: z.object({ clients: z.array(clientView), nextCursor: z.string().nullable() }),
        errors: [OAUTH_PROVIDER_ERRORS.NOT_ALLOWED_TO_MANAGE_CLIENTS, CORE_ERRORS.INVALID_CURSOR],
      },
    },
    async (ctx) => {
      requireClientAdmin(o, ctx.session);
      // On the oauthClient(createdAt, id) index: one range read a page.
      const page = await findPage<Record<string, unknown>>(ctx.auth, {
        listing: "oauth-admin-clients",
        model: OAUTH_MODELS.client,
        where: [],
        sortBy: { field: "createdAt", direction: "desc" },
        limit: clampPageLimit(ctx.query.limit, ADMIN_CLIENTS_PAGE_LIMITS),
        cursor: ctx.query.cursor,
      });
      const configured = ctx.query.cursor === undefined ? o.clients.map(configuredView) : [];
      return { clients: [...configured, ...page.rows.map(storedView)], nextCursor: page.nextCursor };
    },
  );

/** GET /oauth2/admin/get-client?clientId=… */
export const adminGetClient = (o: ResolvedOAuthProviderOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/oauth2/admin/get-client",
      query: clientIdBody,
      session: "required",
      openapi: {
        summary: "One OAuth client (app admins)",
        response: clientView,
        errors: [OAUTH_PROVIDER_ERRORS.NOT_ALLOWED_TO_MANAGE_CLIENTS, OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND],
      },
    },
    async (ctx) => {
      requireClientAdmin(o, ctx.session);
      const known = o.clients.find((c) => c.clientId === ctx.query.clientId);
      if (known) return configuredView(known);
      const row = await findStoredClientRow(ctx.auth.db, ctx.query.clientId);
      if (!row) throw new AuthError(OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND);
      return storedView(row);
    },
  );

/** POST /oauth2/admin/create-client: a confidential or public client; the secret is shown this once. */
export const adminCreateClient = (o: ResolvedOAuthProviderOptions, clients: ClientStore) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/oauth2/admin/create-client",
      body: z.object({
        name: z.string().trim().min(1).max(255),
        redirectUris: uris(20).min(1),
        postLogoutRedirectUris: uris(20).optional(),
        type: z.enum(["confidential", "public"]).optional(),
        tokenEndpointAuthMethod: z.enum(["client_secret_basic", "client_secret_post"]).optional(),
        grantTypes: z
          .array(z.enum(["authorization_code", "refresh_token"]))
          .min(1)
          .max(2)
          .optional(),
        skipConsent: z.boolean().optional(),
        /** OIDC Core §8: `pairwise` needs every redirect URI on one host (its sector). Default `public`. */
        subjectType: z.enum(["public", "pairwise"]).optional(),
        /** OIDC Back-Channel Logout: the same URI rules as registration (https on a public host). */
        backchannelLogoutUri: z.string().max(2048).optional(),
        backchannelLogoutSessionRequired: z.boolean().optional(),
      }),
      ...write("Create an OAuth client (app admins); answers its secret once", [
        OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA,
      ]),
    },
    async (ctx) => {
      requireClientAdmin(o, ctx.session);
      const b = ctx.body;
      if (![...b.redirectUris, ...(b.postLogoutRedirectUris ?? [])].every(isAcceptableRedirectUri))
        throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA);
      const isPublic = b.type === "public";
      if (isPublic && b.tokenEndpointAuthMethod) throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA);
      const grantTypes = b.grantTypes ?? ["authorization_code", "refresh_token"];
      if (!grantTypes.includes("authorization_code"))
        throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA);
      const pairwise = b.subjectType === "pairwise";
      if (pairwise && sectorOf(b.redirectUris) === null)
        throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA);
      const metadata = withBackchannelLogout(o, pairwise ? { subject_type: "pairwise" } : {}, b);
      let clientId = generateRandomString(32);
      while (clients.isConfigured(clientId)) clientId = generateRandomString(32);
      const clientSecret = isPublic ? null : generateRandomString(48);
      const row = await ctx.auth.db.create<Record<string, unknown>>({
        model: OAUTH_MODELS.client,
        data: {
          id: clientId,
          name: b.name,
          secretHash: clientSecret ? hashSecret(clientSecret) : null,
          redirectUris: b.redirectUris,
          postLogoutRedirectUris: b.postLogoutRedirectUris ?? [],
          grantTypes: [...new Set(grantTypes)],
          tokenEndpointAuthMethod: isPublic ? "none" : (b.tokenEndpointAuthMethod ?? "client_secret_basic"),
          skipConsent: b.skipConsent ?? false,
          disabled: false,
          // The subject type and back-channel logout ride in the metadata, as for a registered client
          // (oauth-client.ts reads them).
          ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
          // No owner: the row's userId cascades on user deletion, and an admin leaving must not delete
          // the clients they made (the audit log names who created it).
        },
      });
      return { client: storedView({ ...row, id: clientId }), clientSecret };
    },
  );

/** POST /oauth2/admin/update-client: name, redirect URIs, post-logout URIs, skipConsent. */
export const adminUpdateClient = (o: ResolvedOAuthProviderOptions, clients: ClientStore) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/oauth2/admin/update-client",
      body: clientIdBody.extend({
        name: z.string().trim().min(1).max(255).optional(),
        redirectUris: uris(20).min(1).optional(),
        postLogoutRedirectUris: uris(20).optional(),
        skipConsent: z.boolean().optional(),
        /** A new back-channel logout URI, or null to remove it (and the session requirement with it). */
        backchannelLogoutUri: z.string().max(2048).nullable().optional(),
        backchannelLogoutSessionRequired: z.boolean().optional(),
      }),
      ...write("Update an OAuth client (app admins)", [
        OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND,
        OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA,
      ]),
    },
    async (ctx) => {
      requireClientAdmin(o, ctx.session);
      const { clientId, ...b } = ctx.body;
      const current = await writableRow(ctx, clients, clientId);
      if (![...(b.redirectUris ?? []), ...(b.postLogoutRedirectUris ?? [])].every(isAcceptableRedirectUri))
        throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA);
      // A pairwise client keeps one redirect host: its sector (subject.ts), unless a sector_identifier_uri names it.
      const kept = current.metadata as { subject_type?: unknown; sector_identifier_uri?: unknown } | null;
      const pairwise = kept?.subject_type === "pairwise" && typeof kept.sector_identifier_uri !== "string";
      if (pairwise && b.redirectUris !== undefined && sectorOf(b.redirectUris) === null)
        throw new AuthError(OAUTH_PROVIDER_ERRORS.INVALID_CLIENT_METADATA);
      const update: Record<string, unknown> = {};
      for (const key of ["name", "redirectUris", "postLogoutRedirectUris", "skipConsent"] as const)
        if (b[key] !== undefined) update[key] = b[key];
      if (b.backchannelLogoutUri !== undefined || b.backchannelLogoutSessionRequired !== undefined) {
        const kept =
          current.metadata && typeof current.metadata === "object" ? (current.metadata as Record<string, unknown>) : {};
        update.metadata = withBackchannelLogout(o, kept, b);
      }
      const row =
        Object.keys(update).length === 0
          ? await findStoredClientRow(ctx.auth.db, clientId)
          : await ctx.auth.db.update<Record<string, unknown>>({
              model: OAUTH_MODELS.client,
              where: [{ field: "id", value: clientId }],
              update,
            });
      if (!row) throw new AuthError(OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND);
      return storedView({ ...row, id: clientId });
    },
  );

/** POST /oauth2/admin/rotate-client-secret: a new secret, shown once; the old one stops working at once. */
export const adminRotateClientSecret = (o: ResolvedOAuthProviderOptions, clients: ClientStore) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/oauth2/admin/rotate-client-secret",
      body: clientIdBody,
      ...write("Rotate an OAuth client's secret (app admins); answers the new one once", [
        OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND,
        OAUTH_PROVIDER_ERRORS.PUBLIC_CLIENT_HAS_NO_SECRET,
        OAUTH_PROVIDER_ERRORS.KEY_CLIENT_HAS_NO_SECRET,
      ]),
    },
    async (ctx) => {
      requireClientAdmin(o, ctx.session);
      const { clientId } = ctx.body;
      const row = await writableRow(ctx, clients, clientId);
      if (row.tokenEndpointAuthMethod === "none")
        throw new AuthError(OAUTH_PROVIDER_ERRORS.PUBLIC_CLIENT_HAS_NO_SECRET);
      // A secret next to its keys would open a second, weaker way in (a registered private_key_jwt client).
      if (row.tokenEndpointAuthMethod === "private_key_jwt")
        throw new AuthError(OAUTH_PROVIDER_ERRORS.KEY_CLIENT_HAS_NO_SECRET);
      const clientSecret = generateRandomString(48);
      const updated = await ctx.auth.db.update({
        model: OAUTH_MODELS.client,
        where: [{ field: "id", value: clientId }],
        update: { secretHash: hashSecret(clientSecret) },
      });
      if (!updated) throw new AuthError(OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND);
      return { clientId, clientSecret };
    },
  );

/** POST /oauth2/admin/disable-client and /enable-client. Disabling revokes every token and unredeemed code. */
export const adminSetClientDisabled = (o: ResolvedOAuthProviderOptions, clients: ClientStore, disabled: boolean) =>
  defineEndpoint(
    {
      method: "POST",
      path: disabled ? "/oauth2/admin/disable-client" : "/oauth2/admin/enable-client",
      body: clientIdBody,
      ...write(
        disabled
          ? "Disable an OAuth client (app admins): it can no longer authenticate, and its tokens are revoked"
          : "Enable a disabled OAuth client (app admins)",
      ),
    },
    async (ctx) => {
      requireClientAdmin(o, ctx.session);
      const { clientId } = ctx.body;
      await writableRow(ctx, clients, clientId);
      const row = await ctx.auth.db.update<Record<string, unknown>>({
        model: OAUTH_MODELS.client,
        where: [{ field: "id", value: clientId }],
        update: { disabled },
      });
      if (!row) throw new AuthError(OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND);
      // After the flag: no new code or token can start, then what was issued dies.
      if (disabled) await revokeClientGrants(ctx.auth.db, clientId, new Date(ctx.auth.now()));
      return storedView({ ...row, id: clientId });
    },
  );

/** POST /oauth2/admin/delete-client: the client is gone, its tokens revoked, consents and codes removed. */
export const adminDeleteClient = (o: ResolvedOAuthProviderOptions, clients: ClientStore) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/oauth2/admin/delete-client",
      body: clientIdBody,
      ...write("Delete an OAuth client (app admins)"),
    },
    async (ctx) => {
      requireClientAdmin(o, ctx.session);
      const { clientId } = ctx.body;
      await writableRow(ctx, clients, clientId);
      if (!(await deleteStoredClient(ctx.auth.db, clientId, new Date(ctx.auth.now()))))
        throw new AuthError(OAUTH_PROVIDER_ERRORS.CLIENT_NOT_FOUND);
      return { success: true };
    },
  );
