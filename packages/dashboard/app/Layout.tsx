import { useEffect, useRef } from "react";
import { can, useDashboard } from "./context.js";
import { safeAppUrl } from "./format.js";
import { SECTIONS } from "./nav.js";
import { ApiKeys } from "./pages/ApiKeys.js";
import { AuditLog } from "./pages/AuditLog.js";
import { Impersonating } from "./pages/Impersonating.js";
import { OAuthClientDetailPage, OAuthClients } from "./pages/OAuthClients.js";
import { SsoConnections } from "./pages/SsoConnections.js";
import { OrganizationDetailPage } from "./pages/OrganizationDetailPage.js";
import { Organizations } from "./pages/Organizations.js";
import { Overview } from "./pages/Overview.js";
import { UserDetailPage } from "./pages/UserDetailPage.js";
import { Users } from "./pages/Users.js";
import { parseHash, type Route, useHash } from "./route.js";
import type { Me } from "./types.js";

function NotFound() {
  return (
    <section>
      <h1>Not found</h1>
      <p>
        This page does not exist, or you may not open it. <a href="#/overview">Back to the overview</a>.
      </p>
    </section>
  );
}

/** The page for a route, or NotFound when it is unknown or not granted. */
function pageFor(route: Route, me: Me) {
  if (me.impersonating) return <Impersonating />;
  const [section = "overview", id] = route.segments;
  const visible = SECTIONS.find((s) => s.path === section)?.visible(me) ?? false;
  if (section === "overview" && !id) return <Overview />;
  if (section === "users" && id) return can(me, "user", "get") ? <UserDetailPage id={id} /> : <NotFound />;
  if (section === "organizations" && id)
    return me.features.organization && can(me, "organization", "get") ? (
      <OrganizationDetailPage id={id} />
    ) : (
      <NotFound />
    );
  if (section === "oauth-clients" && id) return visible ? <OAuthClientDetailPage id={id} /> : <NotFound />;
  if (!visible || id) return <NotFound />;
  if (section === "users") return <Users params={route.params} />;
  if (section === "organizations") return <Organizations params={route.params} />;
  if (section === "api-keys") return <ApiKeys params={route.params} />;
  if (section === "audit-log") return <AuditLog params={route.params} />;
  if (section === "oauth-clients") return <OAuthClients params={route.params} />;
  if (section === "sso") return <SsoConnections params={route.params} />;
  return <NotFound />;
}

/** Sidebar, top bar and the current page. */
export function Layout() {
  const { me } = useDashboard();
  const hash = useHash();
  const route = parseHash(hash);
  const current = route.segments[0] ?? "overview";
  const mainRef = useRef<HTMLElement>(null);
  // A new view moves focus to its content, as a page load would, so keyboard and screen reader users
  // are not left on the sidebar link.
  const view = route.segments.join("/");
  useEffect(() => {
    if (view) mainRef.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [view]);
  return (
    <div className="app">
      <button type="button" className="skip-link" onClick={() => mainRef.current?.focus()}>
        Skip to content
      </button>
      <aside className="sidebar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            G
          </span>
          <span>
            Gatehouse <span className="brand-sub">Admin</span>
          </span>
        </div>
        <nav aria-label="Dashboard">
          <ul>
            {SECTIONS.filter((s) => !me.impersonating && s.visible(me)).map((s) => (
              <li key={s.path}>
                <a href={`#/${s.path}`} aria-current={current === s.path ? "page" : undefined}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar-foot">
          <a className="back-link" href={safeAppUrl(me.appUrl)}>
            ← Back to the app
          </a>
        </div>
      </aside>
      <div className="content">
        <header className="topbar">
          {me.impersonating && <span className="badge warn">Impersonating</span>}
          <span className="who">
            Signed in as <strong>{me.user.name || me.user.email}</strong> <span className="muted">{me.user.email}</span>
          </span>
        </header>
        <main id="main" ref={mainRef} tabIndex={-1}>
          {pageFor(route, me)}
        </main>
      </div>
    </div>
  );
}
