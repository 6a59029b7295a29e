import type { Endpoint, HookContext } from "@gatehouse-auth/core";

/** Where an endpoint carries the password it is about to set. */
export interface PasswordRoute {
  /** The body field holding the new password. */
  field: string;
  /** The password becomes the signed-in caller's own (so their name and email count as guessable). */
  forCaller?: boolean;
}

/**
 * Every endpoint that sets a password, by path: core's, the admin plugin's and the reset-by-code
 * plugins'. No core tag marks all of them (sign-up and admin routes are not `changes-password`), so
 * they are listed here, once; `test/password-routes-coverage.test.ts` fails when an installed
 * endpoint takes a new password that this table does not name.
 */
export const PASSWORD_ROUTES: Readonly<Record<string, PasswordRoute>> = {
  "/sign-up/email": { field: "password" },
  "/change-password": { field: "newPassword", forCaller: true },
  "/reset-password": { field: "newPassword" },
  "/set-password": { field: "newPassword", forCaller: true },
  "/admin/create-user": { field: "password" },
  "/admin/set-user-password": { field: "newPassword" },
  "/email-otp/reset-password": { field: "password" },
  "/phone-number/reset-password": { field: "newPassword" },
};

/** True when the endpoint sets a password: where the hook runs, and where the docs list its refusals. */
export function setsPassword(endpoint: Endpoint): boolean {
  return Object.hasOwn(PASSWORD_ROUTES, endpoint.config.path);
}

/** The route entry for the endpoint a hook runs around, if it sets a password. */
export function passwordRouteOf(ctx: HookContext): PasswordRoute | undefined {
  return setsPassword(ctx.endpoint) ? PASSWORD_ROUTES[ctx.endpoint.config.path] : undefined;
}

/** The new password in the validated body, or null when the request sets none (admin create-user without one). */
export function readNewPassword(ctx: HookContext, route: PasswordRoute): string | null {
  const body = ctx.body;
  if (typeof body !== "object" || body === null) return null;
  const value = (body as Record<string, unknown>)[route.field];
  return typeof value === "string" ? value : null;
}

/**
 * Words the person choosing the password is known to know, for the strength check: what the request
 * itself carries, plus the caller's own name and email when the password is theirs. Never a row the
 * caller has not proven access to (an admin route's target user): feedback naming it would leak it.
 */
export function guessableInputs(ctx: HookContext, route: PasswordRoute): string[] {
  const out = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v !== "string" || v.length === 0 || v.length > 256) return;
    out.add(v);
    const at = v.lastIndexOf("@");
    const local = at > 0 ? v.slice(0, at) : v;
    out.add(local);
    // "pat.smith+news" and "Pat Smith" hold words a guesser tries on their own.
    for (const word of local.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) out.add(word);
  };
  const body = ctx.body as Record<string, unknown> | null;
  if (body && typeof body === "object") for (const key of ["email", "name", "username", "phoneNumber"]) add(body[key]);
  if (route.forCaller && ctx.session) {
    add(ctx.session.user.email);
    add(ctx.session.user.name);
  }
  return [...out];
}
