import type { ReactNode } from "react";
import { useGatehouseUI } from "./gatehouse-ui.js";

/** Renders its children only while someone is signed in (nothing while the session loads). */
export function SignedIn({ children }: { children?: ReactNode }) {
  const { data, isPending } = useGatehouseUI().client.useSession();
  return !isPending && data ? children : null;
}

/** Renders its children only once it is known that no one is signed in. */
export function SignedOut({ children }: { children?: ReactNode }) {
  const { data, isPending } = useGatehouseUI().client.useSession();
  return !isPending && !data ? children : null;
}

/**
 * Renders its children when the signed-in user has one of `roles` (the admin plugin's `user.role`, a
 * comma-separated list), else `fallback`. A convenience for what to show, never a security check:
 * the server enforces every permission itself.
 */
export function RequireRole({
  roles,
  fallback = null,
  children,
}: {
  roles: string | string[];
  fallback?: ReactNode;
  children?: ReactNode;
}) {
  const { data, isPending } = useGatehouseUI().client.useSession();
  if (isPending) return null;
  const wanted = Array.isArray(roles) ? roles : [roles];
  const has = (data?.user.role ?? "")
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
  return wanted.some((r) => has.includes(r)) ? children : fallback;
}
