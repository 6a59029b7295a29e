import type { RouteEntry } from "@gatehouse/core/routes";

/** What a plugin adds to the client: its routes table (and later, its own stores). */
export interface ClientPlugin {
  id: string;
  /** Call path (`organization.createTeam`) → method, path and the stores a success invalidates. */
  routes?: Record<string, RouteEntry>;
}
