import { useMemo } from "react";
import { createApi } from "./api.js";
import { ErrorNotice } from "./components/ErrorNotice.js";
import { Loading } from "./components/Status.js";
import { DashboardContext, type DashboardContextValue } from "./context.js";
import { Layout } from "./Layout.js";
import { loadMe } from "./load-me.js";
import type { Me } from "./types.js";
import { type Resource, useResource } from "./use-resource.js";

/** Props of {@link Dashboard}. */
export interface DashboardProps {
  /** The auth base path, e.g. `/api/auth`. */
  basePath: string;
  /** The dashboard plugin's path under it, e.g. `/dashboard`. */
  dashboardPath: string;
  /**
   * Light or dark whatever the system's `prefers-color-scheme` (set as `data-theme` on the `.gh-dash`
   * root, which wins over the media query); `"system"` (the default) follows the system.
   */
  theme?: DashboardTheme;
}

/** The dashboard's colour scheme: forced light or dark, or the system's. */
export type DashboardTheme = "light" | "dark" | "system";

/**
 * The admin dashboard: asks /api/me who is looking, then shows the sections that admin may use.
 * Embeddable in any React page of the same origin (it only needs the session cookie).
 */
export function Dashboard({ basePath, dashboardPath, theme = "system" }: DashboardProps) {
  const api = useMemo(() => createApi(basePath, dashboardPath), [basePath, dashboardPath]);
  const me = useResource((signal) => loadMe(api, signal), [api]);
  const value = useMemo(() => (me.data ? { api, me: me.data } : null), [api, me.data]);
  return (
    <div className="gh-dash" data-theme={theme === "light" || theme === "dark" ? theme : undefined}>
      <Body me={me} value={value} />
    </div>
  );
}

/** The gate while /api/me answers (or fails), then the layout. */
function Body({ me, value }: { me: Resource<Me>; value: DashboardContextValue | null }) {
  if (me.error)
    return (
      <main className="gate">
        <h1>Gatehouse dashboard</h1>
        <ErrorNotice error={me.error} />
        <p>
          {me.error.code === "UNAUTHORIZED"
            ? "Your session has ended. Sign in again, then reload this page."
            : "The dashboard could not load."}
        </p>
        <button type="button" className="button" onClick={me.reload}>
          Retry
        </button>
      </main>
    );
  if (!value)
    return (
      <main className="gate">
        <Loading label="Loading the dashboard…" />
      </main>
    );
  return (
    <DashboardContext.Provider value={value}>
      <Layout />
    </DashboardContext.Provider>
  );
}
