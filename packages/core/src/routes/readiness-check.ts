import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { EndpointResponse } from "../api/endpoint-response.js";
import { DATABASE_RETRY_AFTER_SECONDS } from "../api/handle-request.js";
import { CORE_ERRORS } from "../errors/core-errors.js";

/**
 * How long each dependency may take to answer. Below Kubernetes' default probe timeout (1 s), so a
 * hung database makes the probe read our 503 naming it rather than time out without a word; a
 * `select 1` that takes longer than this is as good as down.
 */
const CHECK_TIMEOUT_MS = 800;

/** A key no feature uses, read when a secondary storage has no `ping`. */
const PROBE_KEY = "gatehouse:readiness-probe";

type CheckState = "ok" | "unavailable";

// One check per dependency at a time, shared by every probe that arrives meanwhile: a flood of
// probes costs one `select 1` in flight, and a hung database holds at most one connection.
const inFlight = new WeakMap<object, Promise<CheckState>>();

function check(key: object, run: () => Promise<unknown>): Promise<CheckState> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = run().then(
      () => "ok" as const,
      () => "unavailable" as const,
    );
    const settled = pending;
    void settled.then(() => {
      if (inFlight.get(key) === settled) inFlight.delete(key);
    });
    inFlight.set(key, pending);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => resolve("unavailable"), CHECK_TIMEOUT_MS);
    timer.unref?.();
  });
  return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
}

const readiness = z.object({
  status: z.enum(["ok", "degraded", "unavailable"]),
  database: z.enum(["ok", "unavailable"]),
  secondaryStorage: z.enum(["ok", "unavailable", "absent"]),
});

/**
 * GET /ready: readiness probe. 200 while the database answers, 503 DATABASE_UNAVAILABLE (with
 * Retry-After) while it does not. An unreachable secondary storage is reported but keeps the 200
 * (`degraded`): Gatehouse falls back to the database without it, and taking every instance out of
 * rotation because their shared Redis is down would turn a slowdown into an outage.
 */
export const readinessCheck = defineEndpoint(
  {
    method: "GET",
    path: "/ready",
    // Probes come every few seconds from the same load balancer address: a limit would mark a
    // healthy instance down. Concurrent probes share one check (above), so it stays cheap.
    rateLimit: false,
    openapi: {
      summary: "Readiness check",
      description:
        "Answers 200 while the database answers a `select 1` (each dependency is given 800 ms); 503 DATABASE_UNAVAILABLE with Retry-After while it does not. `secondaryStorage` is `absent` without one, and `unavailable` (status `degraded`, still 200) while it cannot be reached: requests then fall back to the database.",
      response: readiness,
      errors: [CORE_ERRORS.DATABASE_UNAVAILABLE],
    },
  },
  async (ctx) => {
    const { adapter, options } = ctx.auth;
    const storage = options.secondaryStorage;
    // An adapter without `ping` (the memory adapter) lives in the process: it is up when we are.
    const [database, secondaryStorage] = await Promise.all([
      adapter.ping ? check(adapter, () => adapter.ping!()) : ("ok" as const),
      storage ? check(storage, () => (storage.ping ? storage.ping() : storage.get(PROBE_KEY))) : ("absent" as const),
    ]);
    const body: z.infer<typeof readiness> = {
      status: database !== "ok" ? "unavailable" : secondaryStorage === "unavailable" ? "degraded" : "ok",
      database,
      secondaryStorage,
    };
    if (database === "ok") return body;
    const { code, message, status } = CORE_ERRORS.DATABASE_UNAVAILABLE;
    return new EndpointResponse(
      status,
      { code, message, ...body },
      { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
    );
  },
);
