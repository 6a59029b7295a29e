import { can } from "./context.js";
import type { Me } from "./types.js";

/** One section of the dashboard: its hash path, label, and whether this admin may see it. */
export interface Section {
  path: string;
  label: string;
  visible: (me: Me) => boolean;
}

/** The sidebar, in order. A section whose plugin is off or whose list permission is missing is hidden. */
export const SECTIONS: Section[] = [
  { path: "overview", label: "Overview", visible: () => true },
  { path: "users", label: "Users", visible: (me) => can(me, "user", "list") },
  {
    path: "organizations",
    label: "Organizations",
    visible: (me) => me.features.organization && can(me, "organization", "list"),
  },
  { path: "api-keys", label: "API keys", visible: (me) => me.features.apiKey && can(me, "apiKey", "list") },
  { path: "audit-log", label: "Audit log", visible: (me) => me.features.auditLog && can(me, "auditLog", "list") },
  // Shown when the provider's admin API lets this user in (it checks its own adminRoles): see loadMe.
  { path: "oauth-clients", label: "OAuth clients", visible: (me) => me.oauthClients === true },
  // The sso plugin's connections (organization: get, as an organization's page); activity needs the audit log.
  { path: "sso", label: "SSO", visible: (me) => me.features.sso === true && can(me, "organization", "get") },
];
