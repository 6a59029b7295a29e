import type { Db } from "../db/create-db.js";
import { createOutputFilter } from "../db/create-db.js";
import { deriveSessionToken, generateId, sha256Base64Url, unsignCookieValue } from "../crypto/index.js";
import type { CookieNames } from "../cookies/cookie-names.js";
import { readCookie, safeDecode } from "../cookies/parse-cookies.js";
import { logForeignCookieSignature } from "./log-foreign-cookie-signature.js";
import type { ResolvedOptions } from "../options/resolve-options.js";
import { findPage } from "../paging/find-page.js";
import type { Page } from "../paging/find-page.js";
import type { Session, SessionWithUser, User } from "../schema/model-types.js";
import type { Row, Schema } from "../schema/schema-types.js";
import type { UserValidationSource } from "./create-user-validation.js";
import type { CacheRead, SessionCache } from "./session-secondary-cache.js";
import type { AnnounceSessionsEnded, SessionEndReason } from "./announce-sessions-ended.js";

/** Where a new session comes from, recorded on the session row. */
export interface SessionOrigin {
  ipAddress?: string | null;
  userAgent?: string;
  /** Extra session columns (plugins), e.g. activeOrganizationId. */
  fields?: Record<string, unknown>;
}

/** What plugins add to the session lifecycle (their `beforeSessionCreate`, `validateUser`, `canRefreshSession`). */
export interface SessionHooks {
  beforeCreate: readonly ((user: User, origin: SessionOrigin) => Promise<void> | void)[];
  validateUser: (user: User, source: UserValidationSource) => Promise<void>;
  canRefresh: readonly ((session: Session) => boolean)[];
}

const NO_HOOKS: SessionHooks = { beforeCreate: [], validateUser: async () => {}, canRefresh: [] };

/** A session as a listing reads it: every returned field, the bearer token only when asked for. */
export interface ListedSessionRow {
  id: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  ipAddress?: string | null;
  userAgent?: string | null;
  token?: string;
  [field: string]: unknown;
}

/** Session lifecycle: hashed-at-rest tokens, sliding refresh, expiry. */
export interface SessionService {
  /** Runs the plugins' `validateUser` and `beforeSessionCreate` first; either may throw to refuse. */
  create(db: Db, user: User, origin: SessionOrigin): Promise<SessionWithUser>;
  /** The verified bearer token in a Cookie header, or null when absent or wrongly signed. */
  tokenFromCookieHeader(header: string | null): string | null;
  /**
   * Session and user in one query; null when unknown. Expired sessions are deleted and give null. The
   * plugins' `validateUser` sees the user and may throw (a ban placed while a sign-in was in flight).
   */
  findByToken(token: string): Promise<SessionWithUser | null>;
  /** True when the session is older than the update age and no plugin's `canRefreshSession` holds it back. */
  needsRefresh(session: Session): boolean;
  refresh(session: Session): Promise<Session | null>;
  /** Every unexpired session of a user, unbounded: for internal checks; listings read `pageByUser`. */
  listByUser(userId: string): Promise<Session[]>;
  /**
   * One page of a user's unexpired sessions, newest first (`createdAt`, then id), and the next page's
   * cursor: one query whatever the user's session count. Needs the index session(userId, createdAt, id).
   */
  pageByUser(
    userId: string,
    page: { limit: number; cursor?: string | undefined; withTokens?: boolean },
  ): Promise<Page<ListedSessionRow>>;
  /**
   * Deletes the session holding `token` (only when it is `userId`'s, if given) and tells the plugins'
   * `onSessionsEnded` why (`signed-out` unless said otherwise). Answers how many rows went (0 or 1).
   */
  deleteByToken(token: string, userId?: string, reason?: SessionEndReason): Promise<number>;
  /** Deletes the session with this id and tells the plugins' `onSessionsEnded` why. Answers 0 or 1. */
  deleteById(id: string, reason: SessionEndReason): Promise<number>;
  /** Output shape of a user (hidden fields dropped). */
  publicUser(user: Row | User): User;
  /** Output shape of a session row, with the bearer token in place of the stored hash. */
  publicSession(row: Row, token: string): Session;
}

