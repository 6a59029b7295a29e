/** Whole seconds until a window that started at `windowStart` ends; never below 1. */
export function retryAfter(windowStart: number, rule: { window: number }, now: number): number {
  return Math.max(1, Math.ceil((windowStart + rule.window * 1000 - now) / 1000));
}
