import { isAuthError } from "@gatehouse-auth/core";
import type { EndpointOutcome } from "@gatehouse-auth/core";

/**
 * An event another plugin asks the audit log to record for a refusal, carried on the `AuthError` it throws
 * as `auditEvent` (never part of the JSON answer): e.g. `two_factor.locked_out` from @gatehouse-auth/two-factor,
 * which alone knows whose pending sign-in hit the limit.
 */
export interface PluginAuditEvent {
  /** `namespace.action` in lower snake case. */
  type: string;
  userId: string | null;
  details?: Record<string, string | number | boolean>;
}

const TYPE = /^[a-z][a-z_]{0,40}\.[a-z][a-z_]{0,40}$/;
const SCALAR = new Set(["string", "number", "boolean"]);

/** The event a settled outcome's error carries, if well formed (a bad one is ignored, never recorded). */
export function pluginAuditEvent(outcome: EndpointOutcome): PluginAuditEvent | null {
  if (outcome.ok || !isAuthError(outcome.error)) return null;
  const raw = (outcome.error as { auditEvent?: unknown }).auditEvent;
  if (typeof raw !== "object" || raw === null) return null;
  const { type, userId, details } = raw as Record<string, unknown>;
  if (typeof type !== "string" || !TYPE.test(type)) return null;
  if (userId !== null && typeof userId !== "string") return null;
  const safe: Record<string, string | number | boolean> = {};
  if (typeof details === "object" && details !== null)
    for (const [k, v] of Object.entries(details).slice(0, 10))
      if (SCALAR.has(typeof v))
        safe[k.slice(0, 40)] = typeof v === "string" ? v.slice(0, 200) : (v as number | boolean);
  return { type, userId: userId?.slice(0, 64) ?? null, details: safe };
}
