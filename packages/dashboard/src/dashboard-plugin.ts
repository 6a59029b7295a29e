import { definePlugin } from "@gatehouse-auth/core";
import { DASHBOARD_ERRORS } from "./dashboard-errors.js";
import { DASHBOARD_OPTION_KEYS, type DashboardOptions, resolveDashboardOptions } from "./dashboard-options.js";
import { createBuildLoader } from "./load-dashboard-build.js";
import { dashboardAsset } from "./routes/dashboard-asset.js";
import { dashboardPage } from "./routes/dashboard-page.js";
import { deleteApiKey } from "./routes/delete-api-key.js";
import { getMe } from "./routes/get-me.js";
import { getOrganization } from "./routes/get-organization.js";
import { getOverview } from "./routes/get-overview.js";
import { getUserDetail } from "./routes/get-user-detail.js";
import { getUserNames } from "./routes/get-user-names.js";
import { listApiKeys } from "./routes/list-api-keys.js";
import { listSsoConnections } from "./routes/list-sso-connections.js";
import { listOrganizations } from "./routes/list-organizations.js";

/**
 * The dashboard plugin: a self-hosted admin UI (users, organizations, API keys, audit log) served under
 * the auth base path, same-origin only, for holders of `dashboard: ["view"]`. It reads the other plugins'
 * tables through the adapter and depends on none of them; the browser app calls the admin and audit-log
 * endpoints directly for everything else.
 */
export const dashboard = (options: DashboardOptions = {}) => {
  const o = resolveDashboardOptions(options);
  const loadBuild = createBuildLoader(o.assetsDir);
  return definePlugin({
    id: "dashboard",
    // A misspelt option (adminUserId) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: DASHBOARD_OPTION_KEYS },
    errors: DASHBOARD_ERRORS,
    endpoints: {
      dashboardPage: dashboardPage(o, loadBuild),
      dashboardAsset: dashboardAsset(o, loadBuild),
      dashboardMe: getMe(o),
      dashboardOverview: getOverview(o),
      dashboardUserDetail: getUserDetail(o),
      dashboardUserNames: getUserNames(o),
      dashboardListOrganizations: listOrganizations(o),
      dashboardGetOrganization: getOrganization(o),
      dashboardListApiKeys: listApiKeys(o),
      dashboardDeleteApiKey: deleteApiKey(o),
      dashboardListSsoConnections: listSsoConnections(o),
    },
  });
};
