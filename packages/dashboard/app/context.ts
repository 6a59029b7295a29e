import { createContext, useContext } from "react";
import type { Api } from "./api.js";
import type { Me } from "./types.js";

/** What every page needs: the API and who is looking (permissions, features). */
export interface DashboardContextValue {
  api: Api;
  me: Me;
}

/** Provided by `Dashboard` once /api/me has answered. */
export const DashboardContext = createContext<DashboardContextValue | null>(null);

/** The dashboard's API and the signed-in admin. */
export function useDashboard(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error("useDashboard needs <Dashboard>");
  return value;
}

/** True when `me` holds every action listed for `resource`. */
export function can(me: Me, resource: string, ...actions: string[]): boolean {
  const granted = me.permissions[resource] ?? [];
  return actions.every((a) => granted.includes(a));
}
