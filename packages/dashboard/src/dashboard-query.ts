import { z } from "zod";

/** Largest page any dashboard listing answers; every query the dashboard makes is bounded by it. */
export const MAX_PAGE_SIZE = 200;

/** An id as a query or body field: the length every adapter's id column holds. */
export const idField = z.string().min(1).max(255);

/** `limit` (1..MAX_PAGE_SIZE, default 50) and `offset` (0..1,000,000): numbers only, else a 400. */
export const pageFields = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

/** A Date (or what the adapter returned for one) as an ISO string; null stays null. */
export function isoDate(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A text column's value, or null. */
export function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}
