import type { AuthContext, EndpointOutcome, HookContext, SessionsEndedEvent } from "@gatehouse-auth/core";
import { isAuthError } from "@gatehouse-auth/core";
import type { NewAuditEvent } from "./audit-event.js";
import type { ResolvedAuditLogOptions } from "./audit-log-options.js";
import { bumpDailyCount, DAILY_COUNTED_TYPES } from "./audit-daily-count.js";
import { clientBucket } from "./client-bucket.js";
import { isRecordedRoute, isSignIn, mapEvent, type RouteConfig } from "./event-map.js";
import { findAttemptedAccount } from "./find-attempted-account.js";
import { pluginAuditEvent } from "./plugin-audit-event.js";
import type { Mapped, PreCapture } from "./event-types.js";
import { createRateLimitSampler } from "./rate-limit-sampler.js";
import type { RateLimitedRequest } from "./rate-limited-request.js";
import { asRecord, str } from "./safe-details.js";
import { scimBulkEvents } from "./sso-events.js";

/** Writes events to the table and/or the sink; a failure is logged and goes no further. */
export interface AuditRecorder {
  /** The plugin's `onEndpointSettled`. */
  settled(ctx: HookContext, outcome: EndpointOutcome): Promise<void>;
  /** The plugin's `onUserSessionsEnded`: ends that no endpoint of their own records. */
  sessionsEnded(event: SessionsEndedEvent): void;
  /** The plugin's `onRateLimited`: a 429 of core's rate limiter, answered before the endpoint ran. */
  rateLimited(request: RateLimitedRequest): Promise<void>;
  /** Keeps the context `init` gives (the database outside any transaction, the logger, the clock). */
  bind(auth: AuthContext): void;
  /** Facts captured by the before hook, per request. */
  pre: WeakMap<HookContext, PreCapture>;
}

/**
 * Session ends whose endpoint's own event (with its actor) already says so: not recorded twice. A reset
 * (core's link, or a plugin's emailed or texted code) and a claimed address are recorded from the hook.
 */
const ENDED_BY_ENDPOINT = new Set([
  "signed-out-everywhere",
  "revoked-by-admin",
  "password-changed",
  "banned",
  "user-deleted",
]);

/** A 429 on a recorded route, before sampling. */
interface RefusedForRate {
  config: RouteConfig;
  clientIp: string | null;
  userAgent: string | null;
  error: string;
  retryAfter: number | undefined;
  actorUserId: string | null;
  /** Whom it concerns, looked up only if the refusal is recorded. */
  subject: () => Promise<string | null>;
}