/** The token the client holds is derived from the session id, so only its hash needs storing. */
export function createSessionService(
  options: ResolvedOptions,
  schema: Schema,
  db: Db,
  cookies: CookieNames,
  hooks: SessionHooks = NO_HOOKS,
  cache: SessionCache | null = null,
  announce: AnnounceSessionsEnded | null = null,
): SessionService {
  const { secret } = options;
  const { now } = options.advanced;
  const { expiresIn, updateAge } = options.session;
  const filterUser = createOutputFilter(schema, "user");
  const filterSession = createOutputFilter(schema, "session");
  const userJoin = [{ model: "user", localField: "userId", foreignField: "id", as: "user" }];

  const publicUser = (user: Row | User) => filterUser(user as Record<string, unknown>) as User;
  const publicSession = (row: Row, token: string) => {
    const out = filterSession(row) as Session;
    out.token = token;
    return out;
  };
  const deleteWhere = (where: Parameters<Db["deleteMany"]>[0]["where"]) => db.deleteMany({ model: "session", where });
  /**
   * Deletes the one session `where` names; with a listening plugin, reads its id and user first and
   * announces it once the delete has happened (no transaction here: the delete is already committed).
   */
  const deleteOne = async (where: Parameters<Db["deleteMany"]>[0]["where"], reason: SessionEndReason) => {
    if (!announce) return deleteWhere(where);
    const row = await db.findOne({ model: "session", where, select: ["id", "userId"] });
    if (!row) return 0;
    const deleted = await deleteWhere([{ field: "id", value: row.id }]);
    if (deleted > 0) await announce({ userId: String(row.userId), sessionIds: [String(row.id)], reason });
    return deleted;
  };

  return {
    publicUser,
    publicSession,
    async create(txDb, user, origin) {
      await hooks.validateUser(user, "new-session");
      for (const guard of hooks.beforeCreate) await guard(user, origin);
      const id = generateId();
      const token = deriveSessionToken(secret, id);
      const at = new Date(now());
      const row = await txDb.create({
        model: "session",
        data: {
          ...origin.fields,
          id,
          token: sha256Base64Url(token),
          userId: user.id,
          expiresAt: new Date(at.getTime() + expiresIn * 1000),
          ipAddress: origin.ipAddress || null,
          userAgent: origin.userAgent?.slice(0, 512) || null,
          createdAt: at,
          updatedAt: at,
        },
      });
      return { session: publicSession(row, token), user: publicUser(user) };
    },
    tokenFromCookieHeader(header) {
      const signed = readCookie(header, cookies.sessionToken);
      const decoded = signed ? safeDecode(signed) : null;
      if (!decoded) return null;
      const token = unsignCookieValue(secret, decoded);
      if (token === null) logForeignCookieSignature(options.logger, decoded);
      return token;
    },
    async findByToken(token) {
      const hash = sha256Base64Url(token);
      // With a session cache, a hit answers with no query; the database stays the source of truth
      // (a miss, a marked entry or an unreachable store all read it).
      const cached: CacheRead = cache ? await cache.read(hash) : { kind: "skip" };
      if (cached.kind === "revoked") return null;
      let session: Row;
      let user: Row | null;
      if (cached.kind === "hit") {
        ({ session, user } = cached.data);
      } else {
        const row = await db.findOne({ model: "session", where: [{ field: "token", value: hash }], join: userJoin });
        if (!row) return null;
        ({ user, ...session } = row as Row & { user: Row | null });
      }
      if (!user) return null;
      if ((session.expiresAt as Date).getTime() <= now()) {
        const deleted = await deleteWhere([{ field: "id", value: session.id }]);
        if (deleted > 0)
          await announce?.({ userId: String(session.userId), sessionIds: [String(session.id)], reason: "expired" });
        return null;
      }
      await hooks.validateUser(user as User, "session");
      if (cached.kind === "miss") await cache?.fill(cached.key, { session, user });
      return { session: publicSession(session, token), user: publicUser(user) };
    },
    needsRefresh(session) {
      const lastRefresh = session.expiresAt.getTime() - expiresIn * 1000;
      if (now() - lastRefresh < updateAge * 1000) return false;
      return hooks.canRefresh.every((canRefresh) => canRefresh(session));
    },
    async refresh(session) {
      const row = await db.update({
        model: "session",
        where: [{ field: "id", value: session.id }],
        update: { expiresAt: new Date(now() + expiresIn * 1000) },
      });
      return row ? publicSession(row, session.token) : null;
    },
    async listByUser(userId) {
      const rows = await db.findMany({
        model: "session",
        where: [
          { field: "userId", value: userId },
          { field: "expiresAt", operator: "gt", value: new Date(now()) },
        ],
        sortBy: { field: "createdAt", direction: "asc" },
      });
      return rows.map((row) => publicSession(row, deriveSessionToken(secret, row.id)));
    },
    async pageByUser(userId, page) {
      const { rows, nextCursor } = await findPage(
        { db, secret },
        {
          listing: `sessions:${userId}`,
          model: "session",
          where: [
            { field: "userId", value: userId },
            { field: "expiresAt", operator: "gt", value: new Date(now()) },
          ],
          sortBy: { field: "createdAt", direction: "desc" },
          limit: page.limit,
          cursor: page.cursor,
        },
      );
      // The bearer token only when the listing shows it: deriving it is an HMAC per row, 100 a page.
      const out = rows.map((row) =>
        page.withTokens
          ? publicSession(row, deriveSessionToken(secret, row.id))
          : (filterSession(row) as ListedSessionRow),
      );
      return { rows: out, nextCursor };
    },
    deleteByToken(token, userId, reason = "signed-out") {
      return deleteOne(
        [{ field: "token", value: sha256Base64Url(token) }, ...(userId ? [{ field: "userId", value: userId }] : [])],
        reason,
      );
    },
    deleteById(id, reason) {
      return deleteOne([{ field: "id", value: id }], reason);
    },
  };
}
