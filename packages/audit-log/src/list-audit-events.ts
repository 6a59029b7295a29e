import type { AuthContext, Where } from "@gatehouse-auth/core";
import { AuthError, CORE_ERRORS } from "@gatehouse-auth/core";
import { z } from "zod";
import type { AuditEvent } from "./audit-event.js";
import { decodeCursor, encodeCursor } from "./audit-cursor.js";
import { AUDIT_LOG_ERRORS } from "./audit-log-errors.js";
import type { ResolvedAuditLogOptions } from "./audit-log-options.js";

const id = z.string().min(1).max(255);

/** Query fields every listing accepts: a page size, a cursor, an event type and a time window. */
export const pageQuery = {
  limit: z
    .string()
    .regex(/^\d{1,3}$/, "limit must be a whole number")
    .optional(),
  cursor: z.string().max(400).optional(),
  type: z.string().min(1).max(64).optional(),
  from: z.string().max(64).optional(),
  to: z.string().max(64).optional(),
};

/** The admin listing's extra filters. */
export const adminFilterQuery = { userId: id.optional(), actorUserId: id.optional(), organizationId: id.optional() };

/** One page of the list endpoints' answer. */
export const auditPageResponse = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      actorUserId: z.string().nullable(),
      userId: z.string().nullable(),
      organizationId: z.string().nullable(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
      outcome: z.enum(["success", "failure"]),
      details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      createdAt: z.iso.datetime(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

/** The page request as the endpoints parsed it. */
export interface PageRequest {
  limit?: string | undefined;
  cursor?: string | undefined;
  type?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const parseDate = (value: string | undefined): Date | null => {
  if (value === undefined) return null;
  const ms = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new AuthError(AUDIT_LOG_ERRORS.AUDIT_LOG_INVALID_DATE);
  return new Date(ms);
};

/**
 * One page of events matching `where` plus the request's type and time window, newest first, and the
 * cursor of the next page (null on the last). `limit` is clamped to 1..`maxLimit`. With a sink only
 * (`database: false`) nothing is stored, so every listing is a 404.
 */
export async function listAuditEvents(
  o: Pick<ResolvedAuditLogOptions, "database">,
  auth: AuthContext,
  where: Where[],
  request: PageRequest,
  maxLimit: number,
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  if (!o.database) throw new AuthError(CORE_ERRORS.NOT_FOUND);
  const limit = Math.min(Math.max(Number(request.limit ?? maxLimit), 1), maxLimit);
  const from = parseDate(request.from);
  const to = parseDate(request.to);
  if (from && to && from > to) throw new AuthError(AUDIT_LOG_ERRORS.AUDIT_LOG_INVALID_DATE);
  const conditions: Where[] = [...where];
  if (request.type) conditions.push({ field: "type", value: request.type });
  if (from) conditions.push({ field: "createdAt", operator: "gte", value: from });
  if (to) conditions.push({ field: "createdAt", operator: "lte", value: to });
  if (request.cursor) {
    const c = decodeCursor(request.cursor);
    const at = new Date(c.t);
    // The bound `createdAt <= at` is implied by the OR below; with it each database seeks to the position in
    // the createdAt index instead of reading (SQLite: merging and sorting) every event before it.
    conditions.push({ field: "createdAt", operator: "lte", value: at });
    conditions.push({
      or: [
        { field: "createdAt", operator: "lt", value: at },
        {
          and: [
            { field: "createdAt", value: at },
            { field: "id", operator: "lt", value: c.id },
          ],
        },
      ],
    });
  }
  const rows = await auth.db.findMany<Record<string, unknown>>({
    model: "auditEvent",
    where: conditions,
    sortBy: { field: "createdAt", direction: "desc" },
    limit: limit + 1,
  });
  const events = rows.slice(0, limit).map(toEvent);
  const last = events.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ t: last.createdAt.getTime(), id: last.id }) : null;
  return { events, nextCursor };
}

function toEvent(row: Record<string, unknown>): AuditEvent {
  let details: AuditEvent["details"] = {};
  try {
    details = JSON.parse(String(row.details ?? "{}")) as AuditEvent["details"];
  } catch {
    // A hand-edited row: show it without details rather than fail the page.
  }
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  return {
    id: String(row.id),
    type: String(row.type),
    actorUserId: text(row.actorUserId),
    userId: text(row.userId),
    organizationId: text(row.organizationId),
    ipAddress: text(row.ipAddress),
    userAgent: text(row.userAgent),
    outcome: row.outcome === "failure" ? "failure" : "success",
    details,
    createdAt: row.createdAt instanceof Date ? row.createdAt : new Date(String(row.createdAt)),
  };
}
