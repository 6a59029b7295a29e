import { isStorableJson, jsonObjectInput } from "@gatehouse-auth/core";
import { z } from "zod";

/** `{ resource: [actions] }`, stored as JSON: bounded like any JSON field. */
export const permissionsInput = z
  .record(z.string().min(1), z.array(z.string().min(1)))
  .refine(isStorableJson, "Too large to store");

/** A display name. */
export const nameInput = z.string().trim().min(1).max(64);

/**
 * The longest duration accepted, in seconds: 100 years. Far beyond any real key lifetime or window, and
 * far inside what a Date can hold — `now + seconds * 1000` past year 275760 is an Invalid Date (a 500).
 */
export const MAX_DURATION_SECONDS = 100 * 365 * 24 * 3600;

/** Whole seconds, 1 to MAX_DURATION_SECONDS; anything else is a 400 VALIDATION_ERROR. */
const duration = z.number().int().positive().max(MAX_DURATION_SECONDS);

/** Whether `value` is a duration the routes would accept (for options, checked at startup). */
export function isDurationSeconds(value: number): boolean {
  return duration.safeParse(value).success;
}

/** Seconds from now; null for no expiry. */
export const expiresInInput = duration.nullable();

/** Free-form data the owner keeps with a key: any JSON object that fits the column (size and depth capped). */
export const metadataInput = jsonObjectInput();

/** Fields only a server-side call may set: usage and rate limits and permissions widen what a key can do. */
export const SERVER_ONLY_FIELDS = [
  "remaining",
  "refillAmount",
  "refillInterval",
  "rateLimitEnabled",
  "rateLimitTimeWindow",
  "rateLimitMax",
  "permissions",
] as const;

// Counts: zod's int() already stops at the largest safe integer, where counting down stays exact.
const count = z.number().int().nonnegative();
const positive = z.number().int().positive();

/** Zod shapes of the server-only fields; `nullable` ones may be cleared by update. */
export const serverOnlyInput = {
  remaining: count.nullable().optional(),
  refillAmount: positive.nullable().optional(),
  refillInterval: duration.nullable().optional(),
  rateLimitEnabled: z.boolean().optional(),
  rateLimitTimeWindow: duration.nullable().optional(),
  rateLimitMax: positive.nullable().optional(),
  permissions: permissionsInput.nullable().optional(),
};

/** A refill needs both how much and how often; giving one alone is a validation error. */
export const refillTogether = {
  check: (b: { refillAmount?: number | null; refillInterval?: number | null }) =>
    (b.refillAmount === undefined) === (b.refillInterval === undefined) &&
    (b.refillAmount === null) === (b.refillInterval === null),
  message: { message: "refillAmount and refillInterval go together", path: ["refillAmount"] },
};
