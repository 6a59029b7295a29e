import { client } from "./auth-client.js";
import { navigate } from "./router.js";

const NEXT_KEY = "gatehouse-example.next";

/**
 * `raw` when it is a path of this app, else null: `?next=` comes from a URL anyone can craft, so
 * `//evil.example` or `https://…` must never become the place a fresh session is sent to.
 */
export function safeNext(raw: string | null | undefined): string | null {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  return raw;
}

/**
 * The path of `raw` when it is an absolute URL of this origin: servers name the page to return to as a
 * full URL (`?callbackURL=` from the dashboard's redirect to sign-in). Anything else is null.
 */
export function sameOriginPath(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.origin === location.origin ? safeNext(url.pathname + url.search + url.hash) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `?next=` (an invitation link, say) for after the sign-in, in this tab only: it has to survive a
 * detour through the second-factor page.
 */
export function rememberNext(raw: string | null | undefined): void {
  const next = safeNext(raw);
  if (next) sessionStorage.setItem(NEXT_KEY, next);
}

/** The remembered page to return to after sign-in, if any (not consumed). */
export function pendingNext(): string | null {
  return safeNext(sessionStorage.getItem(NEXT_KEY));
}

/** A sign-in answer held for the second factor. */
export function isTwoFactorRedirect(data: unknown): boolean {
  return (
    typeof data === "object" && data !== null && (data as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}

/**
 * What every sign-in does once it succeeded: a sign-in held for a second factor goes to its page (the
 * two-factor client plugin has already navigated there); otherwise the user's organization becomes
 * active if none is (a new session starts without one), and the user returns where they were headed.
 */
export async function afterSignIn(data: unknown): Promise<void> {
  if (isTwoFactorRedirect(data)) {
    navigate("/two-factor");
    return;
  }
  await activateAnOrganization();
  const next = pendingNext();
  sessionStorage.removeItem(NEXT_KEY);
  // Pages the auth server serves (the admin dashboard) are not routes of this app: a full page load.
  if (next?.startsWith("/api/")) location.assign(next);
  else navigate(next ?? "/");
}

/** Makes the user's first organization active when the session has none. Best effort: never blocks. */
async function activateAnOrganization(): Promise<void> {
  const session = await client.getSession();
  const active = (session.data?.session as { activeOrganizationId?: string | null } | undefined)?.activeOrganizationId;
  if (!session.data || active) return;
  const orgs = await client.organization.list();
  const first = orgs.data?.[0];
  if (first) await client.organization.setActive({ organizationId: first.id });
}