/** Builds the recorder; timestamps strictly increase within a process so that cursors never tie. */
export function createAuditRecorder(o: ResolvedAuditLogOptions): AuditRecorder {
  let auth: AuthContext | null = null;
  let lastMs = 0;
  const pre = new WeakMap<HookContext, PreCapture>();
  // 429s are sampled, not written one by one: a flood of refusals must not become a flood of rows.
  const sampler = createRateLimitSampler();

  const stamp = (now: number) => {
    lastMs = Math.max(now, lastMs + 1);
    return new Date(lastMs);
  };

  const log = (what: string, error: unknown) =>
    auth?.options.logger.error(`Gatehouse audit-log: ${what} failed; the request went on without it`, error);

  async function write(event: NewAuditEvent): Promise<void> {
    const a = auth;
    if (!a) return;
    const tasks: Promise<unknown>[] = [];
    if (o.database) {
      tasks.push(
        a.db
          .create({ model: "auditEvent", data: { ...event, details: JSON.stringify(event.details) } })
          .catch((error: unknown) => log("writing an audit event", error)),
      );
      // Beside the event, not in a transaction with it: a counter is a summary for charts, and a failed
      // write of either is logged without holding up the other.
      if (DAILY_COUNTED_TYPES.has(event.type))
        tasks.push(
          bumpDailyCount(a.db, event.type, event.createdAt).catch((error: unknown) =>
            log("counting an audit event", error),
          ),
        );
    }
    if (o.sink) {
      const sink = o.sink;
      tasks.push((async () => sink(event))().catch((error: unknown) => log("the audit-log sink", error)));
    }
    await Promise.all(tasks);
  }

  async function recordRateLimited(r: RefusedForRate): Promise<void> {
    const a = auth;
    if (!a || !isRecordedRoute(r.config)) return;
    const now = a.now();
    const repeated = sampler.admit(`${r.config.path}|${clientBucket(r.clientIp)}`, now);
    if (repeated === null) return;
    const details: Record<string, string | number | boolean> = {
      path: r.config.path.slice(0, 200),
      status: 429,
      error: r.error,
    };
    if (r.retryAfter !== undefined && Number.isFinite(r.retryAfter)) details.retryAfter = r.retryAfter;
    if (repeated > 0) details.repeated = repeated;
    await write({
      type: "request.rate_limited",
      actorUserId: r.actorUserId,
      userId: await r.subject(),
      organizationId: null,
      ipAddress: r.clientIp?.slice(0, 64) ?? null,
      userAgent: r.userAgent?.slice(0, 512) ?? null,
      outcome: "failure",
      details,
      createdAt: stamp(now),
    });
  }

  /** Writes one mapped event of a settled invocation, with its actor, subject, address and outcome. */
  async function record(ctx: HookContext, outcome: EndpointOutcome, mapped: Mapped): Promise<void> {
    const session = ctx.session;
    // An impersonating admin acts under the user's session: the admin is the actor.
    const impersonator = str(asRecord(session?.session).impersonatedBy);
    const actorUserId =
      mapped.actorUserId !== undefined ? mapped.actorUserId : (impersonator ?? session?.user.id ?? null);
    let userId = mapped.userId !== undefined ? mapped.userId : (session?.user.id ?? null);
    if (userId === null && mapped.findUserId) userId = await mapped.findUserId();
    const details = { ...mapped.details };
    if (impersonator) details.impersonation = true;
    if (!outcome.ok) {
      details.status = outcome.status;
      if (isAuthError(outcome.error)) details.error = outcome.error.code;
    }
    if (mapped.type === "user.sign_in_failed") {
      // The account someone tried to get into, so its owner sees the attempt in their security log.
      userId = await findAttemptedAccount(ctx);
    } else if (!outcome.ok && !actorUserId && !userId) {
      // A refusal that concerns nobody (an anonymous call to a signed-in endpoint) is not an event.
      return;
    }
    await write({
      type: mapped.type,
      actorUserId,
      userId,
      organizationId: mapped.organizationId ?? null,
      ipAddress: ctx.clientIp?.slice(0, 64) ?? null,
      userAgent: ctx.headers.get("user-agent")?.slice(0, 512) ?? null,
      outcome: mapped.outcome ?? (outcome.ok ? "success" : "failure"),
      details,
      createdAt: stamp(ctx.auth.now()),
    });
  }

  return {
    pre,
    bind(context) {
      auth = context;
    },
    async settled(ctx, outcome) {
      try {
        const carried = pluginAuditEvent(outcome);
        if (carried) {
          // A plugin's own event for this refusal (a two-factor lockout): once, unsampled, with its subject.
          await write({
            type: carried.type,
            actorUserId: ctx.session?.user.id ?? null,
            userId: carried.userId,
            organizationId: null,
            ipAddress: ctx.clientIp?.slice(0, 64) ?? null,
            userAgent: ctx.headers.get("user-agent")?.slice(0, 512) ?? null,
            outcome: "failure",
            details: { ...carried.details, status: outcome.status, error: (outcome.error as { code: string }).code },
            createdAt: stamp(ctx.auth.now()),
          });
          return;
        }
        if (!outcome.ok && outcome.status === 429) {
          // A plugin's own limit (codes sent to an address, an API key's quota): sampled like core's.
          const error = isAuthError(outcome.error) ? outcome.error : null;
          const signedIn = ctx.session?.user.id ?? null;
          const impersonator = str(asRecord(ctx.session?.session).impersonatedBy);
          await recordRateLimited({
            config: ctx.endpoint.config,
            clientIp: ctx.clientIp,
            userAgent: ctx.headers.get("user-agent"),
            error: error?.code ?? "TOO_MANY_REQUESTS",
            retryAfter: error?.headers?.["retry-after"] ? Number(error.headers["retry-after"]) : undefined,
            actorUserId: impersonator ?? signedIn,
            subject: async () => signedIn ?? (isSignIn(ctx.endpoint.config) ? await findAttemptedAccount(ctx) : null),
          });
          return;
        }
        const settled = { ctx, outcome, pre: pre.get(ctx), body: asRecord(ctx.body), result: asRecord(outcome.result) };
        // A SCIM /Bulk request: one event per operation, as each single request would record it.
        for (const mapped of scimBulkEvents(settled) ?? [mapEvent(settled)])
          if (mapped) await record(ctx, outcome, mapped);
      } catch (error) {
        log("recording an audit event", error);
      }
    },
    async rateLimited(request) {
      try {
        await recordRateLimited({
          config: request.endpoint.config,
          clientIp: request.clientIp,
          userAgent: request.headers.get("user-agent"),
          error: "TOO_MANY_REQUESTS",
          retryAfter: request.retryAfter,
          // Refused before the session was read or the body parsed: nobody is known, only the address.
          actorUserId: null,
          subject: async () => null,
        });
      } catch (error) {
        log("recording a rate-limited request", error);
      }
    },
    sessionsEnded({ userId, reason }) {
      if (ENDED_BY_ENDPOINT.has(reason) || !auth) return;
      const now = auth.now();
      // Outside the caller's transaction and after it: the audit log never holds up or rolls back a change.
      auth.background.run("recording ended sessions in the audit log", async () => {
        // A timer: after the caller's transaction has committed, not inside it.
        await new Promise((resolve) => setTimeout(resolve, 0));
        await write({
          type: "session.revoked",
          actorUserId: null,
          userId,
          organizationId: null,
          ipAddress: null,
          userAgent: null,
          outcome: "success",
          details: { scope: "all", reason },
          createdAt: stamp(now),
        });
      });
    },
  };
}
