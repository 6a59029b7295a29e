import { z } from "zod";

/** `{ resource: [actions] }`. */
export const permissionsInput = z.record(z.string().min(1), z.array(z.string().min(1)));

/** A display name. */
export const nameInput = z.string().trim().min(1).max(64);

/** Seconds from now; null for no expiry. */
export const expiresInInput = z.number().int().positive().nullable();

/** Free-form data the owner keeps with a key. */
export const metadataInput = z.record(z.string(), z.unknown());

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

const count = z.number().int().nonnegative();
const positive = z.number().int().positive();

/** Zod shapes of the server-only fields; `nullable` ones may be cleared by update. */
export const serverOnlyInput = {
  remaining: count.nullable().optional(),
  refillAmount: positive.nullable().optional(),
  refillInterval: positive.nullable().optional(),
  rateLimitEnabled: z.boolean().optional(),
  rateLimitTimeWindow: positive.nullable().optional(),
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
