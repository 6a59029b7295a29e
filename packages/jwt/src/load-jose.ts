/** The `jose` module namespace. */
export type Jose = typeof import("jose");

let jose: Promise<Jose> | undefined;

/**
 * `jose`, imported on first use and shared by every caller after (concurrent first callers get the
 * one promise). It is ~46 modules and only signing and key generation need it, so a server must not
 * pay for it at start-up (issue 19).
 */
export function loadJose(): Promise<Jose> {
  jose ??= import("jose");
  return jose;
}
