/**
 * @gatehouse-auth/dashboard/react — the dashboard as a React component, for an app that shows it inside its
 * own pages (same origin as the auth server: it calls the API with the session cookie). It routes with
 * the URL hash (`#/users/…`) and its styles are scoped under `.gh-dash`: import
 * `@gatehouse-auth/dashboard/dashboard.css` once as well.
 */
export { Dashboard, type DashboardProps, type DashboardTheme } from "../app/Dashboard.js";
