import { z } from "zod";

/**
 * The longest duration the plugin accepts, in seconds: 100 years. Far beyond any real ban or session,
 * and far inside what a Date can hold — `now + seconds * 1000` past year 275760 is an Invalid Date.
 */
export const MAX_DURATION_SECONDS = 100 * 365 * 24 * 3600;

/** A duration in whole seconds, 1 to MAX_DURATION_SECONDS; anything else is a 400 VALIDATION_ERROR. */
export const durationSeconds = z.number().int().positive().max(MAX_DURATION_SECONDS);

/** Whether `value` is a duration `durationSeconds` would accept (for options, checked at startup). */
export function isDurationSeconds(value: number): boolean {
  return durationSeconds.safeParse(value).success;
}
